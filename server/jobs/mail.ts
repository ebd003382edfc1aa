import { and, eq, isNotNull } from "drizzle-orm";
import type { Database, Executor } from "../db/client.ts";
import { authUsers } from "../db/schema.ts";
import type { Mailer, OutgoingMail } from "../services/mail.ts";
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

/**
 * Hands one queued e-mail to the mail server (a throw fails the attempt and the queue retries). A
 * mail marked for an account that has been blocked since it was queued is dropped: a blocked
 * account never gets a consultant's answer, nor her address (issue 36).
 */
export async function deliverQueuedMail(
  deps: { db: Database; mailer: Mailer; log: { info: (obj: object, msg?: string) => void } },
  { withholdIfBlocked, ...mail }: OutgoingMail,
): Promise<"sent" | "withheld"> {
  if (withholdIfBlocked !== undefined) {
    const [blocked] = await deps.db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(and(eq(authUsers.id, withholdIfBlocked), isNotNull(authUsers.blockedAt)))
      .limit(1);
    if (blocked) {
      deps.log.info({ userId: withholdIfBlocked }, "withheld a queued e-mail: its recipient's account was blocked");
      return "withheld";
    }
  }
  await deps.mailer.send(mail);
  return "sent";
}
