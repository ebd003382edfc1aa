import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, waitForHydration } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e } from "../setup/e2e.ts";

// Nobody lost: Gender & Social Inclusion searchable like every area, a page past the end that
// says so, long words that never widen a page, results brought into view after a hero search,
// and the profile form's city suggestions. The app runs the demo directory.

const ADMIN = { email: "wrap.admin@example.org", password: "paddy-field-sunrise-8" };
const it = e2e({ SEED_DEMO: "true", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

const GESI = "Gender & Social Inclusion";

async function api<T>(url: string, query: string): Promise<T> {
  const response = await fetch(`${url}/api/consultants?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe("Gender & Social Inclusion", () => {
  it("is in the hero's Expertise list, the ten tiles and the chips, and the stats count ten areas", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(app.url);
    await expect(page.locator("#search-expertise option", { hasText: GESI }).count()).resolves.toBe(1);
    const tiles = page.locator("#specializations li a");
    await expect(tiles.count()).resolves.toBe(10);
    await expect(page.locator("#specializations").innerText()).resolves.toContain("Ten areas of international development work.");
    const stat = page.locator("section[aria-label='Directory in numbers'] div", { hasText: "Specializations" }).locator("dd");
    await expect(stat.innerText()).resolves.toBe("10");

    await waitForHydration(page);
    await tiles.filter({ hasText: GESI }).click();
    await page.waitForURL(/expertise=Gender/);
    await page.locator("#consultants [aria-busy='false']").waitFor();
    const expected = await api<{ consultants: { name: string }[]; total: number }>(
      app.url,
      `expertise=${encodeURIComponent(GESI)}`,
    );
    expect(expected.total).toBeGreaterThan(0);
    // The page shows what the API answers for the same search, read again (the page reloaded)
    // until both read the same directory: the CI of b58a3cc once saw a different first page from
    // each (ordered by static score; cause not found, green here and in the CI before).
    await expect
      .poll(
        async () => {
          const shown = await page.locator("#consultants article h3").allInnerTexts();
          const answered = await api<{ consultants: { name: string }[] }>(app.url, `expertise=${encodeURIComponent(GESI)}`);
          const same = JSON.stringify(shown) === JSON.stringify(answered.consultants.map((consultant) => consultant.name));
          if (!same) {
            await page.reload();
            await page.locator("#consultants [aria-busy='false']").waitFor();
          }
          return same;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await expect(page.getByRole("link", { name: new RegExp(`Remove.*${GESI}`) }).count()).resolves.toBeGreaterThan(0);
    await expect(page.locator("#search-expertise").inputValue()).resolves.toBe(GESI);
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors);
  });
});

describe("a page past the end", () => {
  it("says the page is empty and links to page 1 and the last page, without a wrong current page", async ({ app, openPage }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    const { total } = await api<{ total: number }>(app.url, "keywords=health");
    const last = Math.ceil(total / 12);
    await page.goto(`${app.url}/?keywords=health&page=${last + 5}`);
    await expect(page.getByText("This page is empty.").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("navigation", { name: "Pagination" }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: `Go to the last page (${last})` }).getAttribute("href")).resolves.toContain(
      `page=${last}`,
    );
    await waitForHydration(page);
    await page.getByRole("link", { name: "Go to page 1" }).click();
    await page.waitForURL((url) => !url.searchParams.has("page") && url.searchParams.get("keywords") === "health");
    await page.locator("#consultants article").first().waitFor();
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors);
  });
});

describe("long unbroken words", () => {
  it("wrap on cards, the profile page and the admin table at 390 px", async ({ app, browser, sql }) => {
    const url = `https://example.org/${"very-long-path-segment-".repeat(8)}${"x".repeat(16)}`;
    expect(url.length).toBeGreaterThanOrEqual(200);
    const { id } = await insertConsultant(sql, {
      name: "Wide Wording",
      title: `Adviser ${url}`,
      bio: `Portfolio at ${url} and more at ${url}`,
      location: `Makati ${"Z".repeat(120)}`,
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(`${app.url}/?keywords=Wide%20Wording`);
    await page.locator("#consultants article", { hasText: "Wide Wording" }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.goto(`${app.url}/consultant/${id}`);
    await page.getByRole("heading", { name: "Wide Wording" }).first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, "long-url-profile-390");

    // The admin table lists it without widening the page either.
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    await context.addCookies([{ name: "session", value: sessionToken, url: app.url }]);
    await page.goto(`${app.url}/admin?q=Wide%20Wording`);
    await page.getByText("Wide Wording").first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await context.close();
  });
});

describe("after a search from the hero", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`offers the results without moving the field being typed into (${viewport})`, async ({ app, openPage }) => {
      const { page, errors } = await openPage({ viewport });
      await page.goto(app.url);
      await waitForHydration(page);
      const field = page.locator("#search-keywords");
      await field.click();
      const before = await field.boundingBox();
      await page.keyboard.type("water");
      await page.waitForURL(/keywords=water/);
      const show = page.getByRole("button", { name: /Show results/ });
      const heading = page.locator("#consultants-heading");
      const headingVisible = await heading.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight);
      if (!headingVisible) await show.waitFor();
      expect(await field.boundingBox()).toEqual(before);
      await expect(field.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
      if (!headingVisible) {
        await expectNoAxeViolations(page);
        await show.click();
        await page.waitForFunction(() => {
          const top = document.getElementById("consultants-heading")?.getBoundingClientRect().top ?? -1;
          return top >= 0 && top < window.innerHeight / 2;
        });
        await show.waitFor({ state: "detached" });
      }
      expectNoConsoleErrors(errors);
    });
  }
});
