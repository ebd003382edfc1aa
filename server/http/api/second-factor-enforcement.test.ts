import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MFA_MESSAGES } from "#common/second-factor.ts";
import { loadConfig } from "#server/config.ts";
import { hashPassword } from "#server/services/accounts/passwords.ts";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";

// Issue 38, ENFORCE_SECOND_FACTOR: who must have a second factor. An admin without one is told to
// set it up at sign-in and can do nothing admin until then (the admin API, and the admin's powers
// through the other doors), a promotion says so by e-mail; `all` holds every account to it,
// `none` holds nobody. Validated at start-up.

const SECRETS_KEY = "test-secrets-key-0123456789abcdefghijklmnop";
const PASSWORD = "kettle-harbour-59";

type App = Awaited<ReturnType<typeof startApiApp>>;
let admins: App;
let everyone: App;
let nobody: App;
beforeAll(async () => {
  [admins, everyone, nobody] = await Promise.all([
    startApiApp({ SECRETS_KEY }),
    startApiApp({ SECRETS_KEY, ENFORCE_SECOND_FACTOR: "all" }),
    startApiApp({ SECRETS_KEY, ENFORCE_SECOND_FACTOR: "none" }),
  ]);
});
afterAll(async () => {
  await Promise.all([admins?.close(), everyone?.close(), nobody?.close()]);
});

let counter = 0;
/** An account with a password, signed in through the API (the answer kept). */
async function signedIn(env: App, role: "user" | "admin" = "user") {
  counter += 1;
  const email = `enforced${counter}@example.org`;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into auth_users (email, name, hashed_password, is_email_verified, role)
    values (${email}, ${`Enforced Person ${counter}`}, ${await hashPassword(PASSWORD)}, true, ${role}) returning id`;
  const login = await call(env.app, "POST", "/api/auth/login", {
    body: { email, password: PASSWORD },
    ip: `203.0.113.${counter}`,
  });
  expect(login.status, login.text).toBe(200);
  return { id: row!.id, email, token: login.json.sessionToken as string, login: login.json };
}

/** Sets up the authenticator app through the API with this session. */
async function enrol(env: App, token: string) {
  const started = await call(env.app, "POST", "/api/account/mfa/totp", { token });
  expect(started.status, started.text).toBe(200);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(started.json.secret), digits: 6, period: 30 }).generate();
  const confirmed = await call(env.app, "POST", "/api/account/mfa/totp/confirm", { token, body: { code } });
  expect(confirmed.status, confirmed.text).toBe(200);
  return started.json.secret as string;
}

const REFUSED = { message: MFA_MESSAGES.setupRequired, secondFactorRequired: true };

describe("ENFORCE_SECOND_FACTOR=admins (the default with SECRETS_KEY)", () => {
  it("sends an admin without a factor to set it up and refuses everything admin until then", async () => {
    const admin = await signedIn(admins, "admin");
    expect(admin.login.secondFactorSetupRequired).toBe(true);
    const list = await call(admins.app, "GET", "/api/admin/users", { token: admin.token });
    expect(list.status).toBe(403);
    expect(list.json).toEqual(REFUSED);
    const other = await signedIn(admins);
    const promote = await call(admins.app, "PUT", `/api/admin/users/${other.id}/promote`, { token: admin.token });
    expect(promote.status).toBe(403);
    expect(promote.json).toEqual(REFUSED);
    const [role] = await admins.database.sql<{ role: string }[]>`select role from auth_users where id = ${other.id}`;
    expect(role?.role).toBe("user");
    // The admin's power through another door: ending someone else's session as an admin.
    const sessions = await call(admins.app, "DELETE", `/api/admin/users/${other.id}/sessions`, { token: admin.token });
    expect(sessions.status).toBe(403);
    expect((await call(admins.app, "GET", "/api/auth/me", { token: other.token })).status).toBe(200);

    // The account itself stays usable: its page's data, and the set-up.
    expect((await call(admins.app, "GET", "/api/account/mfa", { token: admin.token })).status).toBe(200);
    expect((await call(admins.app, "GET", "/api/account/sessions", { token: admin.token })).status).toBe(200);
    await enrol(admins, admin.token);
    // The same session may act as an admin at once: the factor is read with the session.
    const after = await call(admins.app, "GET", "/api/admin/users", { token: admin.token });
    expect(after.status, after.text).toBe(200);
  });

  it("counts a passkey as the factor: the admin may act, and the password alone then asks for the passkey", async () => {
    const admin = await signedIn(admins, "admin");
    expect((await call(admins.app, "GET", "/api/admin/users", { token: admin.token })).status).toBe(403);
    // A passkey as registration leaves it (the browser test registers real ones: tests/e2e/passkeys.test.ts).
    await admins.database.sql`
      insert into passkeys (user_id, credential_id, public_key, counter, transports, name)
      values (${admin.id}, ${`credential-${admin.id}`}, 'cHVibGljLWtleQ', 0, '{internal}', 'Laptop')`;
    const after = await call(admins.app, "GET", "/api/admin/users", { token: admin.token });
    expect(after.status, after.text).toBe(200);

    const login = await call(admins.app, "POST", "/api/auth/login", {
      body: { email: admin.email, password: PASSWORD },
      ip: "198.51.100.7",
    });
    expect(login.json).toEqual({ mfaRequired: true, challenge: expect.any(String), methods: ["passkey"] });
    const options = await call(admins.app, "POST", "/api/auth/passkey/options", {
      body: { challenge: login.json.challenge },
      ip: "198.51.100.7",
    });
    expect(options.status, options.text).toBe(200);
    expect(options.json.allowCredentials).toEqual([
      { id: `credential-${admin.id}`, type: "public-key", transports: ["internal"] },
    ]);
    expect(options.json.userVerification).toBe("required");
    const stale = await call(admins.app, "POST", "/api/auth/passkey/options", {
      body: { challenge: "not-a-live-challenge" },
      ip: "198.51.100.7",
    });
    expect(stale.status).toBe(401);
    expect(stale.json.message).toBe(MFA_MESSAGES.challengeExpired);
  });

  it("holds a plain user to nothing", async () => {
    const user = await signedIn(admins);
    expect(user.login.secondFactorSetupRequired).toBeUndefined();
    expect((await call(admins.app, "GET", "/api/shortlists", { token: user.token })).status).toBe(200);
  });

  it("tells a promoted user by e-mail, ends their sessions, and holds the next sign-in to it", async () => {
    const admin = await signedIn(admins, "admin");
    await enrol(admins, admin.token);
    const user = await signedIn(admins);
    const promote = await call(admins.app, "PUT", `/api/admin/users/${user.id}/promote`, { token: admin.token });
    expect(promote.status, promote.text).toBe(200);
    const mail = await admins.smtp.waitForMail(user.email);
    expect(mail.subject).toMatch(/You are now an administrator of/);
    expect(mail.text).toContain("Administrators must sign in with an authenticator app.");
    expect(mail.text).toContain("/profile/manage#section-two-step");
    expect(mail.text).toContain("You have been signed out on every device");
    // The session begun as a user ended with the promotion; the next sign-in is held to the factor.
    expect((await call(admins.app, "GET", "/api/auth/me", { token: user.token })).status).toBe(401);
    const again = await call(admins.app, "POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(again.json.secondFactorSetupRequired).toBe(true);
    const list = await call(admins.app, "GET", "/api/admin/users", { token: again.json.sessionToken });
    expect(list.status).toBe(403);
    expect(list.json).toEqual(REFUSED);
  });

  it("tells a promoted user with a factor only that they are an admin; they sign in again as one", async () => {
    const admin = await signedIn(admins, "admin");
    await enrol(admins, admin.token);
    const user = await signedIn(admins);
    const secret = await enrol(admins, user.token);
    expect((await call(admins.app, "PUT", `/api/admin/users/${user.id}/promote`, { token: admin.token })).status).toBe(200);
    const mail = await admins.smtp.waitForMailAbout(user.email, /You are now an administrator of/);
    expect(mail.text).not.toContain("authenticator app");
    // Not as an admin with the session begun as a user: signed in again, with the second step.
    expect((await call(admins.app, "GET", "/api/admin/users", { token: user.token })).status).toBe(401);
    const password = await call(admins.app, "POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    const next = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + 30_000,
    });
    const second = await call(admins.app, "POST", "/api/auth/login/mfa", {
      body: { challenge: password.json.challenge, code: next },
    });
    expect(second.status, second.text).toBe(200);
    expect((await call(admins.app, "GET", "/api/admin/users", { token: second.json.sessionToken })).status).toBe(200);
  });
});

describe("ENFORCE_SECOND_FACTOR=all", () => {
  it("lets an account without a factor do nothing but manage itself until it has one", async () => {
    const user = await signedIn(everyone);
    expect(user.login.secondFactorSetupRequired).toBe(true);
    const shortlists = await call(everyone.app, "GET", "/api/shortlists", { token: user.token });
    expect(shortlists.status).toBe(403);
    expect(shortlists.json).toEqual(REFUSED);
    expect((await call(everyone.app, "GET", "/api/auth/me", { token: user.token })).status).toBe(200);
    expect((await call(everyone.app, "GET", "/api/account/sessions", { token: user.token })).status).toBe(200);
    await enrol(everyone, user.token);
    expect((await call(everyone.app, "GET", "/api/shortlists", { token: user.token })).status).toBe(200);
  });

  it("lets such an account prove itself again when its sign-in is no longer recent, then set one up", async () => {
    const user = await signedIn(everyone);
    // Signed in longer ago than REAUTHENTICATE_MINUTES: starting the set-up asks for the password again.
    await everyone.database.sql`update auth_sessions set authenticated_at = now() - interval '1 hour' where user_id = ${user.id}`;
    const stale = await call(everyone.app, "POST", "/api/account/mfa/totp", { token: user.token });
    expect(stale.status).toBe(403);
    expect(stale.json.reauthenticate).toBe(true);
    const again = await call(everyone.app, "POST", "/api/auth/reauthenticate", {
      token: user.token,
      body: { password: PASSWORD },
    });
    expect(again.status, again.text).toBe(204);
    await enrol(everyone, user.token);
  });

  it("asks a new account to set one up from its registration", async () => {
    const registered = await call(everyone.app, "POST", "/api/auth/register", {
      body: { name: "New Person", email: "new.enforced@example.org", password: PASSWORD },
    });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.json.secondFactorSetupRequired).toBe(true);
  });
});

describe("ENFORCE_SECOND_FACTOR=admins without SECRETS_KEY (passkeys only)", () => {
  it("starts, holds an admin to it, refuses the app's set-up naming the key, and lets a passkey admin act", async () => {
    const keyless = await startApiApp({ ENFORCE_SECOND_FACTOR: "admins" });
    try {
      const admin = await signedIn(keyless, "admin");
      expect(admin.login.secondFactorSetupRequired).toBe(true);
      const list = await call(keyless.app, "GET", "/api/admin/users", { token: admin.token });
      expect(list.status).toBe(403);
      expect(list.json).toEqual(REFUSED);
      // No key: an authenticator app cannot be set up (409 naming SECRETS_KEY), and nothing is stored.
      const started = await call(keyless.app, "POST", "/api/account/mfa/totp", { token: admin.token });
      expect(started.status, started.text).toBe(409);
      expect(started.json.message).toMatch(/SECRETS_KEY/);
      expect(await keyless.database.sql`select 1 from user_totp where user_id = ${admin.id}`).toHaveLength(0);
      // A passkey (as registration leaves it) is the factor: the same session may act as an admin.
      await keyless.database.sql`
        insert into passkeys (user_id, credential_id, public_key, counter, transports, name)
        values (${admin.id}, ${`keyless-credential-${admin.id}`}, 'cHVibGljLWtleQ', 0, '{internal}', 'Laptop')`;
      const after = await call(keyless.app, "GET", "/api/admin/users", { token: admin.token });
      expect(after.status, after.text).toBe(200);
    } finally {
      await keyless.close();
    }
  });
});

describe("ENFORCE_SECOND_FACTOR=none", () => {
  it("holds nobody to it, admins included", async () => {
    const admin = await signedIn(nobody, "admin");
    expect(admin.login.secondFactorSetupRequired).toBeUndefined();
    expect((await call(nobody.app, "GET", "/api/admin/users", { token: admin.token })).status).toBe(200);
  });
});

describe("the setting, at start-up", () => {
  const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(32) };
  it("defaults to admins when factors are possible, to none when SECRETS_KEY is missing", () => {
    expect(loadConfig({ ...base, SECRETS_KEY }).enforceSecondFactor).toBe("admins");
    expect(loadConfig(base).enforceSecondFactor).toBe("none");
    expect(loadConfig({ ...base, SECRETS_KEY, ENFORCE_SECOND_FACTOR: "all" }).enforceSecondFactor).toBe("all");
  });
  it("refuses a value it does not know, naming the setting", () => {
    expect(() => loadConfig({ ...base, SECRETS_KEY, ENFORCE_SECOND_FACTOR: "everyone" })).toThrow(
      /ENFORCE_SECOND_FACTOR: must be "admins", "all" or "none"/,
    );
  });
  it("takes admins or all without SECRETS_KEY: a passkey needs no key", () => {
    expect(loadConfig({ ...base, ENFORCE_SECOND_FACTOR: "admins" }).enforceSecondFactor).toBe("admins");
    expect(loadConfig({ ...base, ENFORCE_SECOND_FACTOR: "all" }).enforceSecondFactor).toBe("all");
  });
});
