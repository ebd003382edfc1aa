import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, launchBrowser, openPage, saveScreenshot } from "../setup/browser.ts";

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("home page", () => {
  it("renders twelve demo consultants from the database, accessible and without console errors", async () => {
    const { page, errors, close } = await openPage(browser);
    const response = await page.goto(app.url);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain("DevConsult SEA");
    const cards = page.locator("#consultants article");
    expect(await cards.count()).toBe(12);
    const firstName = await cards.first().locator("h3").innerText();
    // Featured first: the strongest profiles by the static quality score.
    const [row] = await app.database!.sql<{ name: string }[]>`
      select name from consultants where status = 'approved' order by static_score desc, id desc limit 1`;
    expect(firstName).toBe(row?.name);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "home-desktop");
    expectNoConsoleErrors(errors);
    await close();
  });

  it("is complete without JavaScript: the cards are in the server HTML", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false, viewport: "phone" });
    await page.goto(app.url);
    expect(await page.locator("#consultants article").count()).toBe(12);
    await saveScreenshot(page, "home-phone-nojs");
    await close();
  });

  it("answers an unknown path with the 404 screen and status 404", async () => {
    const { page, errors, close } = await openPage(browser);
    const response = await page.goto(`${app.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").innerText()).resolves.toBe("404 Page Not Found");
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors, [/status of 404/]);
    await close();
  });
});
