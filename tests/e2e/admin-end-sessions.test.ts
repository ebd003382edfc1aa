import * as OTPAuth from "otpauth";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";

// Issue 38 in the browser: an admin ends every session of a user from the Users tab (the user's
// next request is 401; the audit log says so), and "Turn off" two-step sign-in is a real form that
// works without JavaScript (asking for the password in the form when the sign-in is not recent).

const test = e2e({ SECRETS_KEY: "e2e-secrets-key-0123456789abcdefghijkl", ENFORCE_SECOND_FACTOR: "none" });

async function statusOf(appUrl: string, token: string) {
  return (await fetch(`${appUrl}/api/account/sessions`, { headers: { authorization: `Bearer ${token}` } })).status;
}

/** Sets up the authenticator app through the API with this session. */
async function enrol(appUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const started = await fetch(`${appUrl}/api/account/mfa/totp`, { method: "POST", headers });
  expect(started.status).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const confirmed = await fetch(`${appUrl}/api/account/mfa/totp/confirm`, {
    method: "POST",
    headers,
    body: JSON.stringify({ code }),
  });
  expect(confirmed.status).toBe(200);
}

describe("an admin ends a user's sessions", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    test(`from the Users tab, after the confirmation (${viewport})`, async ({ app, sql, register, signedInPage }) => {
      const person = await register(`Wayan Lostphone ${unique()}`);
      const { page, errors, user: admin } = await signedInPage("admin", { viewport });
      await page.goto(`${app.url}/admin?tab=users&q=${encodeURIComponent(person.name)}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: `End sessions ${person.name}` }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByText(`End every session of ${person.name}?`).waitFor();
      await expectNoAxeViolations(page);
      expect(await statusOf(app.url, person.sessionToken)).toBe(200);

      await dialog.getByRole("button", { name: `End sessions of ${person.name}` }).click();
      expect(await toastText(page, "Success")).toContain("1 session ended");
      await dialog.waitFor({ state: "detached" });
      expect(await statusOf(app.url, person.sessionToken)).toBe(401);
      const audit = await sql<{ actor_id: number; changes: unknown }[]>`
        select actor_id, changes from audit_log where action = 'end_sessions' and target_id = ${person.id}`;
      expect(audit).toEqual([{ actor_id: admin.id, changes: { sessions: { from: 1, to: 0 } } }]);
      // The admin is still signed in and on the dashboard.
      expect(await statusOf(app.url, admin.token)).toBe(200);
      expectNoConsoleErrors(errors);
    });
  }
});

describe("turning two-step sign-in off without JavaScript", () => {
  test("the disclosure opens, the form asks for the password in itself, then turns it off", async ({
    app,
    sql,
    openPage,
    register,
  }) => {
    const person = await register(`Putu NoScript ${unique()}`);
    await enrol(app.url, person.sessionToken);
    // The sign-in was eleven minutes ago: turning a factor off asks for the password again.
    await sql`update auth_sessions set authenticated_at = now() - interval '11 minutes' where user_id = ${person.id}`;
    const { page, errors } = await openPage({ javaScriptEnabled: false });
    await signInPage(page, app.url, person.sessionToken);
    await page.goto(`${app.url}/profile/manage`);
    const section = page.getByRole("region", { name: "Two-step sign-in" });
    await section.getByText("Turn off", { exact: true }).click();
    await section.getByRole("button", { name: "Yes, turn off" }).click();

    // The answered page: the form open again, with a password field in it; still on.
    const confirm = section.getByRole("group", { name: "Confirm it is you" });
    await confirm.waitFor();
    expect(await sql`select 1 from user_totp where user_id = ${person.id} and confirmed_at is not null`).toHaveLength(1);
    await confirm.getByLabel("Password").fill("not my password at all");
    await section.getByRole("button", { name: "Yes, turn off" }).click();
    await section.getByText("That password is not right.").waitFor();
    expect(await sql`select 1 from user_totp where user_id = ${person.id} and confirmed_at is not null`).toHaveLength(1);

    await section.getByRole("group", { name: "Confirm it is you" }).getByLabel("Password").fill(person.password);
    await section.getByRole("button", { name: "Yes, turn off" }).click();
    await section.getByRole("button", { name: "Set up an authenticator app" }).waitFor();
    await expect
      .poll(async () => (await sql`select 1 from user_totp where user_id = ${person.id} and confirmed_at is not null`).length)
      .toBe(0);
    // The refusals were the page's own answers (403, 400): Chromium logs each.
    expectNoConsoleErrors(errors, [/status of 403/, /status of 400/]);
  });
});
