import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "#server/jobs/queue.ts";
import { startWorkers } from "#server/jobs/workers.ts";
import { startTestJobQueue } from "../../../tests/setup/api-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { recordingLog, type TestServiceDeps, testServiceDeps } from "../../../tests/setup/service-deps.ts";
import { findLink, startSmtpServer, type TestSmtp } from "../../../tests/setup/smtp.ts";
import { actorOf } from "../context.ts";
import { Conflict, Unauthorized, ValidationFailed } from "../errors.ts";
import { resolveSession } from "../sessions.ts";
import { updateAccountProfile } from "./account.ts";
import { requestPasswordReset } from "./password-reset.ts";
import { registerAccount } from "./registration.ts";
import { resendVerificationEmail, verifyEmail } from "./verification.ts";

// The account services' e-mails go through the job queue, queued in the transaction of the write
// they announce: the answer never waits for the mail server, and a write that fails sends nothing.
// Tested against a real SMTP server that takes a connection and then says nothing at all.

let database: TestDatabase;
let silent: TestSmtp;
let jobs: JobQueue;
let deps: TestServiceDeps;

beforeAll(async () => {
  [database, silent] = await Promise.all([createTestDatabase(), startSmtpServer({ silent: true })]);
  const log = recordingLog().log;
  jobs = await startTestJobQueue(database.url, log);
  deps = await testServiceDeps(database.db, { jobs, smtpUrl: silent.url, log });
  await startWorkers(jobs, { db: database.db, config: deps.config, mailer: deps.mailer, log, runtime: deps.runtime });
});
afterAll(async () => {
  await jobs?.stop();
  await silent?.close();
  await database?.close();
});

let addresses = 0;
/** A fresh address and network per call, so neither accounts nor rate limits collide. */
function fresh() {
  addresses += 1;
  return {
    email: `person-${randomBytes(4).toString("hex")}@example.org`,
    deps: { ...deps, clientIp: `198.51.100.${addresses}` },
  };
}

async function mailJobsTo(address: string) {
  const [row] = await database.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = ${address}`;
  return row?.n ?? 0;
}

describe("e-mails of the account services", () => {
  it("answers a registration while the mail server has not said a word, and the link arrives once it does", async () => {
    const { email, deps: visitor } = fresh();
    const signedIn = await registerAccount(visitor, { name: "Lan Nguyen", email, password: "a long enough passphrase" });
    expect(signedIn.user).toMatchObject({ email, name: "Lan Nguyen", isEmailVerified: false });
    expect(await resolveSession(database.db, signedIn.sessionToken, {}, "none")).not.toBeNull();
    // The worker has connected and waits for the greeting that does not come; nothing was delivered.
    await expect.poll(() => silent.connectionCount(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(silent.mailTo(email)).toEqual([]);
    expect(await mailJobsTo(email)).toBe(1);

    silent.answer();
    const mail = await silent.waitForMail(email);
    expect(mail.subject).toBe("Verify your email address for DevConsult SEA");
    const link = findLink(mail, "/verify-email");
    await expect(verifyEmail(visitor, { token: link.searchParams.get("token") })).resolves.toMatchObject({
      status: "verified",
      email,
    });
  });

  it("queues nothing when the write fails: a taken address, an invalid form", async () => {
    const { email, deps: visitor } = fresh();
    await registerAccount(visitor, { name: "First", email, password: "a long enough passphrase" });
    await expect(
      registerAccount(fresh().deps, { name: "Second", email: email.toUpperCase(), password: "another passphrase" }),
    ).rejects.toBeInstanceOf(Conflict);
    await expect(registerAccount(fresh().deps, { name: "", email, password: "x" })).rejects.toBeInstanceOf(ValidationFailed);
    expect(await mailJobsTo(email)).toBe(1);
  });

  it("queues a fresh link with a changed address and on Resend, never for a visitor", async () => {
    const { email, deps: visitor } = fresh();
    const signedIn = await registerAccount(visitor, { name: "Lan Nguyen", email, password: "a long enough passphrase" });
    const session = await resolveSession(database.db, signedIn.sessionToken, {}, "none");
    const actor = actorOf(session);
    await expect(resendVerificationEmail(visitor, null)).rejects.toBeInstanceOf(Unauthorized);
    await resendVerificationEmail(visitor, actor);
    expect(await mailJobsTo(email)).toBe(2);

    const other = fresh().email;
    const changed = await updateAccountProfile(visitor, actor, { name: "Lan Nguyen", email: other });
    expect(changed).toMatchObject({ emailChanged: true, user: { email: other, isEmailVerified: false } });
    expect(await mailJobsTo(other)).toBe(1);
    // Saving the same address again sends nothing.
    await updateAccountProfile(visitor, actor, { name: "Lan N.", email: other });
    expect(await mailJobsTo(other)).toBe(1);
  });

  it("answers a reset request the same way for an unknown address, and queues the link only for a known one", async () => {
    const { email, deps: visitor } = fresh();
    await registerAccount(visitor, { name: "Lan Nguyen", email, password: "a long enough passphrase" });
    await expect(requestPasswordReset(fresh().deps, { email: fresh().email })).resolves.toBeUndefined();
    await expect(requestPasswordReset(fresh().deps, { email })).resolves.toBeUndefined();
    // The link is written after the answer: wait for its job rather than for the reply.
    await expect.poll(() => mailJobsTo(email), { timeout: 15_000 }).toBe(2);
  });
});
