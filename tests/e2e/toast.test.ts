import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, launchBrowser, openPage } from "../setup/browser.ts";

let app: AppServer;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { SEED_DEMO: "false" } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("toasts carried across a redirect", () => {
  it("shows the toast from the one-time cookie once, announced, dismissible, and clears the cookie", async () => {
    const { page, errors, close } = await openPage(browser);
    const value = Buffer.from(JSON.stringify({ title: "Profile updated", description: "Saved." })).toString("base64url");
    await page.context().addCookies([{ name: "toast", value, url: app.url }]);
    await page.goto(app.url);
    const toast = page.getByTestId("toast");
    await expect(toast.innerText()).resolves.toContain("Profile updated");
    // Hovering pauses the 5-second timer (as for a person reading it), so a slow axe run under
    // load cannot outlast the toast before the Dismiss click below.
    await toast.hover();
    await expectNoAxeViolations(page);
    const cookies = await page.context().cookies(app.url);
    expect(cookies.find((cookie) => cookie.name === "toast")).toBeUndefined();
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await toast.waitFor({ state: "detached" });
    await page.reload();
    expect(await page.getByTestId("toast").count()).toBe(0);
    expectNoConsoleErrors(errors);
    await close();
  });

  it("ignores a forged or malformed toast cookie", async () => {
    const { page, errors, close } = await openPage(browser);
    await page.context().addCookies([{ name: "toast", value: "not-base64-json", url: app.url }]);
    const response = await page.goto(app.url);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("toast").count()).toBe(0);
    expectNoConsoleErrors(errors);
    await close();
  });
});
