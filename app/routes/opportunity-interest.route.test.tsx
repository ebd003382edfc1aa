import { screen } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultants } from "#server/db/schema.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { publishedOpportunityOf, verifiedOrganizationOf } from "../../tests/setup/opportunity-applicants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
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
});
