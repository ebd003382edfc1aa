import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import {
  connectBrowser,
  expectNoAxeViolations,
  expectNoConsoleErrors,
  openPage,
  saveScreenshot,
  waitForHydration,
} from "../setup/browser.ts";

// Issue 38 in the browser: the account page's sessions (and, as they land, the second factor,
// re-authentication and passkeys), on a phone and a desktop, axe-core clean.

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({ env: { SEED_DEMO: "false", SECRETS_KEY: "e2e-secrets-key-0123456789abcdefghijkl" } }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

let counter = 0;
function newPerson() {
  counter += 1;
  return { name: `Malee Chai ${counter}`, email: `malee${counter}@example.org`, password: `lotus-ferry-${counter}-moon` };
}

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function api(path: string, init: { method?: string; body?: unknown; token?: string; userAgent?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.userAgent) headers["user-agent"] = init.userAgent;
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function register(person: ReturnType<typeof newPerson>) {
  const response = await api("/api/auth/register", { method: "POST", body: person });
  expect(response.status).toBe(201);
  return response.json.sessionToken as string;
}

async function signInElsewhere(person: ReturnType<typeof newPerson>, userAgent: string) {
  const response = await api("/api/auth/login", { method: "POST", body: person, userAgent });
  expect(response.status).toBe(200);
  return response.json.sessionToken as string;
}

async function useSession(page: Page, token: string) {
  await page.context().addCookies([{ name: "session", value: token, url: app.url }]);
}

async function waitForToast(page: Page, text: string) {
  await page.getByTestId("toast").filter({ hasText: text }).first().waitFor();
}

describe("sessions you can see", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    it(`lists the sessions, signs one out and then every other (${viewport})`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      const person = newPerson();
      await useSession(page, await register(person));
      const phone = await signInElsewhere(person, IPHONE);
      const laptop = await signInElsewhere(person, FIREFOX_LINUX);
      await page.goto(`${app.url}/profile/manage`);
      await waitForHydration(page);
      const list = page.getByRole("list", { name: "Your sessions" });
      await list.waitFor();
      await expect.poll(() => list.getByRole("listitem").count(), { timeout: 15_000 }).toBe(3);
      expect(await list.getByRole("listitem").filter({ hasText: "This device" }).count()).toBe(1);
      expect(await list.getByText("Safari on iPhone").count()).toBe(1);
      expect(await list.getByText("Firefox on Linux").count()).toBe(1);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `account-sessions-${viewport}`);

      await list.getByRole("button", { name: "Sign out Safari on iPhone" }).click();
      await waitForToast(page, "That device has been signed out.");
      await expect.poll(() => list.getByRole("listitem").count(), { timeout: 15_000 }).toBe(2);
      expect((await api("/api/auth/me", { token: phone })).status).toBe(401);
      expect((await api("/api/auth/me", { token: laptop })).status).toBe(200);

      await page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await waitForToast(page, "1 other session has been signed out.");
      await expect.poll(() => list.getByRole("listitem").count(), { timeout: 15_000 }).toBe(1);
      expect((await api("/api/auth/me", { token: laptop })).status).toBe(401);
      expect(await page.getByRole("button", { name: "Sign out everywhere else" }).count()).toBe(0);
      await expectNoAxeViolations(page);
      expectNoConsoleErrors(errors);
      await close();
    });
  }

  it("works without JavaScript", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    const person = newPerson();
    await useSession(page, await register(person));
    const phone = await signInElsewhere(person, IPHONE);
    await page.goto(`${app.url}/profile/manage`);
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await page.getByRole("list", { name: "Your sessions" }).waitFor();
    await expect
      .poll(() => page.getByRole("list", { name: "Your sessions" }).getByRole("listitem").count(), { timeout: 15_000 })
      .toBe(1);
    expect((await api("/api/auth/me", { token: phone })).status).toBe(401);
    await close();
  });
});
