import { fireEvent, screen } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MATCH_TEXTS } from "#common/opportunity-match.ts";
import { SAVED_SEARCH_TEXTS } from "#common/saved-searches.ts";
import { opportunityDigests, savedSearches } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { opportunityDigestUnsubscribeUrl } from "#server/services/opportunities/digest.ts";
import { newAlertKey } from "#server/services/saved-searches/alert-rules.ts";
import { createSavedSearch, unsubscribeUrl } from "#server/services/saved-searches/saved-searches.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as digestPage from "./opportunity-digest-unsubscribe.tsx";
import * as alertsPage from "./saved-search-unsubscribe.tsx";

// The two pages a signed e-mail link opens to stop those e-mails (search alerts, the opportunities
// digest): opening the link changes nothing, the button does; a forged link says "Not changed" and why.

const harness = routeHarness();

/** The page's own address (path and query) of a link as the e-mail carries it. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe("/saved-searches/unsubscribe", () => {
  it("stops the alerts of the signed search with the button, not by opening the link", async () => {
    const owner = await harness.signIn();
    const search = await createSavedSearch(harness.deps, actorOf(owner), {
      name: "WASH in Laos",
      query: "q=wash",
      frequency: "daily",
    });
    const frequency = async () =>
      (await harness.database.db.select().from(savedSearches).where(eq(savedSearches.id, search.id)))[0];
    const row = await frequency();
    const url = pathOf(unsubscribeUrl("http://localhost", search.id, row?.alertKey ?? ""));

    const view = renderRoute(alertsPage, { path: "/saved-searches/unsubscribe", url, context: appContextOf(harness.deps, null) });
    expect(await screen.findByRole("heading", { level: 1, name: "Stop search alerts" })).toBeTruthy();
    expect(screen.getByText(/Stop the e-mail alerts of this saved search\?/)).toBeTruthy();
    expect((await frequency())?.frequency).toBe("daily");

    fireEvent.click(screen.getByRole("button", { name: "Stop these alerts" }));
    expect(await screen.findByText("Alerts stopped")).toBeTruthy();
    expect(screen.getByText(/You will no longer receive e-mail alerts for “WASH in Laos”/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Stop these alerts" })).toBeNull();
    expect((await frequency())?.frequency).toBe("off");
    view.unmount();
  });
});

describe("/opportunity-digest/unsubscribe", () => {
  it("stops the digest of the signed consultant with the button", async () => {
    const consultantId = await insertListedConsultant(harness.database.db);
    const alertKey = newAlertKey();
    await harness.database.db.insert(opportunityDigests).values({ consultantId, frequency: "weekly", alertKey });
    const frequency = async () =>
      (await harness.database.db.select().from(opportunityDigests).where(eq(opportunityDigests.consultantId, consultantId)))[0]
        ?.frequency;
    const url = pathOf(opportunityDigestUnsubscribeUrl("http://localhost", consultantId, alertKey));

    const view = renderRoute(digestPage, {
      path: "/opportunity-digest/unsubscribe",
      url,
      context: appContextOf(harness.deps, null),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Stop the opportunities digest" })).toBeTruthy();
    expect(await frequency()).toBe("weekly");

    fireEvent.click(screen.getByRole("button", { name: "Stop the digest" }));
    expect(await screen.findByText("Digest stopped")).toBeTruthy();
    expect(screen.getByText(/You will no longer receive the opportunities digest/)).toBeTruthy();
    expect(await frequency()).toBe("off");
    view.unmount();
  });
});

describe("a forged link", () => {
  it.each([
    {
      page: alertsPage,
      path: "/saved-searches/unsubscribe",
      id: "s",
      button: "Stop these alerts",
      why: SAVED_SEARCH_TEXTS.unsubscribeInvalid,
    },
    {
      page: digestPage,
      path: "/opportunity-digest/unsubscribe",
      id: "c",
      button: "Stop the digest",
      why: MATCH_TEXTS.unsubscribeInvalid,
    },
  ])("on $path says 'Not changed' and why, and keeps the button", async ({ page, path, id, button, why }) => {
    const view = renderRoute(page, {
      path,
      url: `${path}?${id}=1&t=${"x".repeat(43)}`,
      context: appContextOf(harness.deps, null),
    });
    fireEvent.click(await screen.findByRole("button", { name: button }));
    expect(await screen.findByText("Not changed")).toBeTruthy();
    expect(screen.getByText(why)).toBeTruthy();
    expect(screen.getByRole("button", { name: button })).toBeTruthy();
    view.unmount();
  });
});
