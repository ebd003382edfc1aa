import { and, eq, sql } from "drizzle-orm";
import {
  CONVERSATION_TEXTS,
  type ConversationBox,
  type ConversationEntry,
  type ConversationThread,
  conversationMessageSchema,
} from "#common/conversations.ts";
import type { OrganizationBadge } from "#common/organizations.ts";
import type { Database } from "#server/db/client.ts";
import { authUsers, consultants, conversations, messages } from "#server/db/schema.ts";
import type { Actor } from "../context.ts";
import { Conflict, firstOrNotFound, NotFound } from "../errors.ts";
import { messageColumns, replyRateLimits, storeReply } from "../messages/inbox.ts";
import { notifiedConsultantColumns, notifyConsultant, ownerAccount, sendRateLimits } from "../messages/send.ts";
import { roleIn } from "../organizations/membership.ts";
import { consumeRateLimits } from "../rate-limit.ts";
import { parseInput } from "../validate.ts";
import {
  type ConversationDeps,
  conversationBadge,
  entriesOf,
  fromBlockedSender,
  iso,
  otherPartyOf,
  requireSignedIn,
  type SummaryRow,
  statusOf,
} from "./conversations.ts";

// One conversation (issues 13 and 31): who may see it (its two parties only; the sender's side of
// a team conversation is every member of its organization, read from the membership on every
// request), reading it, and answering in it. The boxes, the counts and what they share are in
// conversations.ts.

export type Access = {
  id: number;
  box: ConversationBox;
  subject: string;
  consultantId: number;
  /** A team conversation's organization (null for a personal one, or once the organization is deleted). */
  organizationId: number | null;
};

/** The conversation if the caller is one of its two parties; NotFound for anyone else. */
export async function findAccessible(db: Database, userId: number, id: number): Promise<Access> {
  const row = await firstOrNotFound(
    db
      .select({
        id: conversations.id,
        subject: conversations.subject,
        consultantId: conversations.consultantId,
        senderUserId: conversations.senderUserId,
        organizationId: conversations.organizationId,
        ownerId: consultants.userId,
      })
      .from(conversations)
      .innerJoin(consultants, eq(consultants.id, conversations.consultantId))
      .where(eq(conversations.id, id))
      .limit(1),
    CONVERSATION_TEXTS.notFound,
  );
  const access = { id: row.id, subject: row.subject, consultantId: row.consultantId, organizationId: row.organizationId };
  if (row.ownerId === userId) return { ...access, box: "received" };
  const onSenderSide =
    row.organizationId === null ? row.senderUserId === userId : (await roleIn(db, userId, row.organizationId)) !== null;
  if (onSenderSide) return { ...access, box: "sent" };
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
    select e.id, e.author, e.body, e.subject, e.is_read, ${iso(sql`e.created_at`)} as created_at,
           coalesce(e.author_name, co.name) as author_name
    from (${entriesOf(sql`${access.id}`)}) e
    join consultants co on co.id = ${access.consultantId}
    order by e.created_at, e.id`)) as unknown as {
    id: string;
    author: "sender" | "consultant";
    author_name: string;
    body: string;
    subject: string | null;
    is_read: boolean;
    created_at: string;
  }[];
  const [party] = (await db.execute(sql`
    select co.id as consultant_id, co.name as consultant_name, co.title as consultant_title,
           co.status = 'approved' as consultant_listed, m.sender_name, m.sender_organization, m.sender_email,
           ${conversationBadge} as organization, ${fromBlockedSender} as sender_blocked,
           exists (select 1 from conversation_reports r where r.conversation_id = c.id and r.status = 'open') as reported
    from consultants co
    join messages m on m.conversation_id = ${access.id}
    join conversations c on c.id = m.conversation_id
    where co.id = ${access.consultantId}
    order by m.created_at desc, m.id desc limit 1`)) as unknown as (SummaryRow & {
    sender_email: string;
    organization: OrganizationBadge | null;
    sender_blocked: boolean;
    reported: boolean;
  })[];
  if (!party) throw new NotFound(CONVERSATION_TEXTS.notFound);
  const last = entries[entries.length - 1];
  const mine = access.box === "sent" ? "sender" : "consultant";
  return {
    id: access.id,
    box: access.box,
    subject: access.subject,
    otherParty: otherPartyOf(access.box, party),
    organization: party.organization,
    status: last ? statusOf(last.author, last.is_read) : "sent",
    isBlockedSender: access.box === "received" && party.sender_blocked,
    // Only the consultant reports (reports.ts); the sender's side never learns of a report.
    isReported: access.box === "received" && party.reported,
    ...(access.box === "received" ? { senderEmail: party.sender_email } : {}),
    entries: entries.map(
      (entry): ConversationEntry => ({
        id: entry.id,
        author: entry.author,
        authorName: entry.author_name,
        fromMe: entry.author === mine,
        body: entry.body,
        subject: entry.subject,
        createdAt: entry.created_at,
      }),
    ),
  };
}

/**
 * The conversation a message of the old inbox (issue 13) now lives in, when the actor is the
 * consultant it was sent to; null otherwise (someone else's, missing, or from before conversations).
 */
export async function conversationOfMessage(
  deps: Pick<ConversationDeps, "db">,
  actor: Actor,
  messageId: number,
): Promise<number | null> {
  if (!actor) return null;
  const [own] = await deps.db
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .innerJoin(consultants, eq(consultants.id, messages.consultantId))
    .where(and(eq(messages.id, messageId), eq(consultants.userId, actor.id)))
    .limit(1);
  return own?.conversationId ?? null;
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
    .select({ ...notifiedConsultantColumns, status: consultants.status })
    .from(consultants)
    .leftJoin(authUsers, ownerAccount)
    .where(eq(consultants.id, access.consultantId))
    .limit(1);
  if (!latest || !consultant) throw new NotFound(CONVERSATION_TEXTS.notFound);

  if (access.box === "sent") {
    if (consultant.status !== "approved") throw new Conflict(CONVERSATION_TEXTS.notListed);
    await consumeRateLimits(deps.db, sendRateLimits(user.id, deps.clientIp));
    const subject = access.subject.startsWith("Re: ") ? access.subject : `Re: ${access.subject}`.slice(0, 255);
    const sender = await answeringAs(deps.db, user.id, access, latest);
    await deps.db.transaction(async (tx) => {
      await tx.insert(messages).values({
        consultantId: consultant.id,
        conversationId: access.id,
        senderUserId: user.id,
        senderName: sender.senderName,
        senderEmail: sender.senderEmail,
        senderOrganization: sender.senderOrganization,
        organizationId: access.organizationId,
        subject,
        message,
      });
      await notifyConsultant(deps, tx, consultant, {
        senderName: sender.senderName,
        senderEmail: sender.senderEmail,
        senderOrganization: sender.senderOrganization,
        verified: sender.verified,
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

/**
 * Who an answer on the sender's side is from. In a team conversation, the member who writes it,
 * under the organization's name (the consultant sees each member's name); in a personal one, the
 * name and address the sender gave last.
 */
async function answeringAs(
  db: Database,
  userId: number,
  access: Access,
  latest: { senderName: string; senderEmail: string; senderOrganization: string | null },
): Promise<{ senderName: string; senderEmail: string; senderOrganization: string | null; verified: boolean }> {
  if (access.organizationId === null) return { ...latest, verified: false };
  const [row] = await db
    .select({
      name: authUsers.name,
      email: authUsers.email,
      organization: sql<{ name: string; verified: boolean } | null>`(select json_build_object('name', o.name,
        'verified', o.verified_at is not null) from organizations o where o.id = ${access.organizationId})`,
    })
    .from(authUsers)
    .where(eq(authUsers.id, userId))
    .limit(1);
  if (!row) throw new NotFound(CONVERSATION_TEXTS.notFound);
  return {
    senderName: row.name,
    senderEmail: row.email,
    senderOrganization: row.organization?.name ?? latest.senderOrganization,
    verified: row.organization?.verified ?? false,
  };
}
