import { eq, sql } from "drizzle-orm";
import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_TEXTS,
  type ConversationBox,
  type ConversationPage,
  type ConversationStatus,
  type ConversationSummary,
  conversationListSchema,
} from "#common/conversations.ts";
import type { OrganizationBadge } from "#common/organizations.ts";
import type { Database } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { type MenuOrganization, menuOrganizationsOf } from "../organizations/membership.ts";
import { parseInput } from "../validate.ts";
// Conversations (issue 13, docs/decisions/011-hiring-side.md): one per sender account and
// consultant, or (issue 31) one per organization and consultant, which every member of the
// organization reads and answers. The sender's messages are rows of `messages` (the spec's
// Message), the consultant's answers rows of `message_replies`; a trigger files every new message
// under its conversation. Only the two parties see a conversation (the sender's side being an
// organization's members for a team conversation): for anyone else (admins included) it does not exist.

export type ConversationDeps = Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp">;

export function requireSignedIn(actor: Actor): { id: number } {
  return requireUser(actor, CONVERSATION_TEXTS.signIn);
}

const PREVIEW_LENGTH = 160;

/** Every entry of a conversation, oldest first: the sender's messages and the consultant's replies. */
export const entriesOf = (conversationId: ReturnType<typeof sql>) => sql`
  select 'm' || m.id as id, 'sender' as author, m.message as body, m.subject, m.is_read, m.created_at,
         m.sender_name as author_name
  from messages m where m.conversation_id = ${conversationId}
  union all
  select 'r' || r.id, 'consultant', r.body, null, r.is_read, r.created_at, null
  from message_replies r join messages m on m.id = r.message_id where m.conversation_id = ${conversationId}`;

export const iso = (column: ReturnType<typeof sql>) => sql`to_json(${column}) #>> '{}'`;

/**
 * Whether the user deleted conversation `c` from their view (issue 36): until an entry newer than
 * the deletion arrives, it is out of their boxes and their unread counts.
 */
export const hiddenFrom = (userId: number) => sql`exists (
  select 1 from conversation_hidden h
  where h.user_id = ${userId} and h.conversation_id = c.id and h.hidden_at >= c.last_message_at)`;

/**
 * Whether every message of conversation `c` came from an account an admin has blocked (issue 36):
 * a spammer's conversation; a team conversation with one blocked member among others is not.
 */
export const fromBlockedSender = sql`not exists (
  select 1 from messages bm left join auth_users bu on bu.id = bm.sender_user_id
  where bm.conversation_id = c.id and bu.blocked_at is null)`;

/**
 * Unread entries addressed to the user, by box: the consultants' replies on the sender's side, and
 * the messages to their consultant profile, except a blocked sender's (it waits as "Blocked
 * sender", never as "New") and in conversations the user deleted from their view.
 */
const unreadCounts = (userId: number, profileId: ReturnType<typeof sql>) => sql`
  (select count(*) from message_replies r join messages m on m.id = r.message_id
     join conversations c on c.id = m.conversation_id
   where ${sentSideOf(userId)} and not r.is_read and not ${hiddenFrom(userId)})::int as sent,
  (select count(*) from messages m join conversations c on c.id = m.conversation_id
   where m.consultant_id = ${profileId} and not m.is_read
     and not ${fromBlockedSender} and not ${hiddenFrom(userId)})::int as received`;

/**
 * The sender's side of conversations (alias `c`) for a person: their personal conversations (and a
 * team conversation they started whose organization was deleted), and their organizations'
 * conversations, read from the membership on every request.
 */
export function sentSideOf(userId: number) {
  return sql`((c.organization_id is null and c.sender_user_id = ${userId})
    or c.organization_id in (select om.organization_id from organization_members om where om.user_id = ${userId}))`;
}

/** The badge of a conversation's organization (alias `c`), as JSON, or null. */
export const conversationBadge = sql`(select json_build_object('id', o.id, 'name', o.name, 'verified', o.verified_at is not null,
    'logoUrl', o.logo_url)
  from organizations o where o.id = c.organization_id)`;

/** sent / read / replied, from the last entry of the conversation. */
export function statusOf(lastAuthor: string, lastIsRead: boolean): ConversationStatus {
  if (lastAuthor === "consultant") return "replied";
  return lastIsRead ? "read" : "sent";
}

/** The caller's consultant profile id, or null. */
async function ownProfileId(db: Database, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.userId, userId)).limit(1);
  return row?.id ?? null;
}

export type SummaryRow = {
  id: number;
  subject: string;
  consultant_id: number;
  consultant_name: string;
  consultant_title: string;
  consultant_listed: boolean;
  sender_name: string;
  sender_organization: string | null;
  organization: OrganizationBadge | null;
  last_author: string;
  last_body: string;
  last_is_read: boolean;
  last_at: string;
  unread: number;
  sender_blocked: boolean;
  total: number;
};

/**
 * The caller's conversations in one box, most recent first, a page at a time, with the unread
 * count of both boxes. Sent: conversations the caller started; received: those addressed to the
 * caller's consultant profile (none without a profile).
 */
export async function listConversations(deps: ConversationDeps, actor: Actor, input: unknown): Promise<ConversationPage> {
  const user = requireSignedIn(actor);
  const asked = parseInput(conversationListSchema, input);
  const { page } = asked;
  const profileId = await ownProfileId(deps.db, user.id);
  const unread = await countUnreadByBox(deps.db, user.id, profileId);
  // Messages open where the messages are (issue 36), unless a box is asked for: a consultant
  // lands on Received when messages to the profile are unread, or when they started no
  // conversation (their messages are the received ones, read or not: an empty Sent said "no
  // messages"); everyone else on Sent.
  const box = asked.box ?? ((await opensOnReceived(deps.db, user.id, profileId, unread)) ? "received" : "sent");
  const limit = CONVERSATION_PAGE_SIZE;
  if (box === "received" && profileId === null) {
    return { box, conversations: [], total: 0, page, limit, unread, hasProfile: false };
  }
  const mine = box === "sent" ? sentSideOf(user.id) : sql`c.consultant_id = ${profileId}`;
  // Unread for the caller: the other party's entries not yet opened.
  const blocked = box === "received" ? fromBlockedSender : sql`false`;
  const unreadOf =
    box === "sent"
      ? sql`(select count(*) from message_replies r join messages m on m.id = r.message_id
              where m.conversation_id = c.id and not r.is_read)::int`
      : sql`(case when ${blocked} then 0
              else (select count(*) from messages m where m.conversation_id = c.id and not m.is_read) end)::int`;
  const rows = (await deps.db.execute(sql`
    select c.id, c.subject, co.id as consultant_id, co.name as consultant_name, co.title as consultant_title,
           co.status = 'approved' as consultant_listed,
           sender.sender_name, sender.sender_organization, ${conversationBadge} as organization,
           last.author as last_author, left(regexp_replace(last.body, '\\s+', ' ', 'g'), ${PREVIEW_LENGTH}) as last_body,
           last.is_read as last_is_read, ${iso(sql`last.created_at`)} as last_at,
           ${unreadOf} as unread, ${blocked} as sender_blocked, count(*) over ()::int as total
    from conversations c
    join consultants co on co.id = c.consultant_id
    join lateral (select m.sender_name, m.sender_organization from messages m where m.conversation_id = c.id
                  order by m.created_at desc, m.id desc limit 1) sender on true
    join lateral (select e.* from (${entriesOf(sql`c.id`)}) e order by e.created_at desc, e.id desc limit 1) last on true
    where ${mine} and not ${hiddenFrom(user.id)}
    order by c.last_message_at desc, c.id desc
    limit ${limit} offset ${(page - 1) * limit}`)) as unknown as SummaryRow[];
  const summaries: ConversationSummary[] = rows.map((row) => ({
    id: row.id,
    box,
    subject: row.subject,
    otherParty: otherPartyOf(box, row),
    organization: row.organization,
    lastMessage: {
      preview: row.last_body,
      at: row.last_at,
      fromMe: (box === "sent") === (row.last_author === "sender"),
    },
    unreadCount: row.unread,
    status: statusOf(row.last_author, row.last_is_read),
    isBlockedSender: row.sender_blocked,
  }));
  const total = rows[0]?.total ?? (page > 1 ? await countInBox(deps.db, box, user.id, profileId) : 0);
  return { box, conversations: summaries, total, page, limit, unread, hasProfile: profileId !== null };
}

async function countInBox(db: Database, box: ConversationBox, userId: number, profileId: number | null): Promise<number> {
  const where = box === "sent" ? sentSideOf(userId) : sql`c.consultant_id = ${profileId ?? -1}`;
  const [row] = (await db.execute(
    sql`select count(*)::int as total from conversations c where ${where} and not ${hiddenFrom(userId)}`,
  )) as unknown as {
    total: number;
  }[];
  return row?.total ?? 0;
}

export function otherPartyOf(
  box: ConversationBox,
  row: Pick<
    SummaryRow,
    | "consultant_id"
    | "consultant_name"
    | "consultant_title"
    | "consultant_listed"
    | "sender_name"
    | "sender_organization"
    | "organization"
  >,
): ConversationSummary["otherParty"] {
  return box === "sent"
    ? {
        name: row.consultant_name,
        detail: row.consultant_title,
        consultantId: row.consultant_listed ? row.consultant_id : null,
        organization: null,
      }
    : { name: row.sender_name, detail: row.sender_organization, consultantId: null, organization: row.organization };
}

/** Whether a list asked for without a box opens Received (see listConversations). */
async function opensOnReceived(
  db: Database,
  userId: number,
  profileId: number | null,
  unread: Record<ConversationBox, number>,
): Promise<boolean> {
  if (profileId === null) return false;
  if (unread.received > 0) return true;
  const [row] = (await db.execute(
    sql`select exists (select 1 from conversations c where ${sentSideOf(userId)}) as started`,
  )) as unknown as { started: boolean }[];
  return row?.started !== true;
}

async function countUnreadByBox(
  db: Database,
  userId: number,
  profileId: number | null,
): Promise<Record<ConversationBox, number>> {
  const [row] = (await db.execute(sql`select ${unreadCounts(userId, sql`${profileId ?? -1}`)}`)) as unknown as {
    sent: number;
    received: number;
  }[];
  return { sent: row?.sent ?? 0, received: row?.received ?? 0 };
}

/**
 * The header's account menu: unread entries in both boxes (the badge), whether the user has a
 * consultant profile (the menu leads with it, or offers it), and the organizations of the "act for"
 * switch, in one query: it runs on every page.
 */
export async function accountMenuState(
  deps: { db: Database },
  actor: Actor,
): Promise<{ unread: number; hasConsultantProfile: boolean; organizations: MenuOrganization[] }> {
  if (!actor) return { unread: 0, hasConsultantProfile: false, organizations: [] };
  const profile = sql`(select co.id from consultants co where co.user_id = ${actor.id})`;
  const [row] = (await deps.db.execute(sql`
    select counts.sent, counts.received, exists (select 1 from consultants co where co.user_id = ${actor.id}) as has_profile,
      ${menuOrganizationsOf(actor.id)} as organizations
    from (select ${unreadCounts(actor.id, profile)}) counts`)) as unknown as {
    sent: number;
    received: number;
    has_profile: boolean;
    organizations: MenuOrganization[];
  }[];
  return {
    unread: (row?.sent ?? 0) + (row?.received ?? 0),
    hasConsultantProfile: row?.has_profile === true,
    organizations: row?.organizations ?? [],
  };
}

/** The header badge: unread entries in both boxes, in one query; 0 for visitors. */
export async function countUnreadConversations(deps: { db: Database }, actor: Actor): Promise<number> {
  return (await accountMenuState(deps, actor)).unread;
}
