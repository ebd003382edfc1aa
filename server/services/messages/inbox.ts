import { msg } from "@lingui/core/runtime-macro";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import { intlLocale, type Locale, localizePath } from "#common/locales.ts";
import { inboxQuerySchema, MESSAGE_TEXTS, markReadSchema, type ReplyInput, replySchema } from "#common/messages.ts";
import type { OrganizationBadge } from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, consultants, messageReplies, messages } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { Forbidden, firstOrNotFound, NotFound } from "../errors.ts";
import { composeMail, isolate, oneLine } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
import { badgeOf } from "../organizations/membership.ts";
import { consumeRateLimits, type RateLimitRule } from "../rate-limit.ts";
import { parseInput } from "../validate.ts";

// The consultant's inbox: read, mark, answer and delete the messages organizations sent. Every
// function is scoped to the caller's own consultant profile: another profile's message does not
// exist for them (NotFound, exactly as for a missing id). An account without a profile is a
// normal state the pages render, so the reading functions answer it as a value
// ({ kind: "no-profile" }) rather than throwing, and a page asks once.

export const REPLY_LIMIT_PER_ACCOUNT = 60;
const HOUR = 60 * 60;

/** When the quoted message was written, in the mail's language ("21 November 2025 at 14:05 UTC" in English). */
function formatDate(date: Date, locale: Locale): string {
  return `${new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date)} UTC`;
}

export type OwnProfile = { id: number; name: string; email: string };

/** The signed-in account's own consultant profile (any status), or null when they have none. */
export async function findOwnProfile(deps: { db: Executor }, actor: Actor): Promise<OwnProfile | null> {
  if (!actor) return null;
  const [profile] = await deps.db
    .select({ id: consultants.id, name: consultants.name, email: consultants.email })
    .from(consultants)
    .where(eq(consultants.userId, actor.id))
    .limit(1);
  return profile ?? null;
}

/** The signed-in owner's profile: Unauthorized for visitors, NotFound for accounts without a profile. */
async function requireOwnProfile(deps: { db: Executor }, actor: Actor): Promise<OwnProfile & { userId: number }> {
  const user = requireUser(actor, MESSAGE_TEXTS.signInToRead);
  const profile = await findOwnProfile(deps, user);
  if (!profile) throw new NotFound(MESSAGE_TEXTS.noProfile);
  return { ...profile, userId: user.id };
}

export type NoProfile = { kind: "no-profile" };

/** A message as its recipient sees it in the list: the text shortened to a preview. */
export type InboxItem = {
  id: number;
  senderName: string;
  senderEmail: string;
  senderOrganization: string | null;
  /** The organization the sender wrote for, with its badge (issue 31); null for a personal message. */
  organization: OrganizationBadge | null;
  subject: string;
  preview: string;
  isRead: boolean;
  repliedAt: Date | null;
  createdAt: Date;
  /** From an account an admin has blocked (issue 36): marked, out of the unread count, no reply. */
  isBlockedSender: boolean;
};

/** Whether a message's sender account is blocked (issue 36). */
const senderBlocked = sql<boolean>`exists (
  select 1 from auth_users su where su.id = ${messages.senderUserId} and su.blocked_at is not null)`;

/** One message opened: the whole text and every reply sent from the inbox, oldest first. */
export type InboxMessage = Omit<InboxItem, "preview"> & {
  message: string;
  replies: { id: number; body: string; createdAt: Date }[];
};

export const PREVIEW_LENGTH = 160;

/** Who sent a message and about what, as every read of it shows. */
const headerColumns = {
  id: messages.id,
  senderName: messages.senderName,
  senderEmail: messages.senderEmail,
  senderOrganization: messages.senderOrganization,
  organization: badgeOf(messages.organizationId),
  subject: messages.subject,
};

/** Where a message stands for its recipient. */
const stateColumns = {
  isRead: messages.isRead,
  repliedAt: messages.repliedAt,
  createdAt: messages.createdAt,
  isBlockedSender: senderBlocked,
};

/** A line of the inbox: the message's start, not its text. */
const itemColumns = {
  ...headerColumns,
  preview: sql<string>`left(regexp_replace(${messages.message}, '\\s+', ' ', 'g'), ${PREVIEW_LENGTH})`,
  ...stateColumns,
};

/** A message as the inbox and a conversation read it. */
export const messageColumns = { ...headerColumns, message: messages.message, ...stateColumns };

export type InboxPage = { messages: InboxItem[]; total: number; unreadCount: number; page: number; limit: number };

/**
 * The owner's messages, newest first, a page at a time (input `{ page?, limit? }`, see
 * inboxQuerySchema), with how many are unread in all and the profile's name; or no-profile.
 */
export async function listInbox(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: unknown = {},
): Promise<NoProfile | ({ kind: "inbox"; profileName: string } & InboxPage)> {
  const user = requireUser(actor, MESSAGE_TEXTS.signInToRead);
  const { page, limit } = parseInput(inboxQuerySchema, input ?? {});
  const { db } = deps;
  const profile = await findOwnProfile(deps, user);
  if (!profile) return { kind: "no-profile" };
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
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where not ${messages.isRead} and not ${senderBlocked})`.mapWith(Number),
      })
      .from(messages)
      .where(mine),
  ]);
  return {
    kind: "inbox",
    profileName: profile.name,
    messages: rows,
    total: totals?.total ?? 0,
    unreadCount: totals?.unread ?? 0,
    page,
    limit,
  };
}

/** Unread messages for the user-menu badge: 0 for visitors and for accounts without a profile. */
export async function countUnreadMessages(deps: Pick<ServiceDeps, "db">, actor: Actor): Promise<number> {
  if (!actor) return 0;
  const [row] = await deps.db
    .select({ unread: count() })
    .from(messages)
    .innerJoin(consultants, eq(consultants.id, messages.consultantId))
    .where(and(eq(consultants.userId, actor.id), eq(messages.isRead, false), sql`not ${senderBlocked}`));
  return row?.unread ?? 0;
}

async function loadReplies(db: Executor, messageId: number) {
  return db
    .select({ id: messageReplies.id, body: messageReplies.body, createdAt: messageReplies.createdAt })
    .from(messageReplies)
    .where(eq(messageReplies.messageId, messageId))
    .orderBy(asc(messageReplies.createdAt), asc(messageReplies.id));
}

async function loadMessage(db: Executor, profileId: number, id: number): Promise<InboxMessage> {
  const row = await firstOrNotFound(
    db
      .select(messageColumns)
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.consultantId, profileId)))
      .limit(1),
    MESSAGE_TEXTS.messageNotFound,
  );
  return { ...row, replies: await loadReplies(db, row.id) };
}

/**
 * Marks one of the caller's messages read, if it is theirs and unread; anything else is left alone
 * without a word (the inbox page does this before its loaders run, so its badge counts it).
 */
export async function markMessageOpened(deps: Pick<ServiceDeps, "db">, actor: Actor, id: number): Promise<void> {
  if (!actor) return;
  const own = deps.db.select({ id: consultants.id }).from(consultants).where(eq(consultants.userId, actor.id));
  await deps.db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.id, id), inArray(messages.consultantId, own), eq(messages.isRead, false)));
}

export type OpenedMessage = { kind: "message"; message: InboxMessage; profileEmail: string };

/**
 * One of the owner's messages with the profile's address (the Reply-To of an answer), or
 * no-profile; NotFound when the message is not theirs. It counts as read from now on, unless
 * the caller marked it already (`markRead: false`: the inbox page's middleware does, before the
 * header's unread badge is counted). The profile and the message come in one query.
 */
export async function openMessage(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  id: number,
  { markRead = true }: { markRead?: boolean } = {},
): Promise<NoProfile | OpenedMessage> {
  const user = requireUser(actor, MESSAGE_TEXTS.signInToRead);
  const { db } = deps;
  if (markRead) await markMessageOpened(deps, user, id);
  const [row] = await db
    .select({ ...messageColumns, profileEmail: consultants.email })
    .from(messages)
    .innerJoin(consultants, eq(consultants.id, messages.consultantId))
    .where(and(eq(messages.id, id), eq(consultants.userId, user.id)))
    .limit(1);
  if (!row) {
    if (!(await findOwnProfile(deps, user))) return { kind: "no-profile" };
    throw new NotFound(MESSAGE_TEXTS.messageNotFound);
  }
  const { profileEmail, ...message } = row;
  return { kind: "message", message: { ...message, replies: await loadReplies(db, message.id) }, profileEmail };
}

/** Marks one of the owner's messages read or unread again (input `{ isRead }`). */
export async function setMessageRead(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<InboxMessage> {
  const { id } = input;
  const profile = await requireOwnProfile(deps, actor);
  const isRead = parseInput(markReadSchema, input.body).isRead;
  const updated = await deps.db
    .update(messages)
    .set({ isRead })
    .where(and(eq(messages.id, id), eq(messages.consultantId, profile.id)))
    .returning({ id: messages.id });
  if (updated.length === 0) throw new NotFound(MESSAGE_TEXTS.messageNotFound);
  return loadMessage(deps.db, profile.id, id);
}

/** Deletes one of the owner's messages with its replies. */
export async function deleteMessage(deps: Pick<ServiceDeps, "db">, actor: Actor, id: number): Promise<void> {
  const profile = await requireOwnProfile(deps, actor);
  const deleted = await deps.db
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
 * Answers one of the owner's messages (as the conversation view does): the reply is kept with the
 * message, which counts as read and replied, and its e-mail is queued in the same transaction.

 */
export async function replyToMessage(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<InboxMessage> {
  const { db } = deps;
  const { id } = input;
  const profile = await requireOwnProfile(deps, actor);
  const original = await loadMessage(db, profile.id, id);
  const { reply }: ReplyInput = parseInput(replySchema, input.body);
  await consumeRateLimits(db, replyRateLimits(profile.userId));

  await db.transaction((tx) => storeReply(deps, tx, profile, original, reply));
  return loadMessage(db, profile.id, id);
}

/**
 * Stores a consultant's reply to one message and queues its e-mail to the sender (Reply-To the
 * consultant), in the caller's transaction: the sender sees it in the conversation at once, and the
 * mail is retried until the mail server takes it. Shared by the inbox and the conversation view.
 */
export async function storeReply(
  deps: Pick<ServiceDeps, "config" | "jobs">,
  tx: Executor,
  consultant: { name: string; email: string },
  original: { id: number; senderName: string; senderEmail: string; subject: string; message: string; createdAt: Date },
  reply: string,
  conversationId?: number,
): Promise<void> {
  // A blocked account gets no answer, and so never the consultant's address (issue 36).
  const [sender] = await tx
    .select({ id: authUsers.id, blockedAt: authUsers.blockedAt, locale: authUsers.locale })
    .from(messages)
    .innerJoin(authUsers, eq(authUsers.id, messages.senderUserId))
    .where(eq(messages.id, original.id))
    .limit(1);
  if (sender?.blockedAt) throw new Forbidden(CONVERSATION_TEXTS.blockedSenderReply);
  // In the sender's language (their account's); the consultant's reply and the quote as written.
  const { locale, i18n } = await mailLanguage(sender?.locale);
  const { siteName, publicUrl } = deps.config;
  const consultantName = oneLine(consultant.name);
  const name = oneLine(original.senderName);
  const subject = oneLine(original.subject);
  const date = formatDate(original.createdAt, locale);
  const quoted = original.message
    .split(/\r?\n/)
    .map((line) => `> ${isolate(line)}`)
    .join("\n");
  const { text, html, language } = composeMail(
    locale,
    siteName,
    [
      i18n._(msg`Hello ${{ name }},`),
      i18n._(msg`${{ consultantName }} replied to your message "${{ subject }}" sent through ${{ siteName }}:`),
      isolate(reply),
      i18n._(msg`Reply to this e-mail to write to ${{ consultantName }} directly, or answer in the conversation.`),
      `${i18n._(msg`On ${{ date }}, you wrote:`)}\n${quoted}`,
    ],
    conversationId
      ? {
          label: i18n._(msg`Open the conversation`),
          url: `${publicUrl}${localizePath(locale, `/messages/${conversationId}`)}`,
        }
      : undefined,
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
    {
      to: original.senderEmail,
      replyTo: consultant.email,
      subject: `Re: ${oneLine(original.subject)}`,
      text,
      html,
      language,
      // Checked again when it goes out: an account blocked meanwhile does not get it.
      ...(sender ? { withholdIfBlocked: sender.id } : {}),
    },
    { db: tx },
  );
}
