import * as OTPAuth from "otpauth";
import { describe, expect } from "vitest";
import { call, cookieFrom } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";

// Issue 38: security e-mails through the queue and the real SMTP server, in the account's
// language: a sign-in from a new device, a factor added or removed, a recovery code used, a
// password changed.

const SECRETS_KEY = "test-secrets-key-0123456789abcdefghijklmnop";
const PASSWORD = "kettle-harbour-59";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const it = apiTest({ SECRETS_KEY, ENFORCE_SECOND_FACTOR: "none" });
const env = fileApi(it);

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
  // The registration's browser keeps its device cookie (set with the session's).
  const device = cookieFrom(response.headers, "device");
  expect(device).toMatch(/^device=[A-Za-z0-9_-]{43}$/);
  return { email, token: response.json.sessionToken as string, device: device as string };
}

function login(email: string, ip: string, userAgent: string, cookie?: string) {
  return call(env.app, "POST", "/api/auth/login", {
    body: { email, password: PASSWORD },
    ip,
    headers: { "user-agent": userAgent },
    ...(cookie ? { cookie } : {}),
  });
}

/**
 * The new-device mails queued for `email` so far (by their subject's start, in the account's
 * language): queued in the sign-in's transaction, so final once the sign-in answered.
 */
async function newDeviceMailsQueued(email: string, subjectStart = "New sign-in to your"): Promise<number> {
  const [row] = await env.database.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job
    where name = 'mail' and data->>'to' = ${email} and starts_with(data->>'subject', ${subjectStart})`;
  return row?.n ?? 0;
}

/**
 * `email` signs in from `ip` with `userAgent` (and the device `cookie`), answered 200; with `queued`,
 * that many new-device mails (in English) are queued for it so far.
 */
async function signsIn(
  email: string,
  ip: string,
  userAgent: string,
  { queued, cookie }: { queued?: number; cookie?: string } = {},
) {
  expect((await login(email, ip, userAgent, cookie)).status).toBe(200);
  if (queued !== undefined) expect(await newDeviceMailsQueued(email)).toBe(queued);
}

/** Turns on the authenticator app for the session `token` (set up, then confirmed with a code): its recovery codes. */
async function turnOnAuthenticatorApp(token: string): Promise<string[]> {
  const started = await call(env.app, "POST", "/api/account/mfa/totp", { token });
  expect(started.status, started.text).toBe(200);
  const confirmed = await call(env.app, "POST", "/api/account/mfa/totp/confirm", {
    token,
    body: { code: codeFor(started.json.secret) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return confirmed.json.recoveryCodes as string[];
}

const mailAbout = (email: string, subject: RegExp) => env.smtp.waitForMailAbout(email, subject);

const codeFor = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

describe("security e-mails", () => {
  it("tells of a sign-in from a new device, not of one from a device it knows", async () => {
    const person = await registered();
    // The first sign-in, and then the registration's browser on its network: known.
    await signsIn(person.email, "198.51.100.9", FIREFOX, { queued: 0 });
    // A phone on another network, without the cookie: new.
    await signsIn(person.email, "203.0.113.40", IPHONE, { queued: 1 });
    const mail = await mailAbout(person.email, /^New sign-in to your DevConsult SEA account$/);
    expect(mail.text).toContain("Safari on iPhone, network 203.0.113.x");
    expect(mail.text).toContain("/profile/manage#section-sessions");
    // Only the network, never the address.
    expect(mail.text).not.toContain("203.0.113.40");
    expect(mail.html).not.toContain("203.0.113.40");
    // The same phone on the same network, and the registration's browser (its cookie) on a new
    // network: known, nothing more queued.
    await signsIn(person.email, "203.0.113.41", IPHONE, { queued: 1 });
    await signsIn(person.email, "192.0.2.77", FIREFOX, { queued: 1, cookie: person.device });
    // That sign-in taught its words and network too: known there without the cookie; without it
    // on yet another network, the browser is new.
    await signsIn(person.email, "192.0.2.78", FIREFOX, { queued: 1 });
    await signsIn(person.email, "100.64.9.1", FIREFOX, { queued: 2 });
  });

  it("does not tell of the first sign-in after the registration, whatever the device", async () => {
    const person = await registered();
    await signsIn(person.email, "203.0.113.40", IPHONE, { queued: 0 });
    await signsIn(person.email, "100.64.1.2", ANDROID, { queued: 1 });
    expect((await mailAbout(person.email, /^New sign-in/)).text).toContain("Chrome on Android, network 100.64.1.x");
  });

  it("says it in the account's language, after the second step when there is one", async () => {
    const VI_SUBJECT = "Lượt đăng nhập mới vào tài khoản";
    const person = await registered("vi");
    const recoveryCodes = await turnOnAuthenticatorApp(person.token);
    // The registration's browser signs in once (the account has now signed in before).
    const first = await login(person.email, "198.51.100.7", FIREFOX, person.device);
    expect(first.json.mfaRequired).toBe(true);
    const firstStep = await call(env.app, "POST", "/api/auth/login/mfa", {
      body: { challenge: first.json.challenge, recoveryCode: recoveryCodes[0] },
      ip: "198.51.100.7",
      headers: { "user-agent": FIREFOX, cookie: person.device },
    });
    expect(firstStep.status, firstStep.text).toBe(200);
    // A new phone: the password alone tells nothing (no session yet); the second step does.
    const password = await login(person.email, "2001:db8:85a3:1:2:3:4:5", IPHONE);
    expect(password.json.mfaRequired).toBe(true);
    expect(await newDeviceMailsQueued(person.email, VI_SUBJECT)).toBe(0);
    const second = await call(env.app, "POST", "/api/auth/login/mfa", {
      body: { challenge: password.json.challenge, recoveryCode: recoveryCodes[1] },
      ip: "2001:db8:85a3:1:2:3:4:5",
      headers: { "user-agent": IPHONE },
    });
    expect(second.status, second.text).toBe(200);
    expect(await newDeviceMailsQueued(person.email, VI_SUBJECT)).toBe(1);
    const mail = await mailAbout(person.email, /^Lượt đăng nhập mới vào tài khoản DevConsult SEA của bạn$/);
    expect(mail.text).toContain("Safari trên iPhone, mạng 2001:db8:85a3::/48");
    expect(mail.text).not.toContain("2001:db8:85a3:1");
  });

  it("words the device in the account's language (Thai), as the account page does", async () => {
    const TH_SUBJECT = /^มีการลงชื่อเข้าใช้ใหม่ในบัญชี DevConsult SEA ของคุณ$/;
    const person = await registered("th");
    await signsIn(person.email, "198.51.100.9", FIREFOX);
    // A phone on another network: its browser and system named, the words between them Thai.
    await signsIn(person.email, "100.64.2.3", ANDROID);
    const phone = await mailAbout(person.email, TH_SUBJECT);
    expect(phone.text).toContain("จากอุปกรณ์ที่เราไม่เคยเห็นมาก่อน: Chrome บน Android เครือข่าย 100.64.2.x");
    expect(phone.html).toContain("Chrome บน Android");
    expect(phone.text).not.toContain("Chrome on Android");
    // A client whose header names nothing known: "Unknown device", in Thai.
    await signsIn(person.email, "100.64.3.4", "");
    const unknown = await env.smtp.waitForMailAbout(
      person.email,
      (mail) => TH_SUBJECT.test(mail.subject) && mail.text.includes("100.64.3.x"),
    );
    expect(unknown.text).toContain("อุปกรณ์ที่ไม่รู้จัก เครือข่าย 100.64.3.x");
    expect(unknown.text).not.toContain("Unknown device");
  });

  it("gives a browser its device cookie only when it signs in, and keeps the one it has", async () => {
    const visit = await call(env.app, "GET", "/api/consultants");
    expect(cookieFrom(visit.headers, "device")).toBeUndefined();
    const refused = await call(env.app, "POST", "/api/auth/login", {
      body: { email: "nobody@example.org", password: PASSWORD },
      ip: "192.0.2.200",
    });
    expect(refused.status).toBe(401);
    expect(cookieFrom(refused.headers, "device")).toBeUndefined();
    const person = await registered();
    const again = await login(person.email, "198.51.100.7", FIREFOX, person.device);
    expect(again.status).toBe(200);
    expect(cookieFrom(again.headers, "device")).toBeUndefined();
    // A cookie that is not a token the site made is not kept: a new one is set.
    const forged = await login(person.email, "198.51.100.7", FIREFOX, "device=x");
    expect(cookieFrom(forged.headers, "device")).toMatch(/^device=[A-Za-z0-9_-]{43}$/);
  });

  it("tells of a factor added, a recovery code used, new recovery codes and the factor removed", async () => {
    const person = await registered();
    const recoveryCodes = await turnOnAuthenticatorApp(person.token);
    await mailAbout(person.email, /Two-step sign-in is on for your/);

    const password = await login(person.email, "198.51.100.7", FIREFOX);
    const recoveryCode = recoveryCodes[0];
    const second = await call(env.app, "POST", "/api/auth/login/mfa", {
      body: { challenge: password.json.challenge, recoveryCode },
      ip: "198.51.100.7",
      headers: { "user-agent": FIREFOX },
    });
    expect(second.status, second.text).toBe(200);
    const used = await mailAbout(person.email, /A recovery code was used/);
    expect(used.text).toContain("9 of 10 are left");
    expect(used.text).not.toContain(recoveryCode ?? "-");

    const renewed = await call(env.app, "POST", "/api/account/mfa/recovery-codes", { token: second.json.sessionToken });
    expect(renewed.status, renewed.text).toBe(200);
    const fresh = await mailAbout(person.email, /^New recovery codes were made for your DevConsult SEA account$/);
    expect(fresh.text).toContain("The codes you had before no longer work.");
    for (const code of renewed.json.recoveryCodes as string[]) expect(fresh.text + fresh.html).not.toContain(code);

    const off = await call(env.app, "DELETE", "/api/account/mfa/totp", { token: second.json.sessionToken });
    expect(off.status, off.text).toBe(204);
    await mailAbout(person.email, /Two-step sign-in is off for your/);
  });

  it("tells the old address of an e-mail change, without the new one in full, in the account's language", async () => {
    const person = await registered("vi");
    const changed = await call(env.app, "PUT", "/api/auth/profile", {
      token: person.token,
      body: { name: "Security Person", email: "lan.moved@example.net" },
    });
    expect(changed.status, changed.text).toBe(200);
    const mail = await mailAbout(person.email, /^Địa chỉ e-mail của tài khoản DevConsult SEA của bạn đã được thay đổi$/);
    expect(mail.text).toContain("l•••@example.net");
    expect(mail.text).not.toContain("lan.moved@example.net");
    expect(mail.html).not.toContain("lan.moved@example.net");
    expect(mail.text).toContain("/vi/contact");
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
