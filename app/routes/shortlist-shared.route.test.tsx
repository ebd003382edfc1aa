import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { actorOf } from "#server/services/context.ts";
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
    const consultantId = await insertListedConsultant(harness.database.db, { name: "Somchai Phan" });
    const list = await createShortlist(harness.deps, actorOf(owner), { name: "Delta WASH review" });
    await putShortlistEntry(harness.deps, actorOf(owner), { id: list.id, consultantId, body: {} });
    const { token } = await shareShortlist(harness.deps, actorOf(owner), list.id);

    const view = renderRoute(page, {
      path: "/shortlists/shared/:token",
      url: `/shortlists/shared/${token}`,
      context: appContextOf(harness.deps, null),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Delta WASH review" })).toBeTruthy();
    expect(screen.getByTestId("shared-by").textContent).toBe("Shared by Nadia Rahman");
    expect(document.body.textContent).not.toContain(owner.user.email);
    expect(screen.getByText("Somchai Phan")).toBeTruthy();
    view.unmount();
  });
});
