import { afterEach, describe, expect } from "vitest";
import { createRuntime } from "#server/runtime.ts";
import { startTestJobQueue } from "../../tests/setup/api-app.ts";
import type { TestDatabase } from "../../tests/setup/database.ts";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { startSmtpServer, type TestSmtp } from "../../tests/setup/smtp.ts";
import { loadConfig } from "../config.ts";
import { createMailer } from "../services/mail.ts";
import { enqueueMail } from "./mail.ts";
import { JOBS, type JobQueue } from "./queue.ts";
import { startWorkers } from "./workers.ts";

const it = databaseTest();

// The job queue on the real test PostgreSQL, delivering to a real SMTP server. "Instances" are
// separate pg-boss queues with their own connection pools and workers, as two app processes are.

const silent = { info: () => {}, warn: () => {}, error: () => {} };

const opened: { stop: () => Promise<void> }[] = [];

afterEach(async () => {
  while (opened.length) await opened.pop()?.stop();
});

/** One app instance's queue and workers, mailing through `smtp`. */
async function startInstance(database: TestDatabase, smtp: TestSmtp, options: { workers?: boolean } = {}): Promise<JobQueue> {
  const jobs = await startTestJobQueue(database.url, silent);
  opened.push(jobs);
  if (options.workers !== false) {
    const config = loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url, LOG_LEVEL: "silent", DATA_DIR: "/tmp/unused" });
    await startWorkers(jobs, {
      db: database.db,
      config,
      mailer: createMailer(config, silent),
      log: silent,
      runtime: createRuntime({ insights: null }),
    });
  }
  return jobs;
}

async function openSmtp(options?: { refuse?: number }) {
  const smtp = await startSmtpServer(options);
  opened.push({ stop: smtp.close });
  return smtp;
}

/** Waits until no job of `name` is waiting, running or due for a retry. */
async function drained(jobs: JobQueue, name: string) {
  for (;;) {
    const pending = await jobs.boss.findJobs(name, {});
    if (pending.every((job) => job.state === "completed" || job.state === "failed")) return pending;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const mail = (to: string, subject = "Hello") => ({ to, subject, text: "A message from the queue test." });

describe("enqueueMail", () => {
  it("retries a send the mail server refused, and the mail arrives once", async ({ database }) => {
    const smtp = await openSmtp({ refuse: 1 });
    const jobs = await startInstance(database, smtp);
    await enqueueMail({ jobs }, mail("retry@example.org", "Refused once"));
    const arrived = await smtp.waitForMail("retry@example.org");
    expect(arrived.subject).toBe("Refused once");
    expect(smtp.refusedCount()).toBe(1);
    const [job] = await drained(jobs, JOBS.mail);
    expect(job?.state).toBe("completed");
    expect(job?.retryCount).toBe(1);
    expect(smtp.mailTo("retry@example.org")).toHaveLength(1);
  });

  it("has two instances on one database send each mail exactly once", async ({ database }) => {
    const smtp = await openSmtp();
    const first = await startInstance(database, smtp);
    await startInstance(database, smtp);
    const addresses = Array.from({ length: 12 }, (_, i) => `twice-${i}@example.org`);
    for (const address of addresses) await enqueueMail({ jobs: first }, mail(address));
    for (const address of addresses) await smtp.waitForMail(address);
    await drained(first, JOBS.mail);
    for (const address of addresses) expect(smtp.mailTo(address)).toHaveLength(1);
  });

  it("keeps a mail queued while no instance runs, and sends it after a restart", async ({ database }) => {
    const smtp = await openSmtp();
    const before = await startInstance(database, smtp, { workers: false });
    await enqueueMail({ jobs: before }, mail("restart@example.org", "Survives a restart"));
    await opened.pop()?.stop();
    expect(smtp.received).toHaveLength(0);
    await startInstance(database, smtp);
    expect((await smtp.waitForMail("restart@example.org")).subject).toBe("Survives a restart");
  });

  it("queues a mail inside a transaction: a rolled-back transaction sends nothing, a committed one sends", async ({
    database,
  }) => {
    const smtp = await openSmtp();
    const jobs = await startInstance(database, smtp, { workers: false });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail({ jobs }, mail("rolled-back@example.org"), { db: tx });
        throw new Error("the rows it announced were not stored");
      }),
    ).rejects.toThrow("not stored");
    await database.db.transaction(async (tx) => {
      await enqueueMail({ jobs }, mail("committed@example.org"), { db: tx });
    });
    const queued = await jobs.boss.findJobs<{ to: string }>(JOBS.mail, {});
    const ours = queued.map((job) => job.data.to).filter((to) => /^(rolled-back|committed)@/.test(to));
    expect(ours).toEqual(["committed@example.org"]);
  });
});

describe("the purge job", () => {
  it("runs the maintenance purge on the queue", async ({ database }) => {
    const smtp = await openSmtp();
    const jobs = await startInstance(database, smtp);
    const { sql } = database;
    const [user] = await sql<{ id: number }[]>`
      insert into auth_users (email, hashed_password, name) values ('queue-purge@example.org', 'x', 'P') returning id`;
    await sql`insert into auth_sessions (user_id, session_token, expires_at) values
      (${user?.id ?? 0}, 'queue-expired', now() - interval '1 minute'), (${user?.id ?? 0}, 'queue-current', now() + interval '1 day')`;
    await jobs.enqueue(JOBS.purge, {});
    const [job] = await drained(jobs, JOBS.purge);
    expect(job?.state).toBe("completed");
    const left = await sql`select session_token from auth_sessions where user_id = ${user?.id ?? 0}`;
    expect(left.map((row) => row.session_token)).toEqual(["queue-current"]);
  });
});
