import { Writable } from "node:stream";
import * as OTPAuth from "otpauth";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/services/accounts/passwords.ts";
import { call, startApiApp, type TestApi } from "../../../tests/setup/api-app.ts";
import { recordLoggedError } from "../../../tests/setup/logged-errors.ts";

// Issue 38, "recovery codes never appear in logs": the whole life of a second factor through the
// JSON door (set up, sign in with a recovery code, a wrong one, re-authenticate with one, a new
// set, turn it off), with every log line the app writes at the most verbose level (trace, no
// redaction), and the security e-mails it queues sent. No line, no audit entry and no queued job
// carries a recovery code or the authenticator's secret.

const SECRETS_KEY = "test-secrets-key-0123456789abcdefghijklmnop";
const PASSWORD = "kettle-harbour-59";
const lines: string[] = [];
let env: TestApi;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      const text = String(chunk).trim();
      lines.push(text);
      // Errors still fail the test, as with the usual test logger.
      if ((JSON.parse(text) as { level: number }).level >= 50) recordLoggedError(text);
      done();
    },
  });
  env = await startApiApp({ SECRETS_KEY, ENFORCE_SECOND_FACTOR: "none" }, { log: pino({ level: "trace" }, sink) });
}, 120_000);

afterAll(async () => {
  await env?.close();
});

function codeNow(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
}

describe("second-factor secrets and the logs", () => {
  it("never writes a recovery code or the TOTP secret to a log line, the audit log or a queued job", async () => {
    const email = "logs.person@example.org";
    const ip = "198.51.100.77";
    await env.database.sql`
      insert into auth_users (email, name, hashed_password, is_email_verified)
      values (${email}, 'Logs Person', ${await hashPassword(PASSWORD)}, true)`;
    const login = await call(env.app, "POST", "/api/auth/login", { body: { email, password: PASSWORD }, ip });
    const token = login.json.sessionToken as string;

    const started = await call(env.app, "POST", "/api/account/mfa/totp", { token });
    expect(started.status, started.text).toBe(200);
    const secret = started.json.secret as string;
    const confirmed = await call(env.app, "POST", "/api/account/mfa/totp/confirm", { token, body: { code: codeNow(secret) } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const firstSet = confirmed.json.recoveryCodes as string[];
    expect(firstSet).toHaveLength(10);

    // Sign in with a recovery code; a wrong one on the way.
    const password = await call(env.app, "POST", "/api/auth/login", { body: { email, password: PASSWORD }, ip });
    expect(password.json).toMatchObject({ mfaRequired: true });
    const challenge = password.json.challenge as string;
    const wrongCode = "ZZZZZ-ZZZZZ";
    const wrong = await call(env.app, "POST", "/api/auth/login/mfa", { body: { challenge, recoveryCode: wrongCode }, ip });
    expect(wrong.status).toBe(401);
    const signedIn = await call(env.app, "POST", "/api/auth/login/mfa", { body: { challenge, recoveryCode: firstSet[0] }, ip });
    expect(signedIn.status, signedIn.text).toBe(200);
    const session = signedIn.json.sessionToken as string;

    // Re-authenticate with another recovery code, make a new set, and turn the app off.
    const again = await call(env.app, "POST", "/api/auth/reauthenticate", { token: session, body: { code: firstSet[1] } });
    expect(again.status, again.text).toBe(204);
    const renewed = await call(env.app, "POST", "/api/account/mfa/recovery-codes", { token: session });
    expect(renewed.status, renewed.text).toBe(200);
    const secondSet = renewed.json.recoveryCodes as string[];
    const off = await call(env.app, "DELETE", "/api/account/mfa/totp", { token: session });
    expect(off.status, off.text).toBeLessThan(300);

    // The security e-mails (factor added, recovery code used, factor removed) were sent: their jobs ran and logged.
    await expect.poll(() => env.smtp.mailTo(email).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(() => lines.filter((line) => line.includes('"mail sent"')).length, { timeout: 20_000 }).toBeGreaterThan(0);

    const secrets = [...firstSet, ...secondSet, wrongCode].flatMap((code) => [code, code.replace("-", "")]);
    secrets.push(secret);
    const jobs = await env.database.sql<{ data: string }[]>`select data::text as data from pgboss.job`;
    const audit = await env.database.sql<{ changes: string }[]>`select coalesce(changes::text, '') as changes from audit_log`;
    // The log did record the requests (the test reads what was written, not an empty log).
    expect(lines.some((line) => line.includes("/api/auth/login/mfa"))).toBe(true);
    expect(jobs.length).toBeGreaterThan(0);
    for (const text of [...lines, ...jobs.map((job) => job.data), ...audit.map((entry) => entry.changes)]) {
      const upper = text.toUpperCase();
      for (const value of secrets) expect(upper.includes(value.toUpperCase()), `${value} in ${text.slice(0, 300)}`).toBe(false);
    }
  }, 120_000);
});
