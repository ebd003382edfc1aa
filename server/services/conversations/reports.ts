import { msg } from "@lingui/core/runtime-macro";
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type ConversationReport,
  REPORT_TEXTS,
  type ReportAction,
  reportActionSchema,
  reportSchema,
  reportText,
} from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, conversationReports, conversations, messages } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { recordAudit } from "../admin/audit.ts";
import { setBlockedIn } from "../admin/block.ts";
import { type AdminPage, adminListQuery, newestFirst, readTablePage } from "../admin/list-page.ts";
import { type Actor, inAdminTransaction, requireRecentAuthentication, type ServiceDeps } from "../context.ts";
import { Conflict, Forbidden, NotFound } from "../errors.ts";
import { composeMail, isolate, oneLine } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
import { badgeOf } from "../organizations/membership.ts";
import { unverifyOrganization } from "../organizations/verification.ts";
import { parseInput } from "../validate.ts";
import { requireSignedIn } from "./conversations.ts";
import { findAccessible } from "./thread.ts";

// "Report this sender" (issue 31): the consultant who received a conversation sends it to the
// admins' queue with a reason. An admin warns the sender (an e-mail), blocks the sender's account
// (the existing block: no sign-in, sessions ended, profile and reviews hidden), unverifies the
// organization the conversation was sent for, or dismisses the report. Everything audited.
// The consultant's own tools on a received conversation (hiding it, the "Blocked sender" mark)
// live beside the conversation; this module is the queue.

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs" | "runtime">;

/**
 * POST /api/conversations/{id}/report `{ reason, details? }`: the consultant who received the
 * conversation (its sender's side gets 403, anyone else 404). One open report per conversation
 * (409). The details are kept with the reason, as one text the admins' queue shows.
 */
export async function reportConversation(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<{ id: number; status: "open"; message: string }> {
  const user = requireSignedIn(actor);
  const access = await findAccessible(deps.db, user.id, input.id);
  if (access.box !== "received") throw new Forbidden(REPORT_TEXTS.onlyReceived);
  const parsed = parseInput(reportSchema, input.body ?? {});
  const reason = reportText(parsed.reason, parsed.details);
  const id = await deps.db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ senderUserId: messages.senderUserId, senderName: messages.senderName })
      .from(messages)
      .where(eq(messages.conversationId, access.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    const [conversation] = await tx
      .select({ organizationId: conversations.organizationId })
      .from(conversations)
      .where(eq(conversations.id, access.id))
      .limit(1);
    const [report] = await tx
      .insert(conversationReports)
      .values({
        conversationId: access.id,
        reporterId: user.id,
        senderUserId: latest?.senderUserId ?? null,
        organizationId: conversation?.organizationId ?? null,
        senderName: latest?.senderName ?? "",
        subject: access.subject,
        reason,
      })
      .onConflictDoNothing({ target: conversationReports.conversationId, where: sql`status = 'open'` })
      .returning({ id: conversationReports.id });
    if (!report) throw new Conflict(REPORT_TEXTS.alreadyReported);
    const [reporter] = await tx
      .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, user.id));
    if (reporter) {
      await recordAudit(tx, reporter, {
        action: "report",
        targetType: "report",
        targetId: report.id,
        targetLabel: `${latest?.senderName ?? ""}: ${access.subject}`,
        changes: { reason: { from: null, to: reason } },
      });
    }
    return report.id;
  });
  return { id, status: "open", message: REPORT_TEXTS.reported };
}

const reportColumns = {
  id: conversationReports.id,
  conversationId: conversationReports.conversationId,
  subject: conversationReports.subject,
  senderName: conversationReports.senderName,
  senderUserId: conversationReports.senderUserId,
  senderBlocked: sql<boolean>`coalesce((select u.blocked_at is not null from auth_users u
    where u.id = ${conversationReports.senderUserId}), false)`,
  organization: badgeOf(conversationReports.organizationId),
  reporterName: sql<string | null>`(select u.name from auth_users u where u.id = ${conversationReports.reporterId})`,
  reason: conversationReports.reason,
  status: conversationReports.status,
  createdAt: sql<string>`to_json(${conversationReports.createdAt}) #>> '{}'`,
  resolvedAt: sql<string | null>`to_json(${conversationReports.resolvedAt}) #>> '{}'`,
};

const reportListSchema = z.object({
  status: z.enum(["open", "all"], { error: "Status must be open or all" }).optional(),
});

/** GET /api/admin/reports?status=open|all&search=&page=&limit=: the admins' queue, newest first. */
export async function listReports(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<AdminPage<"reports", ConversationReport>> {
  const query = await adminListQuery(deps, actor, withoutStatus(input));
  const { status } = parseInput(reportListSchema, input ?? {});
  const where = status === "all" ? undefined : eq(conversationReports.status, "open");
  const { rows, ...page } = await readTablePage(deps.db, query, {
    table: conversationReports,
    columns: reportColumns,
    where,
    order: newestFirst(conversationReports),
  });
  return { reports: rows, ...page };
}

function withoutStatus(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const { status: _status, ...rest } = input as Record<string, unknown>;
  return rest;
}

async function lockedReport(tx: Executor, id: number) {
  const [row] = await tx.select().from(conversationReports).where(eq(conversationReports.id, id)).for("update").limit(1);
  if (!row) throw new NotFound(REPORT_TEXTS.notFound);
  if (row.status !== "open") throw new Conflict(REPORT_TEXTS.resolved);
  return row;
}

const STATUS_OF: Record<ReportAction, ConversationReport["status"]> = {
  warn: "warned",
  block: "blocked",
  unverify: "unverified",
  dismiss: "dismissed",
};

/**
 * PUT /api/admin/reports/{id} `{ action, message? }`: an admin acts on an open report (409 once it
 * was dealt with). warn: the sender gets an e-mail (with the admin's message); block: the sender's
 * account is blocked; unverify: the conversation's organization loses its verification (through
 * unverifyOrganization, the one place for it); dismiss: nothing but the report's status.
 */
export async function resolveReport(deps: Deps, actor: Actor, input: { id: number; body: unknown }): Promise<ConversationReport> {
  const { action, message } = parseInput(reportActionSchema, input.body ?? {});
  let directoryChanged = false;
  await inAdminTransaction(deps, actor, async (tx, admin) => {
    // Issue 38: blocking and unverifying through a report need a recent sign-in, as they do directly.
    if (action === "block" || action === "unverify") requireRecentAuthentication(deps, actor);
    const report = await lockedReport(tx, input.id);
    if (action === "warn" || action === "block") {
      if (report.senderUserId === null) throw new Conflict(REPORT_TEXTS.noSender);
      if (action === "block") directoryChanged = (await setBlockedIn(tx, admin, report.senderUserId, true)).changed;
      else await queueWarning(deps, tx, report.senderUserId, report.subject, message);
    }
    if (action === "unverify") {
      if (report.organizationId === null) throw new Conflict(REPORT_TEXTS.noOrganization);
      await unverifyOrganization(deps, actor, report.organizationId, {
        reason: `Report #${report.id}: ${report.reason}`.slice(0, 500),
        inTransaction: { tx, admin },
      });
    }
    await tx
      .update(conversationReports)
      .set({ status: STATUS_OF[action], resolvedBy: admin.id, resolvedAt: new Date() })
      .where(eq(conversationReports.id, report.id));
    await recordAudit(tx, admin, {
      action,
      targetType: "report",
      targetId: report.id,
      targetLabel: `${report.senderName}: ${report.subject}`,
      changes: { status: { from: "open", to: STATUS_OF[action] }, ...(message ? { message: { from: null, to: message } } : {}) },
    });
  });
  if (directoryChanged) deps.runtime.directory.changed();
  const [row] = await deps.db.select(reportColumns).from(conversationReports).where(eq(conversationReports.id, input.id));
  if (!row) throw new NotFound(REPORT_TEXTS.notFound);
  return row;
}

async function queueWarning(
  deps: Pick<Deps, "config" | "jobs">,
  tx: Executor,
  userId: number,
  subject: string,
  message: string | undefined,
): Promise<void> {
  const [sender] = await tx
    .select({ name: authUsers.name, email: authUsers.email, locale: authUsers.locale })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (!sender) throw new Conflict(REPORT_TEXTS.noSender);
  // In the sender's language; the administrator's own words, when given, are sent as written.
  const { locale, i18n } = await mailLanguage(sender.locale);
  const { siteName } = deps.config;
  const name = oneLine(sender.name);
  const conversation = oneLine(subject);
  const { text, html, language } = composeMail(locale, siteName, [
    i18n._(msg`Hello ${{ name }},`),
    i18n._(
      msg`A consultant reported your conversation "${{ conversation }}" on ${{ siteName }}, and an administrator looked at it.`,
    ),
    message === undefined
      ? i18n._(
          msg`Please write to consultants only about real assignments, under your own name and the organization you work for. Another report may lead to your account being blocked.`,
        )
      : isolate(message),
  ]);
  await enqueueMail(
    deps,
    { to: sender.email, subject: i18n._(msg`A warning about your messages on ${{ siteName }}`), text, html, language },
    { db: tx },
  );
}

/** Open reports about an organization's conversations (the admin Organizations table's "reported" filter). */
export const openReportsOf = (organizationId: ReturnType<typeof sql>) =>
  sql<number>`(select count(*) from conversation_reports r where r.organization_id = ${organizationId} and r.status = 'open')::int`;
