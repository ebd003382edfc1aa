import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

// The demo's /opportunities page in the browser (issue 32), as a new visitor on a phone meets it:
// the demo organizations' published ToRs, 12 a page with the count the API gives; the filters
// (a specialization, then keywords) narrow the list to what the API answers for the same search,
// in a shareable URL, also without JavaScript; one opportunity opens on its own page (Terms of
// Reference, JobPosting JSON-LD). Nothing wider than the phone's screen; axe-core clean.

const it = e2e({ SEED_DEMO: "true" });

type Listing = { total: number; pageCount: number; opportunities: { title: string; path: string; specializations: string[] }[] };

/** What the JSON API lists for the same search (the page shows what it answers). */
async function listed(url: string, query = ""): Promise<Listing> {
  const response = await fetch(`${url}/api/opportunities${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Listing;
}

/** The results' heading as the page says it for this listing. */
function headingOf(listing: Listing) {
  const shown = Math.min(12, listing.total);
  return listing.pageCount > 1 ? `${listing.total} opportunities, 1–${shown} shown` : `${listing.total} opportunities`;
}

const cards = (page: Page) => page.getByTestId("opportunity-card");

/** The cards' titles come to be this listing's, in its order. */
async function expectTitlesOf(page: Page, listing: Listing) {
  await expect
    .poll(() => cards(page).getByRole("heading", { level: 3 }).allInnerTexts())
    .toEqual(listing.opportunities.map((item) => item.title));
}

/** Sends the search form and waits for the address that carries `param=value`. */
async function search(page: Page, param: string, value: string) {
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get(param) === value);
}

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe("the demo's opportunities on a phone", () => {
  it("lists the demo's ToRs, filters them, and opens one", async ({ app, openPage }) => {
    // The demo loads on the first start; its opportunities are there once the API lists them.
    await expect.poll(async () => (await listed(app.url)).total, { timeout: 30_000 }).toBeGreaterThan(12);
    const all = await listed(app.url);

    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(`${app.url}/opportunities`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Opportunities" }).waitFor();
    const results = page.locator("#results-heading");
    await expect.poll(() => results.innerText()).toBe(headingOf(all));
    await expect.poll(() => cards(page).count()).toBe(12);
    await expectTitlesOf(page, all);
    await page.getByRole("navigation", { name: "Opportunity pages" }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // A specialization the demo's first ToR asks for: the list narrows to the API's answer.
    const specialization = all.opportunities[0]?.specializations[0] as string;
    const bySpecialization = await listed(app.url, `?specialization=${encodeURIComponent(specialization)}`);
    expect(bySpecialization.total).toBeGreaterThan(0);
    expect(bySpecialization.total).toBeLessThan(all.total);
    await page.getByLabel("Specialization", { exact: true }).selectOption(specialization);
    await search(page, "specialization", specialization);
    await expect.poll(() => results.innerText()).toBe(headingOf(bySpecialization));
    await expectTitlesOf(page, bySpecialization);
    for (const card of await cards(page).all()) {
      expect(await card.getByRole("list", { name: "Specializations" }).innerText()).toContain(specialization);
    }
    await expectNoAxeViolations(page);

    // Keywords on top: a word of the first result's title.
    const first = bySpecialization.opportunities[0];
    const word = (first?.title ?? "").split(/\W+/).find((part) => part.length >= 6) ?? "";
    expect(word).not.toBe("");
    const query = `?keywords=${encodeURIComponent(word)}&specialization=${encodeURIComponent(specialization)}`;
    const byWords = await listed(app.url, query);
    expect(byWords.total).toBeGreaterThan(0);
    await page.getByLabel("Keywords", { exact: true }).fill(word);
    await search(page, "keywords", word);
    await expect.poll(() => results.innerText()).toBe(headingOf(byWords));
    await expectTitlesOf(page, byWords);
    await expect.poll(() => page.getByLabel("Specialization", { exact: true }).inputValue()).toBe(specialization);

    // One opportunity, from its card.
    const opened = byWords.opportunities[0];
    if (!opened) throw new Error("no opportunity to open");
    await cards(page).first().getByRole("link", { name: opened.title }).click();
    await page.waitForURL(`${app.url}${opened.path}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(opened.title);
    await page.getByRole("heading", { name: "Terms of Reference" }).waitFor();
    await page.getByRole("complementary", { name: "Summary" }).getByText("Application deadline").waitFor();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = jsonLd
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((item) => item["@type"] === "JobPosting");
    expect(posting?.title).toBe(opened.title);
    expect(posting?.employmentType).toBe("CONTRACTOR");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "All opportunities" }).click();
    await page.waitForURL(`${app.url}/opportunities`);
    await expect.poll(() => cards(page).count()).toBe(12);
    expectNoConsoleErrors(errors);
  });

  it("filters without JavaScript: the form is a GET, the URL the search", async ({ app, openPage }) => {
    await expect.poll(async () => (await listed(app.url)).total, { timeout: 30_000 }).toBeGreaterThan(12);
    const deadlineFirst = await listed(app.url, "?sort=deadline");
    const { page } = await openPage({ viewport: "phone", javaScriptEnabled: false });
    await page.goto(`${app.url}/opportunities`);
    await page.getByLabel("Sort by").selectOption("deadline");
    await search(page, "sort", "deadline");
    await expectTitlesOf(page, deadlineFirst);
    // The second page, by its link.
    const second = await listed(app.url, "?sort=deadline&page=2");
    await page.getByRole("navigation", { name: "Opportunity pages" }).getByRole("link", { name: "Page 2", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expectTitlesOf(page, second);
  });
});
