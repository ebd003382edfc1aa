import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss } from "pg-boss";
import type { Executor } from "../db/client.ts";

// Background work on a job queue in PostgreSQL (pg-boss, docs/decisions/010-job-queue.md): the
// jobs live in the app's own database under the schema `pgboss`, so every app instance shares one
// queue, a job is claimed by exactly one instance (SELECT … FOR UPDATE SKIP LOCKED), a failed job
// is retried with exponential backoff, and a restart loses nothing that was committed.
//
// Services only ever enqueue (`enqueue`, `enqueueMail`); `server/jobs/workers.ts` says what each
// job does, and each process starts its workers once, at start-up.

export const QUEUE_SCHEMA = "pgboss";

/** Every queue the app uses, with its retry policy. */
export const JOBS = {
  /** One e-mail (OutgoingMail); retried until the mail server takes it. */
  mail: "mail",
  /** One contact-form message's e-mail to support; marks the message e-mailed once the server took it. */
  contactMail: "contact-mail",
  /** Deletes expired sessions, links, rate-limit windows and abandoned photos. */
  purge: "maintenance-purge",
  /** Finds the saved searches whose alert is due and queues one digest each. */
  alerts: "saved-search-alerts",
  /** Builds and queues one saved search's digest e-mail. */
  digest: "saved-search-digest",
  /** Finds the consultants whose opportunities digest is due and queues them, a batch a job (issue 32). */
  opportunityDigests: "opportunity-digests",
  /** Builds and queues the opportunities digests of a batch of consultants, each in its own transaction. */
  opportunityDigestBatch: "opportunity-digest-batch",
  /** Closes every open opportunity whose application deadline has passed (issue 32). */
  closeOpportunities: "opportunities-close",
  /** Tags every profile again with the glossary's concepts after the forms changed, a batch at a time. */
  retag: "search-concepts-retag",
  /** Removes the stored files of photos no longer used (PhotoCleanupJob); retried while storage fails. */
  photoCleanup: "photo-cleanup",
  /** Removes from storage the objects of kept CVs whose rows are gone (stored_file_removals, issue 34). */
  storedFileRemovals: "stored-file-removals",
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** What the queue and its workers log with (pino's logger fits). */
export type JobLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type JobQueueOptions = {
  /** The app's PostgreSQL (the same database as everything else). */
  url: string;
  log: JobLogger;
  /** First retry delay in seconds; it doubles (with jitter) on every further attempt. */
  retryDelaySeconds?: number;
  /**
   * How often an idle worker looks for due jobs, in seconds. LISTEN/NOTIFY wakes it at once for a
   * new job; a retry that comes due or a burst of jobs is found by this poll.
   */
  pollingIntervalSeconds?: number;
  /** Recurring jobs (purge, alerts); tests that only need the queue turn them off. */
  schedules?: boolean;
};

export type EnqueueOptions = {
  /** Enqueue inside this transaction: the job exists if and only if the transaction commits. */
  db?: Executor;
  /** At most one queued job with this key at a time (a second send is ignored). */
  singletonKey?: string;
  /** Do not start before this many seconds have passed. */
  startAfterSeconds?: number;
};

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type JobQueue = {
  enqueue: <T extends object>(name: JobName, data: T, options?: EnqueueOptions) => Promise<string | null>;
  /** Runs `handler` for every job of `name`, in this process, until `stop`. A throw retries the job. */
  work: <T extends object>(name: JobName, handler: JobHandler<T>) => Promise<void>;
  stop: () => Promise<void>;
  /** pg-boss itself, for tests and operations (job states, counts). */
  boss: PgBoss;
};

/** Recurring jobs: pg-boss creates one job per slot, whichever instances are running. */
const SCHEDULES: { name: JobName; cron: string }[] = [
  { name: JOBS.purge, cron: "17 * * * *" },
  { name: JOBS.alerts, cron: "*/15 * * * *" },
  { name: JOBS.closeOpportunities, cron: "*/5 * * * *" },
  { name: JOBS.opportunityDigests, cron: "41 * * * *" },
];

const JOB_QUEUE_POOL = 4;
/** Connections the queue opens in a process at most: its pool, and the one it LISTENs on. */
export const JOB_QUEUE_CONNECTIONS = JOB_QUEUE_POOL + 1;

/**
 * Opens the queue: installs or upgrades pg-boss's schema (instances starting together take turns),
 * creates the queues with their retry policy and registers the recurring jobs. Workers are added
 * with `work`.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const boss = new PgBoss({
    connectionString: options.url,
    schema: QUEUE_SCHEMA,
    application_name: "devconsult-jobs",
    max: JOB_QUEUE_POOL,
    useListenNotify: true,
    schedule: options.schedules !== false,
  });
  boss.on("error", (error: unknown) => log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning: unknown) => log.warn({ warning }, "job queue warning"));
  await boss.start();

  const retryDelay = options.retryDelaySeconds ?? 30;
  const policy = {
    retryLimit: 8,
    retryDelay,
    retryBackoff: true,
    retryDelayMax: 6 * 60 * 60,
    expireInSeconds: 5 * 60,
    // Mail carries people's words: keep finished jobs a day for diagnosis, not longer.
    deleteAfterSeconds: 24 * 60 * 60,
  };
  for (const name of Object.values(JOBS)) {
    await boss.createQueue(name, { ...policy, notify: true });
    await boss.updateQueue(name, { ...policy, notify: true });
  }
  if (options.schedules !== false) {
    for (const { name, cron } of SCHEDULES) await boss.schedule(name, cron, {}, { tz: "UTC" });
  }

  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 5;
  return {
    boss,
    enqueue: (name, data, { db, singletonKey, startAfterSeconds } = {}) =>
      boss.send(name, data, {
        ...(db ? { db: fromDrizzle(db as Parameters<typeof fromDrizzle>[0], sql) } : {}),
        ...(singletonKey ? { singletonKey } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      }),
    work: async <T extends object>(name: JobName, handler: JobHandler<T>) => {
      await boss.work<T>(
        name,
        { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data, { id: job.id, retryCount: job.retryCount });
            } catch (error) {
              log.warn({ err: error, job: name, jobId: job.id, retryCount: job.retryCount }, "job failed; it will be retried");
              throw error;
            }
          }
        },
      );
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
