import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { type ContactMailJob, deliverContactMessage } from "../services/contact.ts";
import type { ServiceRuntime } from "../services/context.ts";
import { removeStoredFiles } from "../services/cv-import/kept-file.ts";
import type { Mailer, OutgoingMail } from "../services/mail.ts";
import { purgeExpired } from "../services/maintenance.ts";
import { queueDueOpportunityDigests, sendOpportunityDigests } from "../services/opportunities/digest.ts";
import { closeExpiredOpportunities } from "../services/opportunities/moderation.ts";
import { type PhotoCleanupJob, removePhotoFilesNow } from "../services/photos.ts";
import { queueDueDigests, sendDigest } from "../services/saved-searches/saved-searches.ts";
import { continueRetag, retagPending } from "../services/search/concepts.ts";
import type { PhotoStorage } from "../services/storage.ts";
import { deliverQueuedMail } from "./mail.ts";
import { JOBS, type JobQueue, type JobLogger as Logger } from "./queue.ts";

export type WorkerDeps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: Logger;
  /** Photo storage, for the purge of abandoned uploads; without it the purge leaves photos alone. */
  storage?: PhotoStorage;
  /** This process's runtime (server/runtime.ts): the alerts search with its caches. */
  runtime: ServiceRuntime;
};

/** Starts this process's workers; each job is claimed by one worker of one instance. */
export async function startWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  const { db, mailer, log } = deps;

  // A throw (the mail server refused or is unreachable) fails the attempt: pg-boss retries later.
  await queue.work<OutgoingMail>(JOBS.mail, async (mail) => {
    await deliverQueuedMail({ db, mailer, log }, mail);
  });
  await queue.work<ContactMailJob>(JOBS.contactMail, (job) => deliverContactMessage({ db, mailer }, job));

  await queue.work(JOBS.purge, async () => {
    const purged = await purgeExpired(db, deps.storage ? { storage: deps.storage, log } : undefined);
    if (purged.sessions || purged.tokens || purged.photos || purged.files) {
      log.info(purged, "purged expired sessions, links, photos and removed files");
    }
  });

  // Opportunities close at their deadline (issue 32): one statement, idempotent, any instance.
  await queue.work(JOBS.closeOpportunities, async () => {
    const closed = await closeExpiredOpportunities(db);
    if (closed > 0) log.info({ closed }, "closed opportunities whose deadline passed");
  });

  if (deps.storage) await workPhotoCleanup(queue, deps.storage);
  if (deps.storage) {
    const storage = deps.storage;
    // A kept CV replaced, removed, or deleted with its profile (issue 34): its stored object goes.
    await queue.work(JOBS.storedFileRemovals, async () => {
      await removeStoredFiles(db, storage);
    });
  }

  // Saved-search alerts: the recurring job fans out one digest job per due search.
  const alertDeps = { db, config: deps.config, jobs: queue, runtime: deps.runtime };
  await queue.work(JOBS.alerts, async () => {
    await queueDueDigests(alertDeps);
  });
  await queue.work<{ savedSearchId: number }>(JOBS.digest, async ({ savedSearchId }) => {
    await sendDigest(alertDeps, savedSearchId);
  });

  // The opportunities digest (issue 32): the hourly job queues the due consultants a batch a job.
  await queue.work(JOBS.opportunityDigests, async () => {
    const queued = await queueDueOpportunityDigests(alertDeps);
    if (queued > 0) log.info({ queued }, "queued opportunities digests");
  });
  await queue.work<{ ids: number[] }>(JOBS.opportunityDigestBatch, async ({ ids }) => {
    await sendOpportunityDigests(alertDeps, ids);
  });

  // The glossary's forms changed (a new file, an admin's synonym): every profile is tagged again
  // with its concepts, twenty seconds of batches a job, each job queueing the next.
  await queue.work(JOBS.retag, async () => {
    if (await continueRetag(db)) await queue.enqueue(JOBS.retag, {});
  });
  if (await retagPending(db)) await queue.enqueue(JOBS.retag, {}, { singletonKey: JOBS.retag });
}

/** Files of photos no longer used (JOBS.photoCleanup): a storage that fails throws, and the job is retried later. */
export function workPhotoCleanup(queue: JobQueue, storage: PhotoStorage) {
  return queue.work<PhotoCleanupJob>(JOBS.photoCleanup, async ({ photoUrls }) => {
    for (const photoUrl of photoUrls) await removePhotoFilesNow(storage, photoUrl);
  });
}
