import { screen } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultants, organizations } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { createOpportunity, publishOpportunity } from "#server/services/opportunities/opportunities.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { inDays } from "../../tests/setup/opportunities.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./opportunity.tsx";

// The opportunity page's "Express interest" (issue 32), tried as a consultant (session 12): a
// signed-in visitor whose profile is not listed (none yet, or awaiting approval) filled in the
// whole form, and only the send said a listed profile is needed.

const harness = routeHarness();

async function publishedOpportunity() {
  const owner = await harness.signIn({ name: "Ploy Srisuk" });
  const organization = await createOrganization(harness.deps, actorOf(owner), {
    name: "Mekong Water Trust",
    kind: "ngo",
    country: "TH",
  });
  // Verified: its opportunities publish at once (an unverified one's wait for an admin).
  await harness.database.db
    .update(organizations)
    .set({ verifiedAt: new Date(), verificationMethod: "admin" })
    .where(eq(organizations.id, organization.id));
  const posted = await createOpportunity(harness.deps, actorOf(owner), {
    organizationId: organization.id,
    title: "Evaluation of a rural water programme",
    description: "Evaluate the programme's work with the provinces and report to its board.",
    specializations: ["Infrastructure"],
    countries: ["Laos"],
    duration: { value: 3, unit: "months" },
    deadline: inDays(30),
  });
  const published = await publishOpportunity(harness.deps, actorOf(owner), posted.id);
  return `/opportunities/${published.path.split("/").pop() ?? ""}`;
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
