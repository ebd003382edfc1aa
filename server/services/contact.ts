import { eq } from "drizzle-orm";
import { type ContactMessageInput, contactSubjectLabel } from "../../common/contact.ts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { composeMail, type Mailer, oneLine } from "./mail.ts";
import { consumeRateLimits, type RateLimitRule } from "./rate-limit.ts";

// The contact page: every message is kept in the database first, then e-mailed to the support
// address with Reply-To set to the sender, so support answers with their normal mail client.

type Logger = { error: (obj: object, msg?: string) => void };

export type ContactDeps = { mailer: Mailer; supportEmail: string; siteName: string; log: Logger };

export type ContactResult = { status: "sent"; id: number; isEmailed: boolean } | { status: "discarded" };

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
 * Stores a contact message and e-mails it to support. Counts against the sender's rate limit
 * (throws TooManyRequests). A filled-in honeypot is discarded silently: the bot sees success.
 */
export async function submitContactMessage(
  db: Database,
  deps: ContactDeps,
  input: ContactMessageInput & { clientIp: string },
): Promise<ContactResult> {
  await consumeRateLimits(db, contactRateLimits(input.clientIp));
  if (input.website) return { status: "discarded" };

  const [stored] = await db
    .insert(contactMessages)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!stored) throw new Error("the contact message was not stored");

  const name = oneLine(`${input.firstName} ${input.lastName}`);
  const topic = contactSubjectLabel(input.subject);
  const { text, html } = composeMail(deps.siteName, [
    `A message arrived through the contact page (message #${stored.id}).`,
    `From: ${name} <${input.email}>\nSubject: ${topic}\nReceived: ${stored.createdAt.toISOString()}`,
    input.message,
    `Reply to this e-mail to answer ${oneLine(input.firstName)} directly.`,
  ]);
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      replyTo: input.email,
      subject: `Contact form: ${topic} from ${name}`,
      text,
      html,
    });
  } catch (error) {
    // The message is safe in the database; the person must not be asked to send it twice.
    deps.log.error({ err: error, contactMessageId: stored.id }, "contact message stored, but e-mailing it to support failed");
    return { status: "sent", id: stored.id, isEmailed: false };
  }
  await db.update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, stored.id));
  return { status: "sent", id: stored.id, isEmailed: true };
}
