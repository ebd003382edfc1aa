import type { Executor } from "../db/client.ts";
import type { OutgoingMail } from "../services/mail.ts";
import { JOBS, type JobQueue } from "./queue.ts";

/** What a service needs to send mail: the queue (part of the service deps bag). */
export type MailQueueDeps = { jobs: Pick<JobQueue, "enqueue"> };

/**
 * Queues one e-mail. A worker hands it to the mail server and retries with backoff until the
 * server takes it, so a mail server that is down for a while delays mail, never loses it. Pass
 * `{ db: tx }` to queue it inside a transaction: the mail then goes out if and only if the rows it
 * announces were committed.
 */
export async function enqueueMail(deps: MailQueueDeps, mail: OutgoingMail, options: { db?: Executor } = {}): Promise<void> {
  await deps.jobs.enqueue(JOBS.mail, mail, options);
}
