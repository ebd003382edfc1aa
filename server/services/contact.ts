import { eq } from "drizzle-orm";
import { contactSubjectLabel } from "#common/contact.ts";
import { contactMessageSchema } from "#common/contact-schema.ts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { JOBS } from "../jobs/queue.ts";
import type { ServiceDeps } from "./context.ts";
import { composeMail, isolate, type Mailer, type OutgoingMail, oneLine } from "./mail.ts";
import { consumeRateLimits, type RateLimitRule } from "./rate-limit.ts";
import { parseInput } from "./validate.ts";

// The contact page: every message is kept in the database and its e-mail to the support address
// (Reply-To the sender, so support answers with their normal mail client) queued in the same
// transaction; the job queue delivers it and then marks the message e-mailed. A visitor's form:
// no actor.

export type ContactResult = { status: "sent"; id: number } | { status: "discarded" };

/** The job that carries one contact message's e-mail (server/jobs/workers.ts runs it). */
export type ContactMailJob = { contactMessageId: number; mail: OutgoingMail };

const RATE_LIMIT_MESSAGE =
  "You have sent several messages in a short time. Please wait a while before sending another one, or write to us by e-mail.";

/** Per client address: a short burst and a daily ceiling, so the form cannot be used to flood the support inbox. */
export function contactRateLimits(clientIp: string): RateLimitRule[] {
  return [
    { key: `contact:ip:${clientIp}`, limit: 5, windowSeconds: 60 * 60, message: RATE_LIMIT_MESSAGE },
    { key: `contact:ip-day:${clientIp}`, limit: 20, windowSeconds: 24 * 60 * 60, message: RATE_LIMIT_MESSAGE },
  ];
}

/**
 * Stores a contact message and queues its e-mail to support. Counts against the sender's rate
 * limit (throws TooManyRequests). A filled-in honeypot is discarded silently: the bot sees success.
 */
export async function submitContactMessage(
  deps: Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp">,
  input: unknown,
): Promise<ContactResult> {
  const { db, config } = deps;
  const message = parseInput(contactMessageSchema, input);
  await consumeRateLimits(db, contactRateLimits(deps.clientIp));
  if (message.website) return { status: "discarded" };

  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        firstName: message.firstName,
        lastName: message.lastName,
        email: message.email,
        subject: message.subject,
        message: message.message,
      })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!stored) throw new Error("the contact message was not stored");

    const name = oneLine(`${message.firstName} ${message.lastName}`);
    const topic = contactSubjectLabel(message.subject);
    // To the support team, in English; the person's name and words isolated as in every mail.
    const { text, html, language } = composeMail("en", config.siteName, [
      `A message arrived through the contact page (message #${stored.id}).`,
      `From: ${isolate(name)} <${message.email}>\nSubject: ${topic}\nReceived: ${stored.createdAt.toISOString()}`,
      isolate(message.message),
      `Reply to this e-mail to answer ${isolate(oneLine(message.firstName))} directly.`,
    ]);
    const mail: OutgoingMail = {
      to: config.supportEmail,
      replyTo: message.email,
      subject: `Contact form: ${topic} from ${isolate(name)}`,
      text,
      html,
      language,
    };
    await deps.jobs.enqueue(JOBS.contactMail, { contactMessageId: stored.id, mail } satisfies ContactMailJob, { db: tx });
    return { status: "sent" as const, id: stored.id };
  });
}

/**
 * The worker's half: hands the e-mail to the mail server, then notes when. A throw (the server
 * refused or is unreachable) leaves the message un-e-mailed and the job queue retries it.
 */
export async function deliverContactMessage(deps: { db: Database; mailer: Mailer }, job: ContactMailJob): Promise<void> {
  await deps.mailer.send(job.mail);
  await deps.db.update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, job.contactMessageId));
}
