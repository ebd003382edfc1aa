import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { searchQueryString } from "#common/search.ts";
import { parseSearchParamsLeniently } from "#common/search-params.ts";
import type { AppServer } from "../setup/app-server.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

// The home page as a search engine: hero search, filters as chips, paging, sorting, the back
// button and shared links, with and without JavaScript, at desktop and phone sizes. The app runs
// the demo directory (150 generated profiles); expectations come from the JSON API, so the page
// is checked against the same search.

// The demo directory (startApp's default), which e2e() leaves out unless asked.
const it = e2e({ SEED_DEMO: "true" });

async function apiNames(app: AppServer, query: string): Promise<string[]> {
  const response = await fetch(`${app.url}/api/consultants?${query}`);
  const body = (await response.json()) as { consultants: { name: string }[] };
  return body.consultants.map((consultant) => consultant.name);
}

function cardNames(page: Page) {
  return page.locator("#consultants article h3").allInnerTexts();
}

/** The results on screen are those of the URL (the page marks which search it rendered). */
async function settled(page: Page) {
  const expected = searchQueryString(parseSearchParamsLeniently(new URL(page.url()).searchParams));
  await page.waitForFunction(
    (search) => document.querySelector(`#consultants [aria-busy='false'][data-search='${search}']`) !== null,
    expected,
  );
}

/** React has taken over the server HTML: the no-JavaScript "Apply filters" button is gone. */
async function hydrated(page: Page) {
  await page.getByRole("button", { name: "Apply filters" }).waitFor({ state: "detached" });
}

/** A marker that survives client-side navigation and disappears on a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { searchMarker: boolean }).searchMarker = true;
  });
}
function documentIsSame(page: Page) {
  return page.evaluate(() => (window as unknown as { searchMarker?: boolean }).searchMarker === true);
}

function searchParam(page: Page, name: string) {
  return new URL(page.url()).searchParams.get(name);
}

describe("searching from the home page", () => {
  it("searches from the hero without a full reload, and not once per keystroke", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(app.url);
    await hydrated(page);
    await expect(page.locator("#consultants-heading").innerText()).resolves.toBe("Featured Consultants");
    await markDocument(page);
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(".data")) dataRequests.push(request.url());
    });

    const keywords = "evaluation";
    await page.locator("#search-keywords").click();
    await page.keyboard.type(keywords);
    await page.waitForURL(/keywords=evaluation/);
    await settled(page);

    expect(dataRequests.length).toBeLessThan(keywords.length / 2);
    expect(await documentIsSame(page)).toBe(true);
    await expect(page.locator("#consultants-heading").innerText()).resolves.toBe("Search Results");
    expect(await cardNames(page)).toEqual(await apiNames(app, "keywords=evaluation"));
    await expect(page.locator("#search-keywords").inputValue()).resolves.toBe(keywords);

    // The hero's selects apply at once and keep the keywords.
    await page.locator("#search-location").selectOption("Vietnam");
    await page.waitForURL(/location=Vietnam/);
    await settled(page);
    expect(searchParam(page, "keywords")).toBe("evaluation");
    expect(await cardNames(page)).toEqual(await apiNames(app, "keywords=evaluation&location=Vietnam"));
    expect(await documentIsSame(page)).toBe(true);

    await expectNoAxeViolations(page);
    await saveScreenshot(page, "search-results-desktop");
    expectNoConsoleErrors(errors);
  });

  it("adds filters as chips, resets to page 1, and removes them one by one or all at once", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/?page=2`);
    await hydrated(page);
    await page.locator("#filter-experience").selectOption("8-15");
    await page.waitForURL(/experience=8-15/);
    await settled(page);
    expect(searchParam(page, "page")).toBeNull();

    await page.locator("summary", { hasText: "Any language" }).click();
    await page.getByRole("checkbox", { name: "English" }).check();
    await page.waitForURL(/languages=English/);
    await settled(page);
    await page.locator("#filter-availability").selectOption("available");
    await page.waitForURL(/availability=available/);
    await settled(page);

    const query = "experience=8-15&languages=English&availability=available";
    expect(await cardNames(page)).toEqual(await apiNames(app, query));
    const chips = page.getByRole("link", { name: /^Remove filter: / });
    expect(await chips.allInnerTexts()).toEqual(["8-15 years", "English", "Available for work"]);
    await expectNoAxeViolations(page);
    // Escape closes the languages menu (it overlays the chips while open).
    await page.keyboard.press("Escape");
    await expect(page.locator("main details").evaluate((details: HTMLDetailsElement) => details.open)).resolves.toBe(false);

    await page.getByRole("link", { name: "Remove filter: English" }).click();
    await page.waitForURL((url) => !url.searchParams.has("languages"));
    await settled(page);
    expect(searchParam(page, "experience")).toBe("8-15");
    expect(await cardNames(page)).toEqual(await apiNames(app, "experience=8-15&availability=available"));
    await expect(page.locator("input[name='languages'][value='English']").isChecked()).resolves.toBe(false);

    await page.getByRole("link", { name: "Clear all" }).click();
    await page.waitForURL((url) => url.search === "");
    await settled(page);
    expect(await chips.count()).toBe(0);
    await expect(page.locator("#filter-experience").inputValue()).resolves.toBe("");
    expect(await cardNames(page)).toEqual(await apiNames(app, ""));
    expectNoConsoleErrors(errors);
  });

  it("pages through results and sorts them", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(app.url);
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Pagination" });
    // 150 profiles, 12 a page: 1 2 3 4 5 … 13.
    expect(await nav.getByRole("link", { name: /^Page / }).allInnerTexts()).toEqual(["1", "2", "3", "4", "5", "13"]);
    await nav.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    await settled(page);
    expect(await cardNames(page)).toEqual(await apiNames(app, "page=2"));
    await expect(nav.locator("[aria-current='page']").innerText()).resolves.toBe("2");
    await expect(page.locator("#consultants [role='status']").innerText()).resolves.toBe("Showing 13–24 of 150 consultants");
    await nav.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=3/);
    await settled(page);
    expect(await cardNames(page)).toEqual(await apiNames(app, "page=3"));

    await page.locator("#search-sort").selectOption("experience");
    await page.waitForURL(/sort=experience/);
    await settled(page);
    expect(searchParam(page, "page")).toBeNull();
    expect(await cardNames(page)).toEqual(await apiNames(app, "sort=experience"));
    const years = await page.locator("#consultants article dd", { hasText: /years?$/ }).allInnerTexts();
    const numbers = years.map((text) => Number.parseInt(text, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expectNoConsoleErrors(errors);
  });

  it("opens a card, comes back with the back button, and shares the search as a link", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/?keywords=health&expertise=Healthcare&sort=recent&page=2`);
    await hydrated(page);
    const names = await cardNames(page);
    expect(names).toEqual(await apiNames(app, "keywords=health&expertise=Healthcare&sort=recent&page=2"));
    expect(names.length).toBeGreaterThan(0);

    await page.locator("#consultants article a").first().click();
    await page.waitForURL(/\/consultant\/\d+$/);
    await page.goBack();
    await page.waitForURL(/keywords=health/);
    await settled(page);
    expect(await cardNames(page)).toEqual(names);
    await expect(page.locator("#search-keywords").inputValue()).resolves.toBe("health");
    await expect(page.locator("#search-expertise").inputValue()).resolves.toBe("Healthcare");
    await expect(page.locator("#search-sort").inputValue()).resolves.toBe("recent");

    // The same link in another browser shows the same page of the same search.
    const shared = await openPage({ viewport: "phone" });
    await shared.page.goto(page.url());
    expect(await cardNames(shared.page)).toEqual(names);
    // The profile page belongs to another issue and may still answer 404.
    expectNoConsoleErrors(errors, [/status of 404/]);
  });

  it("shows the empty state with Clear Filters, and corrects a misspelt word", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/?keywords=zzxqv&location=Brunei`);
    await hydrated(page);
    await expect(page.getByText("No consultants found matching your criteria.").isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await page.waitForURL((url) => url.search === "");
    await settled(page);
    await expect(page.locator("#consultants-heading").innerText()).resolves.toBe("Featured Consultants");
    expect(await cardNames(page)).toHaveLength(12);

    await page.goto(`${app.url}/?keywords=helthcare`);
    await hydrated(page);
    await expect(page.getByText("Did you mean").innerText()).resolves.toContain("“healthcare”");
    expect(await cardNames(page)).toEqual(await apiNames(app, "keywords=helthcare"));
    expectNoConsoleErrors(errors);
  });

  it("never ends in a dead end: an empty search offers what would find something (issue 33)", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    const query = "keywords=healthcare+zzxqv";
    const api = (await (await fetch(`${app.url}/api/consultants?${query}`)).json()) as {
      total: number;
      relaxations: { drop: { words?: string[]; filter?: string }; count: number; query: string }[];
    };
    expect(api.total).toBe(0);
    const words = api.relaxations.find((relaxation) => relaxation.drop.words?.includes("zzxqv"));
    expect(words).toBeDefined();
    await page.goto(`${app.url}/?${query}`);
    await hydrated(page);
    await expect(page.getByText("No consultants found matching your criteria.").isVisible()).resolves.toBe(true);
    await expect(page.getByText("No consultant matches all of “healthcare zzxqv”.").isVisible()).resolves.toBe(true);
    // Each relaxation of the API is a link on the page, with its count.
    for (const relaxation of api.relaxations) {
      await expect(page.locator(`#consultants a[href='/${relaxation.query}']`).innerText()).resolves.toContain(
        String(relaxation.count),
      );
    }
    await expectNoAxeViolations(page);
    await page.locator(`#consultants a[href='/${words?.query}']`).click();
    await page.waitForURL((url) => url.searchParams.get("keywords") === "healthcare");
    await settled(page);
    expect(await cardNames(page)).toEqual(await apiNames(app, words?.query.slice(1) ?? ""));
    expectNoConsoleErrors(errors);
  });

  it("says 'Failed to load consultants. Please try again.' when results cannot be loaded", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(app.url);
    await hydrated(page);
    await page.route("**/*.data*", (route) => route.fulfill({ status: 503, body: "unavailable" }));
    await page.locator("#search-location").selectOption("Laos");
    await page.getByText("Failed to load consultants. Please try again.").waitFor();
    // Only the results area says so: the hero search, the filters and the sections stay.
    await page.getByRole("heading", { level: 1, name: "Find the right development consultant in Southeast Asia" }).waitFor();
    await expect(page.locator("#search-location").inputValue()).resolves.toBe("Laos");
    await page.locator("#countries").waitFor();
    await expectNoAxeViolations(page);
    await page.unroute("**/*.data*");
    await page.getByRole("link", { name: "Try again" }).click();
    await page.waitForLoadState("load");
    // The demo directory's Laos has fewer than a page of profiles (a roster's proportions): all of them.
    expect(await cardNames(page)).toEqual(await apiNames(app, "location=Laos"));
    expect((await cardNames(page)).length).toBeGreaterThan(0);
    expectNoConsoleErrors(errors, [/status of 503/, /unavailable/i]);
  });

  it("opens country and specialization tiles as searches, with live counts", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/#countries`);
    await hydrated(page);
    const stats = (await (await fetch(`${app.url}/api/stats`)).json()) as { countries: { country: string; count: number }[] };
    const laos = stats.countries.find((item) => item.country === "Laos");
    const tile = page.locator("#countries a", { hasText: "Laos" });
    await expect(tile.innerText()).resolves.toContain(`${laos?.count} consultants`);
    await tile.click();
    await page.waitForURL(/location=Laos/);
    await settled(page);
    expect(await cardNames(page)).toEqual(await apiNames(app, "location=Laos"));

    await page.locator("#specializations a", { hasText: "Agriculture" }).click();
    await page.waitForURL(/expertise=Agriculture/);
    await settled(page);
    expect(searchParam(page, "location")).toBeNull();
    expect(await cardNames(page)).toEqual(await apiNames(app, "expertise=Agriculture"));
    expect(await page.locator("#specializations a svg").count()).toBe(10);
    await expect(page.locator("#about h2").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Join the Database" }).getAttribute("href")).resolves.toBe("/profile/new");
    expectNoConsoleErrors(errors);
  });
});

describe("without JavaScript", () => {
  it("searches and filters through the plain GET form, with chips and pages as links", async ({ app, openPage }) => {
    const { page } = await openPage({ javaScriptEnabled: false, viewport: "phone" });
    await page.goto(app.url);
    await page.locator("#search-keywords").fill("management");
    await page.locator("#search-location").selectOption("Thailand");
    await page.locator("#filter-availability").selectOption("available");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/keywords=management/);
    expect(searchParam(page, "location")).toBe("Thailand");
    expect(searchParam(page, "availability")).toBe("available");
    await expect(page.locator("#consultants-heading").innerText()).resolves.toBe("Search Results");
    expect(await cardNames(page)).toEqual(await apiNames(app, "keywords=management&location=Thailand&availability=available"));

    await page.getByRole("link", { name: "Remove filter: Thailand" }).click();
    await page.waitForURL((url) => !url.searchParams.has("location"));
    expect(await cardNames(page)).toEqual(await apiNames(app, "keywords=management&availability=available"));
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    expect(await cardNames(page)).toEqual(await apiNames(app, "keywords=management&availability=available&page=2"));
    await saveScreenshot(page, "search-phone-nojs");
    const url = page.url();

    // axe needs scripts: check the same server HTML in a page whose own scripts never load.
    const unhydrated = await openPage({ viewport: "phone" });
    await unhydrated.page.route("**/assets/*.js", (route) => route.abort());
    await unhydrated.page.goto(url);
    await expect(unhydrated.page.getByRole("button", { name: "Apply filters" }).isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(unhydrated.page);
  });
});

describe("on a phone", () => {
  it("searches, filters and pages at 360 px wide, accessibly", async ({ app, openPage }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(app.url);
    await hydrated(page);
    await page.locator("#search-expertise").selectOption("Education");
    await page.waitForURL(/expertise=Education/);
    await settled(page);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await settled(page);
    expect(await cardNames(page)).toEqual(await apiNames(app, "expertise=Education&page=2"));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "search-phone");
    expectNoConsoleErrors(errors);
  });
});
