import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { expectNoConsoleErrors, launchBrowser, openPage } from "../setup/browser.ts";

// Issue 15 (LCP): the first paint needs only the HTML. The stylesheet is written into the page's
// head; the link to the stylesheet file stays for React to adopt, print-only, so nothing waits for it.

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** What the page looks like styled: the body's font and the header's bottom border. */
async function looks(page: import("playwright-core").Page) {
  return page.evaluate(() => ({
    font: getComputedStyle(document.body).fontFamily,
    links: document.querySelectorAll('link[rel="stylesheet"]').length,
    blocking: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => l.media !== "print").length,
    styles: document.querySelectorAll("head > style").length,
  }));
}

describe("first paint", () => {
  it("needs no stylesheet request: the page is styled with every .css request failing, before and after hydration", async () => {
    const html = await (await fetch(app.url)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<style>[^<]*\.sr-only\{/);
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css" data-precedence="default" media="print"\/>/);

    const { page, errors, close } = await openPage(browser);
    await page.route("**/*.css", (route) => route.abort());
    await page.goto(app.url);
    await page.waitForSelector("html[data-hydrated]");
    const styled = await looks(page);
    expect(styled.font).not.toMatch(/^"?Times/);
    // React adopted the server's link: no second one, none that blocks rendering.
    expect(styled).toMatchObject({ links: 1, blocking: 0, styles: 1 });
    // A client-side navigation keeps the same styles.
    await page.locator("footer").getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL(/\/about$/);
    expect(await looks(page)).toEqual(styled);
    expectNoConsoleErrors(errors, [/net::ERR_FAILED/, /Failed to load resource/]);
    await close();
  });
});
