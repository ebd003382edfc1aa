import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { PASSKEY_MESSAGES } from "#common/passkeys.ts";
import { freePort } from "#server/db/embedded.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, PASSWORD, signInPage, unique } from "../setup/e2e.ts";

// Issue 38, passkeys in the browser, with Chromium's software authenticator (the DevTools
// protocol's WebAuthn domain: a CTAP2 authenticator built into the device, holding discoverable
// credentials, that verifies its user). Register one on the account page with a name, sign out,
// sign in with it instead of the password, remove it behind the re-authentication dialog; the
// account page and the sign-in page are axe-core clean on a phone and a desktop. Then the unhappy
// paths against the API from the same page (so the answers are made by a real authenticator for
// this origin): a replayed answer, an answer for another origin, an expired challenge, garbage;
// each a 400 with its message that changes nothing, never a 500.
//
// WebAuthn needs a secure context and a domain as the RP ID: the app runs with PUBLIC_URL
// http://localhost:PORT, and the browser opens it there (not at 127.0.0.1).

const port = await freePort();
const base = `http://localhost:${port}`;
const test = e2e({ PORT: String(port), PUBLIC_URL: base });

// The refusals the test asks for on purpose: Chromium logs each failed response.
const EXPECTED_ERRORS = [/status of 400/, /status of 403/];

/** A software authenticator for this page: CTAP2, built in, discoverable credentials, verifies its user. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  type Credentials = Awaited<ReturnType<typeof cdp.send<"WebAuthn.getCredentials">>>["credentials"];
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    /** Takes the authenticator away (another device is used next). */
    remove: () => cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId }),
    /** Puts credentials another authenticator made into this one (that device is back). */
    add: async (credentials: Credentials) => {
      for (const credential of credentials) await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
    },
  };
}

/**
 * In the page: options from POST /api/auth/passkey/options, the authenticator's answer through
 * navigator.credentials.get, as the JSON @simplewebauthn/browser would send. `body` goes to the
 * options (a sign-in challenge, reauthenticate).
 */
function assertionIn(page: Page, body: Record<string, unknown> = {}) {
  return page.evaluate(async (optionsBody) => {
    const b64 = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const bytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
    const options = await fetch("/api/auth/passkey/options", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(optionsBody),
    }).then((response) => response.json());
    const credential = (await navigator.credentials.get({
      publicKey: {
        challenge: bytes(options.challenge),
        rpId: options.rpId,
        userVerification: "required",
        allowCredentials: (options.allowCredentials ?? []).map((item: { id: string }) => ({
          type: "public-key",
          id: bytes(item.id),
        })),
      },
    })) as PublicKeyCredential;
    const answer = credential.response as AuthenticatorAssertionResponse;
    return {
      challenge: options.challenge as string,
      response: {
        id: credential.id,
        rawId: b64(credential.rawId),
        type: "public-key",
        response: {
          clientDataJSON: b64(answer.clientDataJSON),
          authenticatorData: b64(answer.authenticatorData),
          signature: b64(answer.signature),
          ...(answer.userHandle ? { userHandle: b64(answer.userHandle) } : {}),
        },
        clientExtensionResults: {},
      },
    };
  }, body);
}

/** POSTs JSON from the page (same origin, the page's cookies): status and body. */
function postFrom(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { path, body },
  );
}

/** The answer with its client data's origin changed (what a phishing page's answer says). */
function withOrigin(response: { response: { clientDataJSON: string } }, origin: string) {
  const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8"));
  const changed = Buffer.from(JSON.stringify({ ...clientData, origin })).toString("base64url");
  return { ...response, response: { ...response.response, clientDataJSON: changed } };
}

describe("passkeys", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    test(`register on the account page, sign out, sign in with it, remove it (${viewport})`, async ({
      sql,
      smtp,
      openPage,
      register,
    }) => {
      const person = await register(`Pat Passkey ${unique()}`);
      const { page, errors } = await openPage({ viewport });
      const authenticator = await addAuthenticator(page);
      await signInPage(page, base, person.sessionToken);

      await page.goto(`${base}/profile/manage`);
      await waitForHydration(page);
      const section = page.getByRole("region", { name: "Passkeys" });
      await section.getByText("You have no passkeys yet.").waitFor();
      await expectNoAxeViolations(page);

      // A name is asked for first: nothing is registered without one.
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await section.getByRole("alert").filter({ hasText: "Give the passkey a name" }).waitFor();
      expect(await authenticator.credentials()).toHaveLength(0);

      await section.getByLabel("Passkey name").fill("Work laptop");
      await section.getByRole("button", { name: "Add a passkey" }).click();
      expect(await toastText(page, "Passkey added")).toContain("instead of your password");
      const list = section.getByRole("list", { name: "Your passkeys" });
      await list.getByText("Work laptop").waitFor();
      expect(await authenticator.credentials()).toHaveLength(1);
      const [stored] = await sql`select name, counter, last_used_at from passkeys where user_id = ${person.id}`;
      expect(stored).toMatchObject({ name: "Work laptop", last_used_at: null });
      // (from the top: the sticky header over a scrolled-under control is not what is checked here)
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `passkeys-account-${viewport}`);

      // The security e-mail for the new factor, and the audit log.
      const addedMail = () => smtp.mailTo(person.email).find((mail) => /passkey was added/i.test(mail.subject));
      await expect.poll(addedMail, { timeout: 15_000 }).toBeTruthy();
      expect(addedMail()?.text).toContain('"Work laptop"');
      const audited = await sql`select action, changes from audit_log where target_id = ${person.id} and action = 'factor_add'`;
      expect(audited[0]?.changes).toEqual({ factor: { from: null, to: "passkey: Work laptop" } });

      // Signed out: the sign-in page offers the passkey; it signs in without the password.
      await page.context().clearCookies();
      await page.goto(`${base}/sign-in?redirectTo=${encodeURIComponent("/profile/manage")}`);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      const sessionsBefore = (await sql`select count(*)::int as n from auth_sessions where user_id = ${person.id}`)[0]?.n;
      await page.getByRole("button", { name: "Use a passkey" }).click();
      expect(await toastText(page, "Login successful")).toContain(person.name);
      await page.waitForURL(`${base}/profile/manage`);
      await section.getByText("Work laptop").waitFor();
      const sessionsAfter = (await sql`select count(*)::int as n from auth_sessions where user_id = ${person.id}`)[0]?.n;
      expect(sessionsAfter).toBe(sessionsBefore + 1);
      const [used] = await sql`select counter, last_used_at from passkeys where user_id = ${person.id}`;
      expect(used?.last_used_at).not.toBeNull();
      await saveScreenshot(page, `passkeys-signed-in-${viewport}`);

      // Removing a factor asks for the password again once the sign-in is older than 10 minutes.
      await sql`update auth_sessions set authenticated_at = now() - interval '11 minutes' where user_id = ${person.id}`;
      await waitForHydration(page);
      await section.getByRole("button", { name: "Remove passkey Work laptop" }).click();
      const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
      await reauth.waitFor();
      expect((await sql`select count(*)::int as n from passkeys where user_id = ${person.id}`)[0]?.n).toBe(1);
      await reauth.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await reauth.getByRole("button", { name: "Confirm" }).click();
      expect(await toastText(page, "Passkey removed")).toContain("no longer sign you in");
      await section.getByText("You have no passkeys yet.").waitFor();
      expect((await sql`select count(*)::int as n from passkeys where user_id = ${person.id}`)[0]?.n).toBe(0);
      const removedAudit = await sql`select changes from audit_log where target_id = ${person.id} and action = 'factor_remove'`;
      expect(removedAudit[0]?.changes).toEqual({ factor: { from: "passkey: Work laptop", to: null } });
      await expect
        .poll(() => smtp.mailTo(person.email).some((mail) => /passkey was removed/i.test(mail.subject)), { timeout: 15_000 })
        .toBe(true);

      // The authenticator still holds the credential; the site no longer knows it: refused, with the reason.
      await page.context().clearCookies();
      await page.goto(`${base}/sign-in`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.getByRole("alert").filter({ hasText: PASSKEY_MESSAGES.signInFailed }).first().waitFor();
      expect((await sql`select count(*)::int as n from auth_sessions where user_id = ${person.id}`)[0]?.n).toBe(sessionsAfter);
      expectNoConsoleErrors(errors, EXPECTED_ERRORS);
    });
  }

  test("registers several passkeys, one per device, each named; either signs in", async ({ sql, openPage, register }) => {
    const person = await register(`Sev Eral ${unique()}`);
    const { page, errors } = await openPage();
    const laptop = await addAuthenticator(page);
    await signInPage(page, base, person.sessionToken);
    await page.goto(`${base}/profile/manage`);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Passkeys" });
    const list = section.getByRole("list", { name: "Your passkeys" });
    await section.getByLabel("Passkey name").fill("Work laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await list.getByText("Work laptop").waitFor();

    // Another device: the laptop's authenticator is gone, a phone's is there.
    const laptopCredentials = await laptop.credentials();
    await laptop.remove();
    const phone = await addAuthenticator(page);
    await section.getByLabel("Passkey name").fill("Phone");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await list.getByText("Phone", { exact: true }).waitFor();
    await list.getByText("Work laptop").waitFor();
    expect(await phone.credentials()).toHaveLength(1);
    const stored = await sql`select name from passkeys where user_id = ${person.id} order by name`;
    expect(stored.map((row) => row.name)).toEqual(["Phone", "Work laptop"]);

    // The phone's passkey signs in on its own; then, the laptop back instead of the phone, the laptop's.
    const usedPasskeys = async () =>
      (await sql`select name from passkeys where user_id = ${person.id} and last_used_at is not null order by name`).map(
        (row) => row.name,
      );
    const signInWithPasskey = async () => {
      await page.context().clearCookies();
      await page.goto(`${base}/sign-in`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Use a passkey" }).click();
      expect(await toastText(page, "Login successful")).toContain(person.name);
    };
    await signInWithPasskey();
    await expect.poll(usedPasskeys).toEqual(["Phone"]);
    await phone.remove();
    const laptopAgain = await addAuthenticator(page);
    await laptopAgain.add(laptopCredentials);
    await signInWithPasskey();
    await expect.poll(usedPasskeys).toEqual(["Phone", "Work laptop"]);
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  test("after the password, a passkey is the second step; it also re-authenticates", async ({ sql, openPage, register }) => {
    const person = await register(`Sam Second ${unique()}`);
    const { page, errors } = await openPage({ viewport: "phone" });
    await addAuthenticator(page);
    await signInPage(page, base, person.sessionToken);
    await page.goto(`${base}/profile/manage`);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByLabel("Passkey name").fill("Phone");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await toastText(page, "Passkey added");

    // The password alone no longer signs in: the second step asks for the passkey (no app: no code field).
    await page.context().clearCookies();
    await page.goto(`${base}/sign-in?redirectTo=${encodeURIComponent("/profile/manage")}`);
    await waitForHydration(page);
    const passwordForm = page.locator('form:has(input[type="password"])');
    await passwordForm.getByLabel("Email").fill(person.email);
    await passwordForm.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await passwordForm.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Confirm it is you with one of your passkeys.").waitFor();
    await expect(page.getByLabel("Authentication code").count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    expect((await sql`select count(*)::int as n from auth_sessions where user_id = ${person.id}`)[0]?.n).toBe(1);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    expect(await toastText(page, "Login successful")).toContain(person.name);
    await page.waitForURL(`${base}/profile/manage`);

    // A stale sign-in: removing the passkey asks to confirm, and the passkey itself confirms.
    await sql`update auth_sessions set authenticated_at = now() - interval '11 minutes' where user_id = ${person.id}`;
    await section.getByRole("button", { name: "Remove passkey Phone" }).click();
    const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
    await reauth.getByRole("button", { name: "Use a passkey instead" }).click();
    expect(await toastText(page, "Passkey removed")).toContain("no longer sign you in");
    expect((await sql`select count(*)::int as n from passkeys where user_id = ${person.id}`)[0]?.n).toBe(0);
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  test("a replayed, foreign, expired or malformed answer is a 400 with its reason and changes nothing", async ({
    sql,
    openPage,
    register,
  }) => {
    const person = await register(`Robin Replay ${unique()}`);
    const { page } = await openPage();
    await addAuthenticator(page);
    await signInPage(page, base, person.sessionToken);
    await page.goto(`${base}/profile/manage`);
    await waitForHydration(page);
    await page.getByRole("region", { name: "Passkeys" }).getByLabel("Passkey name").fill("Phone");
    await page.getByRole("region", { name: "Passkeys" }).getByRole("button", { name: "Add a passkey" }).click();
    await toastText(page, "Passkey added");
    // Renamed through the API: a name of 1 to 60 characters; another account's id (or none) names nothing.
    const passkeyId = Number((await sql`select id from passkeys where user_id = ${person.id}`)[0]?.id);
    const rename = (id: number, name: unknown) =>
      page.evaluate(
        async ({ id, name }) => {
          const response = await fetch(`/api/account/passkeys/${id}`, {
            method: "PATCH",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name }),
          });
          return { status: response.status, body: await response.json() };
        },
        { id, name },
      );
    expect(await rename(passkeyId, "  Pocket phone ")).toEqual({
      status: 200,
      body: { passkey: expect.objectContaining({ id: passkeyId, name: "Pocket phone" }) },
    });
    expect((await rename(passkeyId, " ")).body.message).toBe(PASSKEY_MESSAGES.nameRequired);
    expect((await rename(passkeyId, "x".repeat(61))).status).toBe(400);
    expect((await rename(passkeyId + 1000, "Mine now")).status).toBe(404);
    expect((await sql`select name from passkeys where id = ${passkeyId}`)[0]?.name).toBe("Pocket phone");
    await page.context().clearCookies();
    const sessions = async () => (await sql`select count(*)::int as n from auth_sessions where user_id = ${person.id}`)[0]?.n;
    const counter = async () => (await sql`select counter from passkeys where user_id = ${person.id}`)[0]?.counter;

    // A good answer signs in once; the same answer again finds its challenge used.
    const first = await assertionIn(page);
    const before = await sessions();
    const signedIn = await postFrom(page, "/api/auth/passkey/verify", { response: first.response });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(person.id);
    expect(await sessions()).toBe(before + 1);
    const counterAfter = await counter();
    await page.context().clearCookies();
    const replayed = await postFrom(page, "/api/auth/passkey/verify", { response: first.response });
    expect(replayed).toEqual({ status: 400, body: expect.objectContaining({ message: PASSKEY_MESSAGES.challengeExpired }) });
    expect(await sessions()).toBe(before + 1);

    // An answer made for another origin (a phishing page's): refused, and its challenge is gone too.
    const foreign = await assertionIn(page);
    const wrongOrigin = await postFrom(page, "/api/auth/passkey/verify", {
      response: withOrigin(foreign.response, "https://devconsult.example"),
    });
    expect(wrongOrigin).toEqual({ status: 400, body: expect.objectContaining({ message: PASSKEY_MESSAGES.wrongOrigin }) });
    const afterForeign = await postFrom(page, "/api/auth/passkey/verify", { response: foreign.response });
    expect(afterForeign.status).toBe(400);
    expect(afterForeign.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);

    // A challenge lasts 5 minutes.
    const late = await assertionIn(page);
    await sql`update passkey_challenges set expires_at = now() - interval '1 second' where used_at is null`;
    const expired = await postFrom(page, "/api/auth/passkey/verify", { response: late.response });
    expect(expired).toEqual({ status: 400, body: expect.objectContaining({ message: PASSKEY_MESSAGES.challengeExpired }) });

    // Garbage: the shape is refused before anything is looked up.
    for (const body of [
      {},
      { response: {} },
      { response: { ...late.response, response: { clientDataJSON: "!!" } } },
      { response: "x" },
    ]) {
      const answer = await postFrom(page, "/api/auth/passkey/verify", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    const badJson = await page.evaluate(() =>
      fetch("/api/auth/passkey/verify", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }).then(
        (response) => response.status,
      ),
    );
    expect(badJson).toBe(400);
    expect(await sessions()).toBe(before + 1);
    expect(await counter()).toBe(counterAfter);
  });
});
