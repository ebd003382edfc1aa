import { and, eq, sql } from "drizzle-orm";
import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_TEXTS,
  type ConversationBox,
  type ConversationEntry,
  type ConversationPage,
  type ConversationStatus,
  type ConversationSummary,
  type ConversationThread,
  conversationListSchema,
  conversationMessageSchema,
} from "#common/conversations.ts";
import type { Database } from "#server/db/client.ts";
import { consultants, conversations, messages } from "#server/db/schema.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { Conflict, NotFound } from "../errors.ts";
import { messageColumns, replyRateLimits, storeReply } from "../messages/inbox.ts";
import { notifyConsultant, sendRateLimits } from "../messages/send.ts";
import { consumeRateLimits } from "../rate-limit.ts";
import { parseInput } from "../validate.ts";

// Conversations (issue 13, docs/decisions/011-hiring-side.md): one per sender account and
// consultant. The sender's messages are rows of `messages` (the spec's Message), the consultant's
// answers rows of `message_replies`; a trigger files every new message under its conversation.
// Only the two parties see a conversation: for anyone else (admins included) it does not exist.

export type ConversationDeps = Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp">;

function requireSignedIn(actor: Actor): { id: number } {
  return requireUser(actor, CONVERSATION_TEXTS.signIn);
}

const PREVIEW_LENGTH = 160;

/** Every entry of a conversation, oldest first: the sender's messages and the consultant's replies. */
const entriesOf = (conversationId: ReturnType<typeof sql>) => sql`
  select 'm' || m.id as id, 'sender' as author, m.message as body, m.subject, m.is_read, m.created_at
  from messages m where m.conversation_id = ${conversationId}
  union all
  select 'r' || r.id, 'consultant', r.body, null, r.is_read, r.created_at
  from message_replies r join messages m on m.id = r.message_id where m.conversation_id = ${conversationId}`;

const iso = (column: ReturnType<typeof sql>) => sql`to_json(${column}) #>> '{}'`;

/** sent / read / replied, from the last entry of the conversation. */
function statusOf(lastAuthor: string, lastIsRead: boolean): ConversationStatus {
  if (lastAuthor === "consultant") return "replied";
  return lastIsRead ? "read" : "sent";
}

/** The caller's consultant profile id, or null. */
async function ownProfileId(db: Database, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.userId, userId)).limit(1);
  return row?.id ?? null;
}

type SummaryRow = {
  id: number;
  subject: string;
  consultant_id: number;
  consultant_name: string;
  consultant_title: string;
  consultant_listed: boolean;
  sender_name: string;
  sender_organization: string | null;
  last_author: string;
  last_body: string;
  last_is_read: boolean;
  last_at: string;
  unread: number;
  total: number;
};

/**
 * The caller's conversations in one box, most recent first, a page at a time, with the unread
 * count of both boxes. Sent: conversations the caller started; received: those addressed to the
 * caller's consultant profile (none without a profile).
 */
export async function listConversations(deps: ConversationDeps, actor: Actor, input: unknown): Promise<ConversationPage> {
  const user = requireSignedIn(actor);
  const { box, page } = parseInput(conversationListSchema, input);
  const profileId = await ownProfileId(deps.db, user.id);
  const unread = await countUnreadByBox(deps.db, user.id, profileId);
  const limit = CONVERSATION_PAGE_SIZE;
  if (box === "received" && profileId === null) {
    return { box, conversations: [], total: 0, page, limit, unread, hasProfile: false };
  }
  const mine = box === "sent" ? sql`c.sender_user_id = ${user.id}` : sql`c.consultant_id = ${profileId}`;
  // Unread for the caller: the other party's entries not yet opened.
  const unreadOf =
    box === "sent"
      ? sql`(select count(*) from message_replies r join messages m on m.id = r.message_id
              where m.conversation_id = c.id and not r.is_read)::int`
      : sql`(select count(*) from messages m where m.conversation_id = c.id and not m.is_read)::int`;
  const rows = (await deps.db.execute(sql`
    select c.id, c.subject, co.id as consultant_id, co.name as consultant_name, co.title as consultant_title,
           co.status = 'approved' as consultant_listed,
           sender.sender_name, sender.sender_organization,
           last.author as last_author, left(regexp_replace(last.body, '\\s+', ' ', 'g'), ${PREVIEW_LENGTH}) as last_body,
           last.is_read as last_is_read, ${iso(sql`last.created_at`)} as last_at,
           ${unreadOf} as unread, count(*) over ()::int as total
    from conversations c
    join consultants co on co.id = c.consultant_id
    join lateral (select m.sender_name, m.sender_organization from messages m where m.conversation_id = c.id
                  order by m.created_at desc, m.id desc limit 1) sender on true
    join lateral (select e.* from (${entriesOf(sql`c.id`)}) e order by e.created_at desc, e.id desc limit 1) last on true
    where ${mine}
    order by c.last_message_at desc, c.id desc
    limit ${limit} offset ${(page - 1) * limit}`)) as unknown as SummaryRow[];
  const summaries: ConversationSummary[] = rows.map((row) => ({
    id: row.id,
    box,
    subject: row.subject,
    otherParty: otherPartyOf(box, row),
    lastMessage: {
      preview: row.last_body,
      at: row.last_at,
      fromMe: (box === "sent") === (row.last_author === "sender"),
    },
    unreadCount: row.unread,
    status: statusOf(row.last_author, row.last_is_read),
  }));
  const total = rows[0]?.total ?? (page > 1 ? await countInBox(deps.db, box, user.id, profileId) : 0);
  return { box, conversations: summaries, total, page, limit, unread, hasProfile: profileId !== null };
}

async function countInBox(db: Database, box: ConversationBox, userId: number, profileId: number | null): Promise<number> {
  const where = box === "sent" ? eq(conversations.senderUserId, userId) : eq(conversations.consultantId, profileId ?? -1);
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(conversations).where(where);
  return row?.total ?? 0;
}

function otherPartyOf(
  box: ConversationBox,
  row: Pick<
    SummaryRow,
    "consultant_id" | "consultant_name" | "consultant_title" | "consultant_listed" | "sender_name" | "sender_organization"
  >,
) {
  return box === "sent"
    ? {
        name: row.consultant_name,
        detail: row.consultant_title,
        consultantId: row.consultant_listed ? row.consultant_id : null,
      }
    : { name: row.sender_name, detail: row.sender_organization, consultantId: null };
}

async function countUnreadByBox(
  db: Database,
  userId: number,
  profileId: number | null,
): Promise<Record<ConversationBox, number>> {
  const [row] = (await db.execute(sql`
    select
      (select count(*) from message_replies r join messages m on m.id = r.message_id
         join conversations c on c.id = m.conversation_id
       where c.sender_user_id = ${userId} and not r.is_read)::int as sent,
      (select count(*) from messages m where m.consultant_id = ${profileId ?? -1} and not m.is_read)::int as received
  `)) as unknown as { sent: number; received: number }[];
  return { sent: row?.sent ?? 0, received: row?.received ?? 0 };
}

/**
 * The header's account menu: unread entries in both boxes (the badge), and whether the user has a
 * consultant profile (the menu leads with it, or offers it), in one query: it runs on every page.
 */
export async function accountMenuState(
  deps: { db: Database },
  actor: Actor,
): Promise<{ unread: number; hasConsultantProfile: boolean }> {
  if (!actor) return { unread: 0, hasConsultantProfile: false };
  const [row] = (await deps.db.execute(sql`
    select
      (select count(*) from message_replies r join messages m on m.id = r.message_id
         join conversations c on c.id = m.conversation_id
       where c.sender_user_id = ${actor.id} and not r.is_read)::int
    + (select count(*) from messages m join consultants co on co.id = m.consultant_id
       where co.user_id = ${actor.id} and not m.is_read)::int as unread,
      exists (select 1 from consultants co where co.user_id = ${actor.id}) as has_profile`)) as unknown as {
    unread: number;
    has_profile: boolean;
  }[];
  return { unread: row?.unread ?? 0, hasConsultantProfile: row?.has_profile === true };
}

/** The header badge: unread entries in both boxes, in one query; 0 for visitors. */
export async function countUnreadConversations(deps: { db: Database }, actor: Actor): Promise<number> {
  return (await accountMenuState(deps, actor)).unread;
}

type Access = {
  id: number;
  box: ConversationBox;
  subject: string;
  consultantId: number;
};

/** The conversation if the caller is one of its two parties; NotFound for anyone else. */
async function findAccessible(db: Database, userId: number, id: number): Promise<Access> {
  const [row] = await db
    .select({
      id: conversations.id,
      subject: conversations.subject,
      consultantId: conversations.consultantId,
      senderUserId: conversations.senderUserId,
      ownerId: consultants.userId,
    })
    .from(conversations)
    .innerJoin(consultants, eq(consultants.id, conversations.consultantId))
    .where(eq(conversations.id, id))
    .limit(1);
  if (!row) throw new NotFound(CONVERSATION_TEXTS.notFound);
  if (row.senderUserId === userId) return { ...row, box: "sent" };
  if (row.ownerId === userId) return { ...row, box: "received" };
  throw new NotFound(CONVERSATION_TEXTS.notFound);
}

/** Marks the other party's entries read for the caller. */
async function markRead(db: Database, access: Access): Promise<void> {
  if (access.box === "received") {
    await db
      .update(messages)
      .set({ isRead: true })
      .where(and(eq(messages.conversationId, access.id), eq(messages.isRead, false)));
  } else {
    await db.execute(sql`
      update message_replies set is_read = true
      where not is_read and message_id in (select id from messages where conversation_id = ${access.id})`);
  }
}

async function loadThread(db: Database, access: Access): Promise<ConversationThread> {
  const entries = (await db.execute(sql`
    select e.id, e.author, e.body, e.subject, e.is_read, ${iso(sql`e.created_at`)} as created_at
    from (${entriesOf(sql`${access.id}`)}) e order by e.created_at, e.id`)) as unknown as {
    id: string;
    author: "sender" | "consultant";
    body: string;
    subject: string | null;
    is_read: boolean;
    created_at: string;
  }[];
  const [party] = (await db.execute(sql`
    select co.id as consultant_id, co.name as consultant_name, co.title as consultant_title,
           co.status = 'approved' as consultant_listed, m.sender_name, m.sender_organization, m.sender_email
    from consultants co
    join messages m on m.conversation_id = ${access.id}
    where co.id = ${access.consultantId}
    order by m.created_at desc, m.id desc limit 1`)) as unknown as (SummaryRow & { sender_email: string })[];
  if (!party) throw new NotFound(CONVERSATION_TEXTS.notFound);
  const last = entries[entries.length - 1];
  const mine = access.box === "sent" ? "sender" : "consultant";
  return {
    id: access.id,
    box: access.box,
    subject: access.subject,
    otherParty: otherPartyOf(access.box, party),
    status: last ? statusOf(last.author, last.is_read) : "sent",
    ...(access.box === "received" ? { senderEmail: party.sender_email } : {}),
    entries: entries.map(
      (entry): ConversationEntry => ({
        id: entry.id,
        author: entry.author,
        fromMe: entry.author === mine,
        body: entry.body,
        subject: entry.subject,
        createdAt: entry.created_at,
      }),
    ),
  };
}

/**
 * Opens one of the caller's conversations: the other party's entries count as read from now on,
 * unless the caller marked them already (`markRead: false`: the page's middleware does, before the
 * header's unread badge is counted beside the page's loader).
 */
export async function openConversation(
  deps: ConversationDeps,
  actor: Actor,
  id: number,
  { markRead: mark = true }: { markRead?: boolean } = {},
): Promise<ConversationThread> {
  const user = requireSignedIn(actor);
  const access = await findAccessible(deps.db, user.id, id);
  if (mark) await markRead(deps.db, access);
  return loadThread(deps.db, access);
}

/** Marks the other party's entries read for a party of the conversation; anything else is left alone without a word. */
export async function markConversationOpened(deps: Pick<ConversationDeps, "db">, actor: Actor, id: number): Promise<void> {
  if (!actor) return;
  const access = await findAccessible(deps.db, actor.id, id).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  if (access) await markRead(deps.db, access);
}

/**
 * Answers in a conversation. The sender's answer is a new message to the consultant (same text
 * rule, same rate limits, e-mailed with Reply-To the sender); the consultant's answer is a reply
 * to the sender's latest message (e-mailed with Reply-To the consultant). Both are stored and their
 * e-mail queued in one transaction.
 */
export async function postToConversation(
  deps: ConversationDeps,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<ConversationThread> {
  const user = requireSignedIn(actor);
  const access = await findAccessible(deps.db, user.id, input.id);
  const { message } = parseInput(conversationMessageSchema, input.body);
  const [latest] = await deps.db
    .select(messageColumns)
    .from(messages)
    .where(eq(messages.conversationId, access.id))
    .orderBy(sql`${messages.createdAt} desc, ${messages.id} desc`)
    .limit(1);
  const [consultant] = await deps.db
    .select({ id: consultants.id, name: consultants.name, email: consultants.email, status: consultants.status })
    .from(consultants)
    .where(eq(consultants.id, access.consultantId))
    .limit(1);
  if (!latest || !consultant) throw new NotFound(CONVERSATION_TEXTS.notFound);

  if (access.box === "sent") {
    if (consultant.status !== "approved") throw new Conflict(CONVERSATION_TEXTS.notListed);
    await consumeRateLimits(deps.db, sendRateLimits(user.id, deps.clientIp));
    const subject = access.subject.startsWith("Re: ") ? access.subject : `Re: ${access.subject}`.slice(0, 255);
    await deps.db.transaction(async (tx) => {
      await tx.insert(messages).values({
        consultantId: consultant.id,
        conversationId: access.id,
        senderUserId: user.id,
        senderName: latest.senderName,
        senderEmail: latest.senderEmail,
        senderOrganization: latest.senderOrganization,
        subject,
        message,
      });
      await notifyConsultant(deps, tx, consultant, {
        senderName: latest.senderName,
        senderEmail: latest.senderEmail,
        senderOrganization: latest.senderOrganization,
        subject,
        message,
        conversationId: access.id,
      });
    });
  } else {
    await consumeRateLimits(deps.db, replyRateLimits(user.id));
    await deps.db.transaction((tx) => storeReply(deps, tx, consultant, latest, message, access.id));
  }
  await markRead(deps.db, access);
  return loadThread(deps.db, access);
}
