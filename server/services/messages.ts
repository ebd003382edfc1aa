import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  INBOX_PAGE_SIZE,
  MESSAGE_TEXTS,
  markReadSchema,
  type ReplyInput,
  replySchema,
  type SendMessageInput,
  sendMessageSchema,
} from "../../common/messages.ts";
import type { Database, Executor } from "../db/client.ts";
import { consultants, messageReplies, messages } from "../db/schema.ts";
import { enqueueMail, type MailQueueDeps } from "../jobs/mail.ts";
import { Conflict, type FieldError, NotFound, Unauthorized, ValidationFailed } from "./errors.ts";
import { composeMail } from "./mail.ts";
import { consumeRateLimits, type RateLimitRule } from "./rate-limit.ts";

// Messages from organizations to consultants: a message is a job lead, so it is stored first and
// then announced by e-mail; the consultant reads, marks and answers it from the inbox. Every inbox
// function is scoped to the caller's own consultant profile: another profile's message does not
// exist for them (NotFound, exactly as for a missing id). The consultant's e-mail address reaches
// a sender only when the consultant answers, as the Reply-To of that answer.

/** Who is asking: the signed-in account, or null/undefined for a visitor. */
export type MessageActor = { id: number } | null | undefined;

type Logger = { error: (obj: object, msg?: string) => void };

export type MessageMailDeps = MailQueueDeps & {
  siteName: string;
  /** The site's absolute address, for the link to the inbox. */
  publicUrl: string;
  log: Logger;
};

export const SEND_LIMIT_PER_SENDER = 20;
export const SEND_LIMIT_PER_IP = 50;
export const REPLY_LIMIT_PER_ACCOUNT = 60;
const HOUR = 60 * 60;
/** The same sender, consultant, subject and text within this many seconds is a duplicate. */
export const DUPLICATE_WINDOW_SECONDS = 60;

/**
 * Per account, and per client address so one machine cannot rotate accounts; the address limit is
 * higher because an office's staff share one public address.
 */
export function sendRateLimits(senderUserId: number, clientIp: string): RateLimitRule[] {
  return [
    {
      key: `messages:sender:${senderUserId}`,
      limit: SEND_LIMIT_PER_SENDER,
      windowSeconds: HOUR,
      message: MESSAGE_TEXTS.rateLimited,
    },
    { key: `messages:ip:${clientIp}`, limit: SEND_LIMIT_PER_IP, windowSeconds: HOUR, message: MESSAGE_TEXTS.rateLimited },
  ];
}

function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new ValidationFailed(errors[0]?.message ?? "Invalid request", errors);
  }
  return parsed.data;
}

/** One line, for a mail header: text typed by a person may not carry line breaks into a subject. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function formatDate(date: Date): string {
  return `${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date)} UTC`;
}

// ---------------------------------------------------------------------------------------------
// Sending

/** Only listed (approved) profiles take messages; the rest do not exist for senders. */
const isListed = eq(consultants.status, "approved");

/** Who a message form addresses: a listed consultant's public name and title, or null. */
export async function findMessageRecipient(db: Database, consultantId: number) {
  const [row] = await db
    .select({ id: consultants.id, name: consultants.name, title: consultants.title })
    .from(consultants)
    .where(and(eq(consultants.id, consultantId), isListed))
    .limit(1);
  return row ?? null;
}

export type SendResult = { status: "sent"; id: number; conversationId: number; createdAt: Date } | { status: "discarded" };

/**
 * Sends a message to a listed consultant as the signed-in actor. Validates with the shared schema,
 * counts against the sender's and the address's rate limits (TooManyRequests), refuses the same
 * message again within a minute (Conflict), stores it with the sender's account (in the sender's
 * conversation with the consultant) and queues the e-mail to the consultant in the same
 * transaction, so the notification is retried until it goes out. A filled-in honeypot is discarded silently: the bot sees success, nothing is stored.
 */
export async function sendMessage(
  db: Database,
  actor: MessageActor,
  input: unknown,
  deps: MessageMailDeps & { clientIp: string },
): Promise<SendResult> {
  if (!actor) throw new Unauthorized(MESSAGE_TEXTS.signInToSend);
  const data: SendMessageInput = parseWith(sendMessageSchema, input);

  const [consultant] = await db
    .select({ id: consultants.id, name: consultants.name, email: consultants.email })
    .from(consultants)
    .where(and(eq(consultants.id, data.consultantId), isListed))
    .limit(1);
  if (!consultant) throw new NotFound(MESSAGE_TEXTS.consultantNotFound);

  await consumeRateLimits(db, sendRateLimits(actor.id, deps.clientIp));
  if (data.website) return { status: "discarded" };

  const stored = await db.transaction(async (tx) => {
    // One sender's sends take turns, so a double-click cannot slip two copies past the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('messages:sender'), ${actor.id})`);
    const [recent] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.senderUserId, actor.id),
          eq(messages.consultantId, consultant.id),
          eq(messages.subject, data.subject),
          eq(messages.message, data.message),
          gt(messages.createdAt, sql`now() - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`),
        ),
      )
      .limit(1);
    if (recent) throw new Conflict(MESSAGE_TEXTS.duplicate);
    const [row] = await tx
      .insert(messages)
      .values({
        consultantId: consultant.id,
        senderUserId: actor.id,
        senderName: data.senderName,
        senderEmail: data.senderEmail,
        senderOrganization: data.senderOrganization,
        subject: data.subject,
        message: data.message,
      })
      .returning({ id: messages.id, createdAt: messages.createdAt, conversationId: messages.conversationId });
    if (!row?.conversationId) throw new Error("the message was not stored");
    await notifyConsultant(deps, tx, consultant, { ...data, conversationId: row.conversationId });
    return { ...row, conversationId: row.conversationId };
  });
  return { status: "sent", ...stored };
}

/**
 * Queues the e-mail to the consultant at the profile's address (public or not) with Reply-To the
 * sender, so an ordinary mail client answers the sender. Queued in the transaction that stores the
 * message: a mail server that is down delays the notification (retried), never loses it.
 */
export async function notifyConsultant(
  deps: MessageMailDeps,
  tx: Executor,
  consultant: { id: number; name: string; email: string },
  message: Omit<SendMessageInput, "consultantId" | "website"> & { conversationId: number },
): Promise<void> {
  const sender = oneLine(message.senderName);
  const organization = message.senderOrganization ? oneLine(message.senderOrganization) : null;
  const from = organization ? `${sender} (${organization})` : sender;
  const { text, html } = composeMail(
    deps.siteName,
    [
      `Hello ${oneLine(consultant.name)},`,
      `${from} sent you a message through ${deps.siteName}.`,
      [
        `From: ${sender} <${message.senderEmail}>`,
        ...(organization ? [`Organization: ${organization}`] : []),
        `Subject: ${oneLine(message.subject)}`,
      ].join("\n"),
      message.message,
      `Reply to this e-mail to answer ${sender} directly, or answer in the conversation. Either way, ${sender} will see your e-mail address once you reply.`,
    ],
    { label: "Open the conversation", url: `${deps.publicUrl}/messages/${message.conversationId}` },
  );
  await enqueueMail(
    deps,
    {
      to: consultant.email,
      replyTo: message.senderEmail,
      subject: `New message from ${from}: ${oneLine(message.subject)}`,
      text,
      html,
    },
    { db: tx },
  );
}

// ---------------------------------------------------------------------------------------------
// The inbox

export type OwnProfile = { id: number; name: string; email: string };

/** The caller's own consultant profile (any status), or null when they have none. */
export async function findOwnProfile(db: Database, actor: MessageActor): Promise<OwnProfile | null> {
  if (!actor) return null;
  const [profile] = await db
    .select({ id: consultants.id, name: consultants.name, email: consultants.email })
    .from(consultants)
    .where(eq(consultants.userId, actor.id))
    .limit(1);
  return profile ?? null;
}

/** The signed-in owner's profile: Unauthorized for visitors, NotFound for accounts without a profile. */
async function requireOwnProfile(db: Database, actor: MessageActor): Promise<OwnProfile & { userId: number }> {
  if (!actor) throw new Unauthorized(MESSAGE_TEXTS.signInToRead);
  const profile = await findOwnProfile(db, actor);
  if (!profile) throw new NotFound(MESSAGE_TEXTS.noProfile);
  return { ...profile, userId: actor.id };
}

/** A message as its recipient sees it in the list: the text shortened to a preview. */
export type InboxItem = {
  id: number;
  senderName: string;
  senderEmail: string;
  senderOrganization: string | null;
  subject: string;
  preview: string;
  isRead: boolean;
  repliedAt: Date | null;
  createdAt: Date;
};

/** One message opened: the whole text and every reply sent from the inbox, oldest first. */
export type InboxMessage = Omit<InboxItem, "preview"> & {
  message: string;
  replies: { id: number; body: string; createdAt: Date }[];
};

export const PREVIEW_LENGTH = 160;

const itemColumns = {
  id: messages.id,
  senderName: messages.senderName,
  senderEmail: messages.senderEmail,
  senderOrganization: messages.senderOrganization,
  subject: messages.subject,
  preview: sql<string>`left(regexp_replace(${messages.message}, '\\s+', ' ', 'g'), ${PREVIEW_LENGTH})`,
  isRead: messages.isRead,
  repliedAt: messages.repliedAt,
  createdAt: messages.createdAt,
};

const messageColumns = {
  id: messages.id,
  senderName: messages.senderName,
  senderEmail: messages.senderEmail,
  senderOrganization: messages.senderOrganization,
  subject: messages.subject,
  message: messages.message,
  isRead: messages.isRead,
  repliedAt: messages.repliedAt,
  createdAt: messages.createdAt,
};

export type InboxPage = { messages: InboxItem[]; total: number; unreadCount: number; page: number; limit: number };

/** The owner's messages, newest first, a page at a time, with how many are unread in all. */
export async function listInbox(
  db: Database,
  actor: MessageActor,
  { page = 1, limit = INBOX_PAGE_SIZE }: { page?: number; limit?: number } = {},
): Promise<InboxPage> {
  const profile = await requireOwnProfile(db, actor);
  const mine = eq(messages.consultantId, profile.id);
  const [rows, [totals]] = await Promise.all([
    db
      .select(itemColumns)
      .from(messages)
      .where(mine)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where not ${messages.isRead})`.mapWith(Number) })
      .from(messages)
      .where(mine),
  ]);
  return { messages: rows, total: totals?.total ?? 0, unreadCount: totals?.unread ?? 0, page, limit };
}

/** Unread messages for the user-menu badge: 0 for visitors and for accounts without a profile. */
export async function countUnreadMessages(db: Database, actor: MessageActor): Promise<number> {
  if (!actor) return 0;
  const [row] = await db
    .select({ unread: count() })
    .from(messages)
    .innerJoin(consultants, eq(consultants.id, messages.consultantId))
    .where(and(eq(consultants.userId, actor.id), eq(messages.isRead, false)));
  return row?.unread ?? 0;
}

async function loadMessage(db: Database, profileId: number, id: number): Promise<InboxMessage> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.consultantId, profileId)))
    .limit(1);
  if (!row) throw new NotFound(MESSAGE_TEXTS.messageNotFound);
  const replies = await db
    .select({ id: messageReplies.id, body: messageReplies.body, createdAt: messageReplies.createdAt })
    .from(messageReplies)
    .where(eq(messageReplies.messageId, row.id))
    .orderBy(asc(messageReplies.createdAt), asc(messageReplies.id));
  return { ...row, replies };
}

/**
 * Marks one of the caller's messages read, if it is theirs and unread; anything else is left alone
 * without a word (the inbox page does this before its loaders run, so its badge counts it).
 */
export async function markMessageOpened(db: Database, actor: MessageActor, id: number): Promise<void> {
  if (!actor) return;
  const own = db.select({ id: consultants.id }).from(consultants).where(eq(consultants.userId, actor.id));
  await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.id, id), inArray(messages.consultantId, own), eq(messages.isRead, false)));
}

/** Opens one of the owner's messages: it counts as read from now on. */
export async function openMessage(db: Database, actor: MessageActor, id: number): Promise<InboxMessage> {
  const profile = await requireOwnProfile(db, actor);
  await markMessageOpened(db, actor, id);
  return loadMessage(db, profile.id, id);
}

/** Marks one of the owner's messages read or unread again. */
export async function setMessageRead(db: Database, actor: MessageActor, id: number, input: unknown): Promise<InboxMessage> {
  const profile = await requireOwnProfile(db, actor);
  const isRead = parseWith(markReadSchema, input).isRead;
  const updated = await db
    .update(messages)
    .set({ isRead })
    .where(and(eq(messages.id, id), eq(messages.consultantId, profile.id)))
    .returning({ id: messages.id });
  if (updated.length === 0) throw new NotFound(MESSAGE_TEXTS.messageNotFound);
  return loadMessage(db, profile.id, id);
}

/** Deletes one of the owner's messages with its replies. */
export async function deleteMessage(db: Database, actor: MessageActor, id: number): Promise<void> {
  const profile = await requireOwnProfile(db, actor);
  const deleted = await db
    .delete(messages)
    .where(and(eq(messages.id, id), eq(messages.consultantId, profile.id)))
    .returning({ id: messages.id });
  if (deleted.length === 0) throw new NotFound(MESSAGE_TEXTS.messageNotFound);
}

export function replyRateLimits(userId: number): RateLimitRule[] {
  return [
    {
      key: `messages:reply:${userId}`,
      limit: REPLY_LIMIT_PER_ACCOUNT,
      windowSeconds: HOUR,
      message: "You have sent a lot of replies in a short time. Please wait a while before sending another one.",
    },
  ];
}

/**
 * Answers one of the owner's messages: the reply is kept with the message (which counts as read and
 * replied), shown to the sender in the conversation, and e-mailed to the sender from the site with
 * the consultant's address as Reply-To so it can go on by e-mail. The e-mail is queued in the same
 * transaction: retried until the mail server takes it.
 */
export async function replyToMessage(
  db: Database,
  actor: MessageActor,
  id: number,
  input: unknown,
  deps: MessageMailDeps,
): Promise<InboxMessage> {
  const profile = await requireOwnProfile(db, actor);
  const original = await loadMessage(db, profile.id, id);
  const { reply }: ReplyInput = parseWith(replySchema, input);
  await consumeRateLimits(db, replyRateLimits(profile.userId));
  await db.transaction((tx) => storeReply(deps, tx, profile, original, reply));
  return loadMessage(db, profile.id, id);
}

/**
 * Stores a consultant's reply to one message and queues its e-mail to the sender (Reply-To the
 * consultant), in the caller's transaction. Shared by the inbox and the conversation view.
 */
export async function storeReply(
  deps: MessageMailDeps,
  tx: Executor,
  consultant: { name: string; email: string },
  original: { id: number; senderName: string; senderEmail: string; subject: string; message: string; createdAt: Date },
  reply: string,
  conversationId?: number,
): Promise<void> {
  const consultantName = oneLine(consultant.name);
  const quoted = original.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const { text, html } = composeMail(
    deps.siteName,
    [
      `Hello ${oneLine(original.senderName)},`,
      `${consultantName} replied to your message "${oneLine(original.subject)}" sent through ${deps.siteName}:`,
      reply,
      `Reply to this e-mail to write to ${consultantName} directly, or answer in the conversation.`,
      `On ${formatDate(original.createdAt)}, you wrote:\n${quoted}`,
    ],
    conversationId ? { label: "Open the conversation", url: `${deps.publicUrl}/messages/${conversationId}` } : undefined,
  );
  const [saved] = await tx
    .insert(messageReplies)
    .values({ messageId: original.id, body: reply })
    .returning({ createdAt: messageReplies.createdAt });
  await tx
    .update(messages)
    .set({ repliedAt: saved?.createdAt ?? new Date(), isRead: true })
    .where(eq(messages.id, original.id));
  await enqueueMail(
    deps,
    { to: original.senderEmail, replyTo: consultant.email, subject: `Re: ${oneLine(original.subject)}`, text, html },
    { db: tx },
  );
}
