import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { actorOf } from "#server/services/context.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import type { CurrentSession } from "#server/services/sessions.ts";
import { putShortlistEntry } from "#server/services/shortlists/entries.ts";
import { createShortlist } from "#server/services/shortlists/shortlists.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./home.tsx";

// The home page as a route module: the real search on PostgreSQL behind the loader, the results
// and the stats it shows, and a new search from the form (a client navigation, the loader again).

const harness = routeHarness();
let dewi: number;
beforeAll(async () => {
  const db = harness.database.db;
  dewi = await insertListedConsultant(db, { name: "Dewi Hydrogeologist", title: "Hydrogeologist", country: "Indonesia" });
  await insertListedConsultant(db, {
    name: "Malee Midwife",
    title: "Midwifery Educator",
    country: "Thailand",
    bio: "ครูผดุงครรภ์ สอนในวิทยาลัยพยาบาลภาคเหนือ",
    profileLanguage: "th",
  });
  await insertListedConsultant(db, { name: "Hidden Person", title: "Hydrogeologist", status: "pending" });
});

function open(url: string, session: CurrentSession | null = null) {
  return renderRoute(page, { path: "/", url, context: appContextOf(harness.deps, session) });
}

/** Which of the test's consultants the results show. */
const cardNames = () =>
  ["Dewi Hydrogeologist", "Malee Midwife", "Hidden Person"].filter((name) => screen.queryAllByText(name).length > 0);

describe("the home page", () => {
  it("lists the approved consultants, never a pending one", async () => {
    const view = open("/");
    await waitFor(() => expect(cardNames().sort()).toEqual(["Dewi Hydrogeologist", "Malee Midwife"]));
    expect(screen.queryByText("Hidden Person")).toBeNull();
    view.unmount();
  });

  it("marks a card's bio and title with the profile's stated language (issue 37), and nothing when it is not stated", async () => {
    const view = open("/");
    const bio = await screen.findByText("ครูผดุงครรภ์ สอนในวิทยาลัยพยาบาลภาคเหนือ");
    expect(bio.getAttribute("lang")).toBe("th");
    expect(screen.getByText("Midwifery Educator").getAttribute("lang")).toBe("th");
    const dewiCard = screen.getByText("Dewi Hydrogeologist").closest("article");
    expect(dewiCard?.querySelector("[lang]")).toBeNull();
    view.unmount();
  });

  it("shows what a keyword from the address finds", async () => {
    const view = open("/?keywords=hydrogeologist");
    await waitFor(() => expect(cardNames()).toEqual(["Dewi Hydrogeologist"]));
    view.unmount();
  });

  it("says, when the filters leave nothing, which to remove and how many each removal shows, as links (issue 33)", async () => {
    const db = harness.database.db;
    for (const [name, country, availableForWork] of [
      ["Bao Borehole", "Vietnam", false],
      ["Ly Borehole", "Vietnam", false],
      ["Sok Borehole", "Cambodia", true],
    ] as const)
      await insertListedConsultant(db, { name, title: "Borehole Driller", country, location: country, availableForWork });
    const view = open("/?keywords=borehole&location=Vietnam&availability=available");
    await screen.findByText("No consultants found matching your criteria.");
    const linkTo = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(linkTo("Remove ‘Available for work’ to see 2")).toBe("/?keywords=borehole&location=Vietnam");
    expect(linkTo("Remove ‘Vietnam’ to see 1")).toBe("/?keywords=borehole&availability=available");
    view.unmount();
  });

  it("searches again from the form: the loader runs with the new keywords", async () => {
    const view = open("/");
    await screen.findByText("Malee Midwife");
    fireEvent.change(screen.getByLabelText("Keywords"), { target: { value: "midwifery" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(cardNames()).toEqual(["Malee Midwife"]));
    view.unmount();
  });

  it("leaves out, for a member of an organization, the profiles hidden from it (issue 31); for anyone else they stay", async () => {
    const { sql } = harness.database;
    const member = await harness.signIn({ name: "Budi Member" });
    const [organization] = await sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country, created_by)
      values ('mekong-water-partners', 'Mekong Water Partners', 'ngo', 'TH', ${member.user.id}) returning id`;
    await sql`insert into organization_members (organization_id, user_id, role) values (${organization?.id ?? 0}, ${member.user.id}, 'owner')`;
    await sql`insert into consultant_hidden_from (consultant_id, organization_id) values (${dewi}, ${organization?.id ?? 0})`;
    const theirs = open("/?keywords=hydrogeologist", member);
    expect(await screen.findByText("No consultants found matching your criteria.")).toBeTruthy();
    expect(screen.queryByText("Dewi Hydrogeologist")).toBeNull();
    theirs.unmount();
    const stranger = open("/?keywords=hydrogeologist", await harness.signIn({ name: "Citra Stranger" }));
    await waitFor(() => expect(cardNames()).toEqual(["Dewi Hydrogeologist"]));
    stranger.unmount();
  });

  it("marks, for a signed-in person, the cards already on one of their lists, and the bookmark comes back to the card (issue 36)", async () => {
    const somsak = await insertListedConsultant(harness.database.db, { name: "Somsak Saved", title: "Hydrogeologist" });
    const other = await insertListedConsultant(harness.database.db, { name: "Sunee Unsaved", title: "Hydrogeologist" });
    const owner = await harness.signIn({ name: "Nadia Owner" });
    const list = await createShortlist(harness.deps, actorOf(owner), { name: "Delta WASH team" });
    await putShortlistEntry(harness.deps, actorOf(owner), { id: list.id, consultantId: somsak, body: {} });

    const mine = open("/?keywords=hydrogeologist", owner);
    const saved = await screen.findByRole("link", { name: "Saved: add Somsak Saved to another shortlist" });
    expect(saved.textContent).toBe("Saved");
    const unsaved = screen.getByRole("link", { name: "Save Sunee Unsaved to a shortlist" });
    expect(unsaved.textContent).toBe("");
    // Saving returns to the card: the results' address with the card's id as its fragment.
    const back = new URL(unsaved.getAttribute("href") ?? "", "http://x").searchParams.get("back");
    expect(back).toBe(`/?keywords=hydrogeologist#consultant-${other}`);
    expect(document.getElementById(`consultant-${other}`)?.textContent).toContain("Sunee Unsaved");
    mine.unmount();

    // Someone else, and a visitor, see no saved card.
    for (const session of [await harness.signIn({ name: "Other Person" }), null]) {
      const theirs = open("/?keywords=hydrogeologist", session);
      await screen.findByRole("link", { name: "Save Somsak Saved to a shortlist" });
      expect(screen.queryAllByText("Saved")).toEqual([]);
      theirs.unmount();
    }
  });

  it("marks a card saved on a team list of the person's organization for every member, and for nobody outside it", async () => {
    const kept = await insertListedConsultant(harness.database.db, { name: "Kanya Kept", title: "Glaciologist" });
    const owner = await harness.signIn({ name: "Arun Owner" });
    const organization = await createOrganization(harness.deps, actorOf(owner), {
      name: "Himalaya Water Trust",
      kind: "ngo",
      country: "NP",
    });
    const colleague = await harness.signIn({ name: "Bina Colleague" });
    await harness.database
      .sql`insert into organization_members (organization_id, user_id, role) values (${organization.id}, ${colleague.user.id}, 'member')`;
    const team = await createShortlist(harness.deps, actorOf(owner), { name: "Glacier team", organizationId: organization.id });
    await putShortlistEntry(harness.deps, actorOf(owner), { id: team.id, consultantId: kept, body: {} });

    // The colleague saved nothing themselves: the team list is theirs too.
    const theirs = open("/?keywords=glaciologist", colleague);
    expect((await screen.findByRole("link", { name: "Saved: add Kanya Kept to another shortlist" })).textContent).toBe("Saved");
    theirs.unmount();
    const outsider = open("/?keywords=glaciologist", await harness.signIn({ name: "Chai Outsider" }));
    await screen.findByRole("link", { name: "Save Kanya Kept to a shortlist" });
    expect(screen.queryAllByText("Saved")).toEqual([]);
    outsider.unmount();
  });
});
