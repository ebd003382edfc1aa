import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { actorOf } from "#server/services/context.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { putShortlistEntry } from "#server/services/shortlists/entries.ts";
import { createShortlist, shareShortlist } from "#server/services/shortlists/shortlists.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./shortlist-shared.tsx";

// /shortlists/shared/{token} as a route module, seen by a visitor: a personal list says who shared
// it by display name (issue 36), never by e-mail address; a team list by its organization.

const harness = routeHarness();

describe("/shortlists/shared/{token}", () => {
  it("says who shared a personal list by their name, never their address", async () => {
    const owner = await harness.signIn({ name: "Nadia Rahman" });
    const consultantId = await insertListedConsultant(harness.database.db, {
      name: "Somchai Phan",
      title: "Chuyên gia cấp nước",
      profileLanguage: "vi",
    });
    const list = await createShortlist(harness.deps, actorOf(owner), { name: "Delta WASH review" });
    await putShortlistEntry(harness.deps, actorOf(owner), { id: list.id, consultantId, body: {} });
    const notStated = await insertListedConsultant(harness.database.db, { name: "Lan Tran", title: "Water Engineer" });
    await putShortlistEntry(harness.deps, actorOf(owner), { id: list.id, consultantId: notStated, body: {} });
    const { token } = await shareShortlist(harness.deps, actorOf(owner), list.id);

    const view = renderRoute(page, {
      path: "/shortlists/shared/:token",
      url: `/shortlists/shared/${token}`,
      context: appContextOf(harness.deps, null),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Delta WASH review" })).toBeTruthy();
    expect(screen.getByTestId("shared-by").textContent).toBe("Shared by Nadia Rahman");
    expect(document.body.textContent).not.toContain(owner.user.email);
    expect(screen.getAllByText("Somchai Phan").length).toBeGreaterThan(0);
    // The consultant's title is their own words: marked with the profile's language (issue 37).
    // In the list and in the side-by-side table; the other cells and a profile without one are not marked.
    const titles = screen.getAllByText("Chuyên gia cấp nước");
    expect(titles.map((title) => title.getAttribute("lang"))).toEqual(["vi", "vi"]);
    expect(screen.getAllByText("Water Engineer").filter((title) => title.hasAttribute("lang"))).toEqual([]);
    expect([...document.querySelectorAll("[lang]")].map((element) => element.textContent)).toEqual([
      "Chuyên gia cấp nước",
      "Chuyên gia cấp nước",
    ]);
    view.unmount();
  });

  it("names a team list's organization with its verified badge, and no badge while it is not verified (issue 31)", async () => {
    const member = await harness.signIn({ name: "Ploy Srisuk" });
    const organization = await createOrganization(harness.deps, actorOf(member), {
      name: "Mekong Water Alliance",
      kind: "ngo",
      country: "TH",
    });
    const list = await createShortlist(harness.deps, actorOf(member), {
      name: "Mekong evaluation",
      organizationId: organization.id,
    });
    const { token } = await shareShortlist(harness.deps, actorOf(member), list.id);
    const sharedBy = async () => {
      const view = renderRoute(page, {
        path: "/shortlists/shared/:token",
        url: `/shortlists/shared/${token}`,
        context: appContextOf(harness.deps, null),
      });
      await screen.findByRole("heading", { level: 1, name: "Mekong evaluation" });
      const text = screen.getByTestId("shared-by").textContent;
      view.unmount();
      return text;
    };
    expect(await sharedBy()).toBe("Shared by MAMekong Water Alliance");
    await harness.database
      .sql`update organizations set verified_at = now(), verification_method = 'domain' where id = ${organization.id}`;
    // The organization, never the member who made the link; its initials stand for a logo.
    expect(await sharedBy()).toBe("Shared by MAMekong Water AllianceVerified organization");
  });
});
