import { screen } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { INTEREST_TEXTS } from "#common/opportunities.ts";
import { consultants, opportunityInterests } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { expressInterest, myInterestIn } from "#server/services/opportunities/interests.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { publishedOpportunityOf, verifiedOrganizationOf } from "../../tests/setup/opportunity-applicants.ts";
import { appContextOf, postAction, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./opportunity.tsx";

// The opportunity page's "Express interest" (issue 32), tried as a consultant (session 12): a
// signed-in visitor whose profile is not listed (none yet, or awaiting approval) filled in the
// whole form, and only the send said a listed profile is needed.

const harness = routeHarness();

async function publishedOpportunity() {
  const owner = await harness.signIn({ name: "Ploy Srisuk" });
  const organization = await verifiedOrganizationOf(harness, owner, "Mekong Water Trust");
  return (await publishedOpportunityOf(harness, owner, organization.id)).path;
}

function open(url: string, session: Awaited<ReturnType<typeof harness.signIn>>) {
  return renderRoute(page, {
    path: "/opportunities/:opportunity",
    url,
    context: appContextOf(harness.deps, session),
  });
}

describe("Express interest on an opportunity's page", () => {
  it("tells a visitor without a listed profile what is needed, before any form; a listed consultant gets the form", async () => {
    const url = await publishedOpportunity();

    const newcomer = await harness.signIn({ name: "Dewi Lestari" });
    const first = open(url, newcomer);
    const notice = await screen.findByTestId("interest-needs-profile");
    expect(notice.textContent).toContain("You need a listed consultant profile to express interest.");
    expect(screen.getByRole("link", { name: "Create or check your profile" }).getAttribute("href")).toBe(
      "/my-consultant-profile",
    );
    // No interest form to fill in: its note is not there.
    expect(document.querySelector('textarea[name="note"]')).toBeNull();
    first.unmount();

    // A profile awaiting approval is not listed either.
    const waiting = await harness.signIn({ name: "Nguyen Thi Mai" });
    const id = await insertListedConsultant(harness.database.db, { userId: waiting.user.id, name: "Nguyen Thi Mai" });
    await harness.database.db.update(consultants).set({ status: "pending" }).where(eq(consultants.id, id));
    const second = open(url, waiting);
    expect(await screen.findByTestId("interest-needs-profile")).toBeTruthy();
    second.unmount();

    const listed = await harness.signIn({ name: "Somchai Phan" });
    await insertListedConsultant(harness.database.db, { userId: listed.user.id, name: "Somchai Phan" });
    const third = open(url, listed);
    expect(await screen.findByRole("heading", { name: "Express interest" })).toBeTruthy();
    expect(screen.queryByTestId("interest-needs-profile")).toBeNull();
    expect(document.querySelector('textarea[name="note"]')).toBeTruthy();
    third.unmount();
  });

  it("lets the consultant change the interest sent (note, availability, rate) until the deadline, keeping its stage", async () => {
    const url = await publishedOpportunity();
    const segment = url.replace("/opportunities/", "");
    const id = Number.parseInt(segment, 10);
    const lan = await harness.signIn({ name: "Lan Nguyen" });
    await insertListedConsultant(harness.database.db, { userId: lan.user.id, name: "Lan Nguyen" });
    const note = "I led the mid-term evaluation of a rural water programme in the Mekong delta for ADB in 2024.";
    await expressInterest(harness.deps, actorOf(lan), {
      id,
      body: { note, availableFrom: "2027-03-01", dailyRate: 450, dailyRateCurrency: "USD" },
    });
    // The organization has moved it on: changing it must not send it back to "new".
    await harness.database.db
      .update(opportunityInterests)
      .set({ stage: "interview" })
      .where(eq(opportunityInterests.opportunityId, id));

    // The page offers the change, filled in with what was sent (a plain form: no JavaScript needed).
    const view = open(url, lan);
    expect(await screen.findByText("Change my interest")).toBeTruthy();
    const form = document.querySelector('input[name="intent"][value="edit-interest"]')?.closest("form");
    expect(form?.querySelector("textarea")?.value).toBe(note);
    expect((form?.querySelector('input[name="dailyRate"]') as HTMLInputElement | null)?.value).toBe("450");
    view.unmount();

    const change = (fields: Record<string, string>) =>
      postAction<FormAnswer>(page, {
        url,
        context: appContextOf(harness.deps, lan),
        params: { opportunity: segment },
        fields: { intent: "edit-interest", dailyRateCurrency: "USD", ...fields },
      });
    const short = await change({ note: "Available earlier.", availableFrom: "", dailyRate: "" });
    expect(short.init.status).toBe(400);
    expect(JSON.stringify(short.data)).toContain(INTEREST_TEXTS.note);
    const longer = `${note} I can start in February.`;
    const saved = (await change({ note: longer, availableFrom: "2027-02-01", dailyRate: "" })) as unknown as Response;
    expect(saved.status).toBe(302);
    expect(await myInterestIn(harness.database, actorOf(lan), id)).toMatchObject({
      note: longer,
      availableFrom: "2027-02-01",
      dailyRate: null,
      stage: "interview",
    });
  });
});
