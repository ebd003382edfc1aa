import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestJobQueue } from "../../tests/setup/api-app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { recordingLog, type TestServiceDeps, testServiceDeps } from "../../tests/setup/service-deps.ts";
import { startSmtpServer, type TestSmtp } from "../../tests/setup/smtp.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { startWorkers } from "../jobs/workers.ts";
import { submitContactMessage } from "./contact.ts";
import { TooManyRequests } from "./errors.ts";

// The contact form against real parts: PostgreSQL, the job queue with its workers, and an SMTP
// server (one that takes every message, and one that refuses the first ones as a busy server does).

let database: TestDatabase;
let smtp: TestSmtp;
let jobs: JobQueue;
let deps: TestServiceDeps;
const log = recordingLog();

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  jobs = await startTestJobQueue(database.url, log.log);
  deps = await testServiceDeps(database.db, {
    smtpUrl: smtp.url,
    jobs,
    log: log.log,
    env: { SUPPORT_EMAIL: "support@devconsult.test", SITE_NAME: "DevConsult SEA" },
  });
  await startWorkers(jobs, { db: database.db, config: deps.config, mailer: deps.mailer, log: log.log, runtime: deps.runtime });
});
afterAll(async () => {
  await jobs?.stop();
  await smtp?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.sql`delete from rate_limits`;
  await database.sql`delete from contact_messages`;
  smtp.received.length = 0;
});

const message = {
  firstName: "Siti",
  lastName: "Rahmawati",
  email: "siti@example.org",
  subject: "partnership" as const,
  message: "We run a nutrition programme in Aceh and would like to list our roster of local experts.",
};

const from = (clientIp: string) => ({ ...deps, clientIp });
const sender = () => from("203.0.113.7");

async function emailedAt(id: number) {
  const [row] = await database.sql<{ emailed_at: Date | null }[]>`select emailed_at from contact_messages where id = ${id}`;
  return row?.emailed_at ?? null;
}

describe("contact messages", () => {
  it("stores the message and e-mails it to support with Reply-To the sender", async () => {
    const result = await submitContactMessage(sender(), message);
    expect(result).toMatchObject({ status: "sent" });
    const rows = await database.sql`select * from contact_messages`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: "Siti",
      last_name: "Rahmawati",
      email: "siti@example.org",
      subject: "partnership",
      message: message.message,
    });
    const mail = await smtp.waitForMail("support@devconsult.test");
    expect(mail.subject).toBe("Contact form: Partnership Opportunities from Siti Rahmawati");
    expect(mail.raw).toMatch(/^Reply-To: siti@example\.org\r?$/im);
    expect(mail.text).toContain(message.message);
    expect(mail.text).toContain("From: Siti Rahmawati <siti@example.org>");
    // Marked e-mailed once the mail server took it.
    if (result.status !== "sent") throw new Error("expected the message to be sent");
    await expect.poll(() => emailedAt(result.id)).not.toBeNull();
    expect(smtp.mailTo("support@devconsult.test")).toHaveLength(1);
  });

  it("keeps line breaks of a name out of the e-mail subject", async () => {
    await submitContactMessage(sender(), { ...message, firstName: "Siti\r\nBcc: x@evil.test" });
    const mail = await smtp.waitForMail("support@devconsult.test");
    expect(mail.subject).toBe("Contact form: Partnership Opportunities from Siti Bcc: x@evil.test Rahmawati");
    expect(mail.to).toEqual(["support@devconsult.test"]);
  });

  it("refuses an invalid form with the field's message and stores nothing", async () => {
    await expect(submitContactMessage(sender(), { ...message, email: "not-an-address" })).rejects.toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: "email" })],
    });
    expect(await database.sql`select id from contact_messages`).toHaveLength(0);
  });

  it("keeps the message while the mail server refuses, and delivers it when it takes mail again", async () => {
    // A database, queue and mail server of its own, so no other test's worker takes this job.
    const [own, busy] = await Promise.all([createTestDatabase(), startSmtpServer({ refuse: 1 })]);
    const ownLog = recordingLog();
    const ownJobs = await startTestJobQueue(own.url, ownLog.log);
    try {
      const ownDeps = await testServiceDeps(own.db, {
        smtpUrl: busy.url,
        jobs: ownJobs,
        log: ownLog.log,
        env: { SUPPORT_EMAIL: "support@devconsult.test" },
      });
      await startWorkers(ownJobs, {
        db: own.db,
        config: ownDeps.config,
        mailer: ownDeps.mailer,
        log: ownLog.log,
        runtime: ownDeps.runtime,
      });
      const result = await submitContactMessage(ownDeps, message);
      if (result.status !== "sent") throw new Error("expected the message to be sent");
      const mail = await busy.waitForMail("support@devconsult.test");
      expect(busy.refusedCount()).toBe(1);
      expect(mail.text).toContain(message.message);
      expect(ownLog.entries.filter((entry) => entry.msg === "job failed; it will be retried")).toHaveLength(1);
      await expect
        .poll(async () => (await own.sql`select emailed_at from contact_messages where id = ${result.id}`)[0]?.emailed_at)
        .not.toBeNull();
    } finally {
      await ownJobs.stop();
      await busy.close();
      await own.close();
    }
  });

  it("discards a message whose honeypot is filled in, without storing or mailing it", async () => {
    const queued = async () =>
      (await database.sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'contact-mail'`)[0]?.n;
    const before = await queued();
    const result = await submitContactMessage(sender(), { ...message, website: "http://spam.test" });
    expect(result).toEqual({ status: "discarded" });
    expect(await database.sql`select id from contact_messages`).toHaveLength(0);
    expect(await queued()).toBe(before);
  });

  it("allows five messages an hour from one address, then refuses with a Retry-After", async () => {
    for (let i = 0; i < 5; i++) await submitContactMessage(sender(), message);
    const error = await submitContactMessage(sender(), message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).retryAfterSeconds).toBeGreaterThan(0);
    expect(await database.sql`select id from contact_messages`).toHaveLength(5);
    await expect.poll(() => smtp.mailTo("support@devconsult.test").length, { timeout: 15_000 }).toBe(5);
    // Another address is not affected.
    await expect(submitContactMessage(from("198.51.100.4"), message)).resolves.toMatchObject({ status: "sent" });
  });

  it("counts honeypot submissions against the limit too", async () => {
    for (let i = 0; i < 5; i++) await submitContactMessage(sender(), { ...message, website: "x" });
    await expect(submitContactMessage(sender(), message)).rejects.toBeInstanceOf(TooManyRequests);
  });

  it("is protected by the database's own checks", async () => {
    await expect(
      database.sql`insert into contact_messages (first_name, last_name, email, subject, message)
        values ('A', 'B', 'a@example.org', 'spam', 'long enough message')`,
    ).rejects.toThrow(/contact_messages_subject_check/);
    await expect(
      database.sql`insert into contact_messages (first_name, last_name, email, subject, message)
        values ('A', 'B', 'a@example.org', 'general', 'short')`,
    ).rejects.toThrow(/contact_messages_length_check/);
  });
});
