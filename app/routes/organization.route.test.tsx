import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { actorOf } from "#server/services/context.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./organization.tsx";

// /organizations/{slug} as a visitor sees it (issue 31): a verified organization's name with its
// badge, the members who chose to be listed (nobody else), and the reviews it has written of
// listed consultants (not a hidden one, nor another organization's).

const harness = routeHarness();

describe("/organizations/{slug}", () => {
  it("shows the badge, the listed members only, and the reviews the organization has written", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const listed = await harness.signIn({ name: "Ann Lertpanya" });
    const organization = await createOrganization(harness.deps, actorOf(owner), {
      name: "Mekong Water Alliance",
      kind: "ngo",
      country: "TH",
      website: "https://mekong-water.example",
      description: 'River basins <img src="x" onerror="alert(1)"> and <b>rural</b> water supply.',
    });
    const other = await createOrganization(harness.deps, actorOf(listed), { name: "Other Alliance", kind: "ngo", country: "LA" });
    const { sql } = harness.database;
    await sql`update organizations set verified_at = now(), verification_method = 'admin' where id in (${organization.id}, ${other.id})`;
    await sql`insert into organization_members (organization_id, user_id, role, is_listed)
      values (${organization.id}, ${listed.user.id}, 'member', true)`;
    const reviewed = await insertListedConsultant(harness.database.db, { name: "Khamla Vongsa" });
    const hiddenOne = await insertListedConsultant(harness.database.db, { name: "Bounmy Hidden" });
    const elsewhere = await insertListedConsultant(harness.database.db, { name: "Sophea Elsewhere" });
    await sql`insert into reviews (consultant_id, reviewer_id, score, body, engagement, organization_id, hidden_at) values
      (${reviewed}, ${listed.user.id}, 9, 'A careful groundwater survey, delivered on time.', 'Evaluation or review', ${organization.id}, null),
      (${hiddenOne}, ${listed.user.id}, 2, 'A review an admin hid from everyone.', 'Evaluation or review', ${organization.id}, now()),
      (${elsewhere}, ${listed.user.id}, 8, 'Written for the other organization.', 'Evaluation or review', ${other.id}, null)`;

    const view = renderRoute(page, {
      path: "/organizations/:slug",
      url: `/organizations/${organization.slug}`,
      context: appContextOf(harness.deps, null),
    });
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Mekong Water AllianceVerified organization");
    // What the organization wrote is text, never markup.
    expect(await screen.findByText('River basins <img src="x" onerror="alert(1)"> and <b>rural</b> water supply.')).toBeTruthy();
    expect(document.querySelector('img[src="x"], b')).toBeNull();

    const members = (await screen.findByRole("heading", { name: "Members" })).closest("section") as HTMLElement;
    expect(members.textContent).toContain("Ann Lertpanya");
    expect(members.textContent).not.toContain("Ploy Srisuk");

    const written = (await screen.findByRole("heading", { name: "Reviews it has written" })).closest("section") as HTMLElement;
    const review = within(written).getByRole("article", { name: "Review of Khamla Vongsa" });
    expect(review.textContent).toContain("A careful groundwater survey, delivered on time.");
    expect(review.textContent).toContain("By Ann Lertpanya");
    expect(within(review).getByRole("link", { name: "Khamla Vongsa" }).getAttribute("href")).toBe(`/consultant/${reviewed}`);
    expect(within(written).getAllByRole("article")).toHaveLength(1);
    expect(written.textContent).not.toContain("hid from everyone");
    expect(written.textContent).not.toContain("other organization");
    view.unmount();
  });
});
