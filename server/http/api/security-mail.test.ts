import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";

// Issue 38: security e-mails through the queue and the real SMTP server, in the account's
// language: a factor added or removed, a recovery code used, a password changed.

const SECRETS_KEY = "test-secrets-key-0123456789abcdefghijklmnop";
const PASSWORD = "kettle-harbour-59";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

let env: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  env = await startApiApp({ SECRETS_KEY, ENFORCE_SECOND_FACTOR: "none" });
});
afterAll(async () => {
  await env?.close();
});

let counter = 0;
async function registered(locale?: string) {
  counter += 1;
  const email = `security${counter}@example.org`;
  const response = await call(env.app, "POST", "/api/auth/register", {
    body: { name: `Security Person ${counter}`, email, password: PASSWORD, ...(locale ? { locale } : {}) },
    ip: "198.51.100.7",
    headers: { "user-agent": FIREFOX },
  });
  expect(response.status, response.text).toBe(201);
  return { email, token: response.json.sessionToken as string };
}

function login(email: string, ip: string, userAgent: string) {
  return call(env.app, "POST", "/api/auth/login", {
    body: { email, password: PASSWORD },
    ip,
    headers: { "user-agent": userAgent },
  });
}

/** Mail to `email` whose subject matches, waiting for it (queued, then delivered by the worker). */
async function mailAbout(email: string, subject: RegExp) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = env.smtp.mailTo(email).find((mail) => subject.test(mail.subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no mail "${subject}" to ${email}: ${env.smtp.mailTo(email).map((m) => m.subject)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const codeFor = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

describe("security e-mails", () => {
  it("tells of a factor added, a recovery code used, and the factor removed", async () => {
    const person = await registered();
    const started = await call(env.app, "POST", "/api/account/mfa/totp", { token: person.token });
    expect(started.status, started.text).toBe(200);
    const confirmed = await call(env.app, "POST", "/api/account/mfa/totp/confirm", {
      token: person.token,
      body: { code: codeFor(started.json.secret) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    await mailAbout(person.email, /Two-step sign-in is on for your/);

    const password = await login(person.email, "198.51.100.7", FIREFOX);
    const recoveryCode = (confirmed.json.recoveryCodes as string[])[0];
    const second = await call(env.app, "POST", "/api/auth/login/mfa", {
      body: { challenge: password.json.challenge, recoveryCode },
      ip: "198.51.100.7",
      headers: { "user-agent": FIREFOX },
    });
    expect(second.status, second.text).toBe(200);
    const used = await mailAbout(person.email, /A recovery code was used/);
    expect(used.text).toContain("9 of 10 are left");
    expect(used.text).not.toContain(recoveryCode ?? "-");

    const off = await call(env.app, "DELETE", "/api/account/mfa/totp", { token: second.json.sessionToken });
    expect(off.status, off.text).toBe(204);
    await mailAbout(person.email, /Two-step sign-in is off for your/);
  });

  it("tells of a password change, in the account's language", async () => {
    const person = await registered("th");
    const changed = await call(env.app, "PUT", "/api/auth/password", {
      token: person.token,
      body: { currentPassword: PASSWORD, newPassword: "lantern-mango-77-river" },
    });
    expect(changed.status, changed.text).toBe(200);
    const mail = await mailAbout(person.email, /รหัสผ่าน .* ของคุณถูกเปลี่ยนแล้ว/);
    expect(mail.text).toContain("รหัสผ่านของบัญชีคุณถูกเปลี่ยนในหน้าบัญชี");
  });
});
