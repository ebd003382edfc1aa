import { msg } from "@lingui/core/runtime-macro";
import { and, eq, gt, sql } from "drizzle-orm";
import { localizePath } from "#common/locales.ts";
import { MESSAGE_TEXTS, type SendMessageInput, sendMessageSchema } from "#common/messages.ts";
import type { ProfileLanguage } from "#common/profile-languages.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, consultants, messages } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { isListed } from "../consultants/read-model.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { Conflict, Forbidden, firstOrNotFound, NotFound } from "../errors.ts";
import { composeMail, isolate, oneLine } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
import { isHiddenFrom } from "../organizations/hidden-from.ts";
import { actingOrganization } from "../organizations/membership.ts";
import { consumeRateLimits, type RateLimitRule } from "../rate-limit.ts";
import { parseInput } from "../validate.ts";

// Messages from organizations to consultants: a message is a job lead, so it is stored first and
// then announced by e-mail. The consultant's e-mail address reaches a sender only when the
// consultant answers (see inbox.ts).

export const SEND_LIMIT_PER_SENDER = 20;
export const SEND_LIMIT_PER_IP = 50;
/** Conversations an account may start on its first day (issue 36: spam comes from new accounts). */
export const NEW_ACCOUNT_CONVERSATIONS = 3;
const HOUR = 60 * 60;
const DAY = 24 * HOUR;
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

/**
 * Who may start a conversation (issue 36): only an account whose e-mail address is verified, and
 * an account younger than a day only a few times. Continuing a conversation is not limited here.
 */
async function checkConversationStart(db: ServiceDeps["db"], senderId: number, consultantId: number): Promise<RateLimitRule[]> {
  const [row] = await db
    .select({
      isEmailVerified: authUsers.isEmailVerified,
      isNew: sql<boolean>`${authUsers.createdAt} > now() - interval '1 day'`,
      // The sender's own conversation with the consultant, or one of their organizations' (issue 31).
      hasConversation: sql<boolean>`exists (select 1 from conversations c
        where c.consultant_id = ${consultantId}
          and (c.sender_user_id = ${senderId}
            or c.organization_id in (select om.organization_id from organization_members om where om.user_id = ${senderId})))`,
    })
    .from(authUsers)
    .where(eq(authUsers.id, senderId))
    .limit(1);
  if (!row || row.hasConversation) return [];
  if (!row.isEmailVerified) throw new Forbidden(MESSAGE_TEXTS.verifyToStart);
  if (!row.isNew) return [];
  return [
    {
      key: `messages:new-account:${senderId}`,
      limit: NEW_ACCOUNT_CONVERSATIONS,
      windowSeconds: DAY,
      message: MESSAGE_TEXTS.newAccountLimit,
    },
  ];
}

/** `profileLanguage`: the language the profile is written in, when stated (the page marks the title with it). */
export type MessageRecipient = { id: number; name: string; title: string; profileLanguage: ProfileLanguage | null };

/** Who a message form addresses: a listed consultant's public name and title, or null (only listed profiles take messages). */
export async function findMessageRecipient(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  consultantId: number,
): Promise<MessageRecipient | null> {
  const [row] = await deps.db
    .select({
      id: consultants.id,
      name: consultants.name,
      title: consultants.title,
      profileLanguage: consultants.profileLanguage,
    })
    .from(consultants)
    .where(and(eq(consultants.id, consultantId), isListed))
    .limit(1);
  if (!row || (await isHiddenFrom(deps.db, actor, row.id))) return null;
  return row;
}

/** What a send answers, with the recipient's public name so the page need not look it up first. */
export type SendResult = ({ status: "sent"; id: number; conversationId: number; createdAt: Date } | { status: "discarded" }) & {
  recipient: { id: number; name: string };
};

/**
 * Sends a message to a listed consultant as the signed-in actor. While the actor acts for an
 * organization (issue 31), the message is the organization's: it goes into the organization's
 * conversation with the consultant (every member reads and answers it) under the organization's
 * name. A consultant who hid from one of the actor's organizations does not exist for them (404). Validates with the shared schema,
 * counts against the sender's and the address's rate limits (TooManyRequests), refuses the same
 * message again within a minute (Conflict), stores it with the sender's account (in the sender's
 * conversation with the consultant, opened or continued by a trigger) and queues the e-mail to the
 * consultant in the same transaction, so the notification is retried until it goes out. A filled-in honeypot is discarded silently: the bot sees success, nothing is stored.
 */
export async function sendMessage(deps: ServiceDeps, actor: Actor, input: unknown): Promise<SendResult> {
  const sender = requireUser(actor, MESSAGE_TEXTS.signInToSend);
  const { db } = deps;
  const data: SendMessageInput = parseInput(sendMessageSchema, input);

  const consultant = await firstOrNotFound(
    db
      .select(notifiedConsultantColumns)
      .from(consultants)
      .leftJoin(authUsers, ownerAccount)
      .where(and(eq(consultants.id, data.consultantId), isListed))
      .limit(1),
    MESSAGE_TEXTS.consultantNotFound,
  );

  if (await isHiddenFrom(db, sender, consultant.id)) throw new NotFound(MESSAGE_TEXTS.consultantNotFound);
  const startRules = await checkConversationStart(db, sender.id, consultant.id);
  await consumeRateLimits(db, [...startRules, ...sendRateLimits(sender.id, deps.clientIp)]);
  const recipient = { id: consultant.id, name: consultant.name };
  if (data.website) return { status: "discarded", recipient };
  const team = await actingOrganization(deps, sender);
  // For a team, the organization's name and the member's own account name: the consultant sees
  // which member wrote, and no member can write under a colleague's name.
  const senderOrganization = team ? team.name : data.senderOrganization;
  const senderName = team ? await accountName(db, sender.id, data.senderName) : data.senderName;

  const stored = await db.transaction(async (tx) => {
    // One sender's sends take turns, so a double-click cannot slip two copies past the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('messages:sender'), ${sender.id})`);
    const [recent] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.senderUserId, sender.id),
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
        senderUserId: sender.id,
        senderName,
        senderEmail: data.senderEmail,
        senderOrganization,
        organizationId: team?.id ?? null,
        subject: data.subject,
        message: data.message,
      })
      .returning({ id: messages.id, createdAt: messages.createdAt, conversationId: messages.conversationId });
    if (!row?.conversationId) throw new Error("the message was not stored");
    await notifyConsultant(deps, tx, consultant, {
      ...data,
      senderName,
      senderOrganization,
      verified: team?.verified ?? false,
      conversationId: row.conversationId,
    });
    return { ...row, conversationId: row.conversationId };
  });
  return { status: "sent", ...stored, recipient };
}

async function accountName(db: Executor, userId: number, fallback: string): Promise<string> {
  const [row] = await db.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.id, userId)).limit(1);
  return row?.name ?? fallback;
}

/** Who notifyConsultant writes to: the profile's name and address, and its owner account's language. */
export type NotifiedConsultant = { id: number; name: string; email: string; locale: string | null };

/**
 * The columns of a NotifiedConsultant, read with the profile that is written to: select them from
 * `consultants` left-joined with `ownerAccount` (a profile without an account gets English).
 */
export const notifiedConsultantColumns = {
  id: consultants.id,
  name: consultants.name,
  email: consultants.email,
  locale: authUsers.locale,
};
export const ownerAccount = eq(authUsers.id, consultants.userId);

/**
 * Queues the e-mail to the consultant at the profile's address (public or not) with Reply-To the
 * sender, so an ordinary mail client answers the sender. Queued in the transaction that stores the
 * message: a mail server that is down delays the notification (retried), never loses it.
 */
export async function notifyConsultant(
  deps: Pick<ServiceDeps, "config" | "jobs">,
  tx: Executor,
  consultant: NotifiedConsultant,
  message: Omit<SendMessageInput, "consultantId" | "website"> & { conversationId: number; verified?: boolean },
): Promise<void> {
  // In the consultant's language (the owner account's); the sender's words are sent as written.
  const { locale, i18n } = await mailLanguage(consultant.locale);
  const { siteName, publicUrl } = deps.config;
  const sender = oneLine(message.senderName);
  const email = message.senderEmail;
  const organization = message.senderOrganization ? oneLine(message.senderOrganization) : null;
  const subject = oneLine(message.subject);
  const name = oneLine(consultant.name);
  // Anyone can type "UNICEF" into the form: only an organization verified here says so (issue 31).
  const organizationLine = organization
    ? message.verified
      ? i18n._(msg`Organization: ${{ organization }} (verified organization)`)
      : i18n._(msg`Organization: ${{ organization }} (not a verified organization)`)
    : null;
  const from = organization ? `${isolate(sender)} (${isolate(organization)})` : sender;
  const { text, html, language } = composeMail(
    locale,
    siteName,
    [
      i18n._(msg`Hello ${{ name }},`),
      i18n._(msg`${{ from }} sent you a message through ${{ siteName }}.`),
      [
        i18n._(msg`From: ${{ sender }} <${{ email }}>`),
        ...(organizationLine ? [organizationLine] : []),
        i18n._(msg`Subject: ${{ subject }}`),
      ].join("\n"),
      isolate(message.message),
      i18n._(
        msg`Reply to this e-mail to answer ${{ sender }} directly, or answer in the conversation. Either way, ${{ sender }} will see your e-mail address once you reply.`,
      ),
    ],
    {
      label: i18n._(msg`Open the conversation`),
      url: `${publicUrl}${localizePath(locale, `/messages/${message.conversationId}`)}`,
    },
  );
  await enqueueMail(
    deps,
    {
      to: consultant.email,
      replyTo: message.senderEmail,
      subject: i18n._(msg`New message from ${{ from }}: ${{ subject }}`),
      text,
      html,
      language,
    },
    { db: tx },
  );
}
