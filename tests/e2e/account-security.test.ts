import * as OTPAuth from "otpauth";
import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { AppServer } from "../setup/app-server.ts";
import {
  downloadBytes,
  expectNoAxeViolations,
  expectNoConsoleErrors,
  openPage,
  saveScreenshot,
  toastText,
  waitForHydration,
} from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

// Issue 38 in the browser: the account page's sessions (and, as they land, the second factor,
// re-authentication and passkeys), on a phone and a desktop, axe-core clean.

const it = e2e({ SECRETS_KEY: "e2e-secrets-key-0123456789abcdefghijkl" });
// The file's app and browser (e2e()'s fixtures), for the helpers below.
let app: AppServer;
let browser: Browser;
it.beforeAll(({ app: started, browser: connected }) => {
  app = started;
  browser = connected;
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
      await toastText(page, "That device has been signed out.");
      await expect.poll(() => list.getByRole("listitem").count(), { timeout: 15_000 }).toBe(2);
      expect((await api("/api/auth/me", { token: phone })).status).toBe(401);
      expect((await api("/api/auth/me", { token: laptop })).status).toBe(200);

      await page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await toastText(page, "1 other session has been signed out.");
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

function codeFor(secret: string, timestamp = Date.now()) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp,
  });
}

async function signInWithPassword(page: Page, person: ReturnType<typeof newPerson>) {
  await page.goto(`${app.url}/sign-in`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign In" }).last().click();
}

async function signOut(page: Page) {
  await page.goto(`${app.url}/profile/manage`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/profile/manage"));
}

describe("two-step sign-in", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    it(`sets up an authenticator app, signs out, signs in with a code and with a recovery code (${viewport})`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      const person = newPerson();
      await useSession(page, await register(person));
      await page.goto(`${app.url}/profile/manage`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      const qr = page.getByRole("img", { name: "QR code to scan with your authenticator app" });
      await qr.waitFor();
      expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
      const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      // Typed from the screen four letters at a time: no group is cut across two lines.
      const cutGroups = await page.getByTestId("totp-secret").evaluate((code) => {
        const text = code.firstChild as Text;
        const range = document.createRange();
        let at = 0;
        return text.data.split(" ").filter((group) => {
          range.setStart(text, at);
          range.setEnd(text, at + group.length);
          at += group.length + 1;
          return range.getClientRects().length > 1;
        });
      });
      expect(cutGroups).toEqual([]);
      await expectNoAxeViolations(page);

      // A wrong code is refused beside the field; the right one turns it on.
      const field = page.getByLabel("Code from the app");
      await field.fill(codeFor(secret, Date.now() - 10 * 60_000));
      await page.getByRole("button", { name: "Turn on", exact: true }).click();
      await toastText(page, "That code is not right.");
      await field.fill(codeFor(secret));
      await page.getByRole("button", { name: "Turn on", exact: true }).click();
      const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
      await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
      const shown = await codes.allInnerTexts();
      for (const code of shown) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      await page.getByText("On: you sign in with your password and a code from your authenticator app.").waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download as text" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("recovery-codes.txt");
      const text = (await downloadBytes(download)).toString("utf8");
      for (const code of shown) expect(text).toContain(code);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `account-two-step-${viewport}`);

      // Shown once: the page loaded again does not have them.
      await page.reload();
      await page.getByText("Recovery codes left: 10 of 10.").waitFor();
      expect(await page.getByRole("list", { name: "Recovery codes" }).count()).toBe(0);

      // Signed out, the password alone does not sign in: the form asks for a code (the next
      // step's: the set-up used this one).
      await signOut(page);
      await signInWithPassword(page, person);
      const code = page.getByLabel("Authentication code");
      await code.waitFor();
      expect((await api("/api/auth/me")).status).toBe(401);
      await expectNoAxeViolations(page);
      await code.fill("000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await toastText(page, "That code is not right.");
      await code.fill(codeFor(secret, Date.now() + 30_000));
      await page.getByLabel("Trust this browser for 30 days").check();
      await page.getByRole("button", { name: "Verify" }).click();
      await toastText(page, `Welcome back, ${person.name}!`);
      const cookies = await page.context().cookies(app.url);
      expect(cookies.some((cookie) => cookie.name.includes("trusted"))).toBe(true);

      // A trusted browser skips the second step.
      await signOut(page);
      await signInWithPassword(page, person);
      await toastText(page, `Welcome back, ${person.name}!`);

      // Elsewhere (no trusted-browser cookie), with a recovery code, typed without its dash.
      await page.context().clearCookies();
      await signInWithPassword(page, person);
      await code.waitFor();
      await code.fill(shown[2]?.replace("-", "").toLowerCase() ?? "");
      await page.getByRole("button", { name: "Verify" }).click();
      await toastText(page, `Welcome back, ${person.name}!`);
      await page.goto(`${app.url}/profile/manage`);
      await page.getByText("Recovery codes left: 9 of 10.").waitFor();

      // A new set replaces the old; turning it off needs a second click.
      await waitForHydration(page);
      await page.getByRole("button", { name: "New recovery codes" }).click();
      await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
      await page.getByText("Recovery codes left: 10 of 10.").waitFor();
      await page.getByText("Turn off", { exact: true }).click();
      await page.getByRole("button", { name: "Yes, turn off" }).click();
      await toastText(page, "You sign in with your password alone.");
      await page.getByRole("button", { name: "Set up an authenticator app" }).waitFor();
      // The two wrong codes above: the set-up's (400) and the sign-in's (401), nothing else.
      expectNoConsoleErrors(errors, [/status of 400 \(Bad Request\)/, /status of 401 \(Unauthorized\)/]);
      expect(errors.length).toBeLessThanOrEqual(2);
      await close();
    });
  }

  it("asks for the code without JavaScript too", async () => {
    const person = newPerson();
    const token = await register(person);
    const started = await api("/api/account/mfa/totp", { method: "POST", token });
    expect(started.status).toBe(200);
    const secret = started.json.secret as string;
    const confirmed = await api("/api/account/mfa/totp/confirm", { method: "POST", token, body: { code: codeFor(secret) } });
    expect(confirmed.status).toBe(200);
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${app.url}/sign-in`);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign In" }).last().click();
    const code = page.getByLabel("Authentication code");
    await code.waitFor();
    // A wrong code keeps the step (the challenge travels back with the answer).
    await code.fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code is not right.").first().waitFor();
    await code.fill(codeFor(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    const session = (await page.context().cookies(app.url)).find((cookie) => cookie.name === "session");
    expect(session).toBeDefined();
    expect((await api("/api/auth/me", { token: session?.value })).status).toBe(200);
    await close();
  });
});

describe("admins must have a second factor (ENFORCE_SECOND_FACTOR=admins, the default with SECRETS_KEY)", () => {
  it("sends an admin without one to set it up at sign-in, keeps the admin pages closed until then", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: "desktop" });
    const person = newPerson();
    await register(person);
    const sql = app.database?.sql;
    if (!sql) throw new Error("the app runs on its own test database");
    await sql`update auth_users set role = 'admin' where email = ${person.email}`;
    await signInWithPassword(page, person);
    await page.waitForURL((url) => url.pathname === "/profile/manage");
    const alert = page.getByRole("alert").filter({ hasText: "Set up two-step sign-in to continue" });
    await alert.waitFor();
    expect(await alert.innerText()).toContain("Administrators must sign in with an authenticator app.");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "account-admin-must-enrol");

    // The admin pages send them back here.
    await page.goto(`${app.url}/admin`);
    await page.waitForURL((url) => url.pathname === "/profile/manage");
    expect(new URL(page.url()).hash).toBe("#section-two-step");

    await waitForHydration(page);
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
    await page.getByLabel("Code from the app").fill(codeFor(secret));
    await page.getByRole("button", { name: "Turn on", exact: true }).click();
    await expect
      .poll(() => page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").count(), { timeout: 15_000 })
      .toBe(10);
    expect(await page.getByText("Set up two-step sign-in to continue").count()).toBe(0);

    await page.goto(`${app.url}/admin`);
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expectNoConsoleErrors(errors);
    await close();
  });
});
