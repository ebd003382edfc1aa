import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/runtime-macro";
import { and, count, desc, eq, exists, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AuditAction, AuditChanges } from "#common/constants.ts";
import { localizePath } from "#common/locales.ts";
import { moderationSchema, OPEN_STATUSES, OPPORTUNITY_TEXTS, opportunityPath } from "#common/opportunities.ts";
import { ADMIN_OPPORTUNITY_FILTERS } from "#common/opportunity-reports.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { authUsers, opportunities, opportunityReports, organizations } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { recordAudit } from "../admin/audit.ts";
import { type Actor, type AdminRow, inAdminTransaction, requireAdmin, type ServiceDeps } from "../context.ts";
import { Conflict } from "../errors.ts";
import { composeMail, oneLine } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
import { parseInput } from "../validate.ts";
import { loadOpportunity } from "./access.ts";
import { opportunityAuditEntry } from "./opportunities.ts";
import { isPending, isPublished } from "./search.ts";

// The admins' side of opportunities (issue 32): the queue of those waiting for approval (from
// unverified organizations, or held after an unpublishing), approve / reject with a reason (the
// reason is e-mailed), unpublish, all audited; and the scheduled job that closes every open
// opportunity whose deadline has passed.

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs">;

export { ADMIN_OPPORTUNITY_FILTERS };

const adminListSchema = z.object({
  filter: z
    .enum(ADMIN_OPPORTUNITY_FILTERS, { error: `Filter must be one of ${ADMIN_OPPORTUNITY_FILTERS.join(", ")}` })
    .default("pending"),
  page: z.coerce.number({ error: OPPORTUNITY_TEXTS.page }).int(OPPORTUNITY_TEXTS.page).min(1, OPPORTUNITY_TEXTS.page).default(1),
});

export type AdminOpportunityRow = {
  id: number;
  title: string;
  path: string;
  status: string;
  organization: { id: number; name: string; verified: boolean };
  deadline: string;
  updatedAt: string;
  openReports: number;
};

const ADMIN_PAGE = 25;

const openReports = sql<number>`(select count(*)::int from opportunity_reports r where r.opportunity_id = ${opportunities.id} and r.resolved_at is null)`;

/** GET /api/admin/opportunities?filter=pending|published|reported|all&page=: the admins' Opportunities table. */
export async function listOpportunitiesForAdmin(deps: Pick<Deps, "db">, actor: Actor, input: unknown) {
  await requireAdmin(deps, actor);
  const { filter, page } = parseInput(adminListSchema, input ?? {});
  const reported = exists(
    deps.db
      .select({ one: sql`1` })
      .from(opportunityReports)
      .where(and(eq(opportunityReports.opportunityId, opportunities.id), isNull(opportunityReports.resolvedAt))),
  );
  const where: SQL | undefined =
    filter === "pending" ? isPending : filter === "published" ? isPublished : filter === "reported" ? reported : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: opportunities.id,
        slug: opportunities.slug,
        title: opportunities.title,
        status: opportunities.status,
        organization: {
          id: organizations.id,
          name: organizations.name,
          verified: sql<boolean>`${organizations.verifiedAt} is not null`,
        },
        deadline: opportunities.deadline,
        updatedAt: opportunities.updatedAt,
        openReports,
      })
      .from(opportunities)
      .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
      .where(where)
      .orderBy(desc(opportunities.updatedAt), desc(opportunities.id))
      .limit(ADMIN_PAGE)
      .offset((page - 1) * ADMIN_PAGE),
    deps.db.select({ total: count() }).from(opportunities).where(where),
  ]);
  return {
    opportunities: rows.map(
      (row): AdminOpportunityRow => ({
        id: row.id,
        title: row.title,
        path: opportunityPath(row),
        status: row.status,
        organization: row.organization,
        deadline: row.deadline.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        openReports: Number(row.openReports),
      }),
    ),
    total: total?.total ?? 0,
    page,
    limit: ADMIN_PAGE,
    filter,
  };
}

/** POST /api/admin/opportunities/{id}/approve: a pending opportunity goes public. */
export async function approveOpportunity(deps: Deps, actor: Actor, id: number) {
  return inAdminTransaction(deps, actor, async (tx, admin) => {
    const { opportunity, organization } = await loadOpportunity(tx, id, { lock: true });
    if (opportunity.status !== "pending") throw new Conflict(OPPORTUNITY_TEXTS.notPending);
    const now = new Date();
    await tx
      .update(opportunities)
      .set({ status: "published", publishedAt: now, isHeldForReview: false, moderationReason: null, updatedAt: now })
      .where(eq(opportunities.id, id));
    await recordDecision(deps, tx, admin, {
      opportunity,
      organization,
      action: "approve",
      changes: { status: { from: "pending", to: "published" } },
      mail: (i18n, { title, siteName }) => [i18n._(msg`"${{ title }}" was approved and is now public on ${{ siteName }}.`)],
    });
    return { id, status: "published" as const, message: "Opportunity approved and published" };
  });
}

/** POST /api/admin/opportunities/{id}/reject `{ reason }`: back to a draft; the reason is e-mailed to the organization. */
export async function rejectOpportunity(deps: Deps, actor: Actor, input: { id: number; body: unknown }) {
  const { reason } = parseInput(moderationSchema, input.body ?? {});
  return inAdminTransaction(deps, actor, async (tx, admin) => {
    const { opportunity, organization } = await loadOpportunity(tx, input.id, { lock: true });
    if (opportunity.status !== "pending") throw new Conflict(OPPORTUNITY_TEXTS.notPending);
    await tx
      .update(opportunities)
      .set({ status: "draft", moderationReason: reason, updatedAt: new Date() })
      .where(eq(opportunities.id, input.id));
    await recordDecision(deps, tx, admin, {
      opportunity,
      organization,
      action: "reject",
      changes: { status: { from: "pending", to: "draft" }, reason: { from: null, to: reason } },
      mail: (i18n, { title, siteName }) => [
        i18n._(msg`"${{ title }}" was not approved for publication on ${{ siteName }}. It is a draft again.`),
        i18n._(msg`The administrator's reason: ${{ reason }}`),
        i18n._(msg`You can change it and publish it again.`),
      ],
    });
    return { id: input.id, status: "draft" as const, message: "Opportunity rejected; the organization was told why" };
  });
}

/**
 * POST /api/admin/opportunities/{id}/unpublish `{ reason }`: a published opportunity leaves the
 * public site, back to a draft held for review: its next publication waits for an admin, even
 * from a verified organization. Its open reports are resolved by it.
 */
export async function unpublishOpportunity(deps: Deps, actor: Actor, input: { id: number; body: unknown }) {
  const { reason } = parseInput(moderationSchema, input.body ?? {});
  return inAdminTransaction(deps, actor, async (tx, admin) => {
    const { opportunity, organization } = await loadOpportunity(tx, input.id, { lock: true });
    if (opportunity.status !== "published") throw new Conflict(OPPORTUNITY_TEXTS.notPublished);
    const now = new Date();
    await tx
      .update(opportunities)
      .set({ status: "draft", isHeldForReview: true, moderationReason: reason, updatedAt: now })
      .where(eq(opportunities.id, input.id));
    await tx
      .update(opportunityReports)
      .set({ resolvedAt: now })
      .where(and(eq(opportunityReports.opportunityId, input.id), isNull(opportunityReports.resolvedAt)));
    await recordDecision(deps, tx, admin, {
      opportunity,
      organization,
      action: "unpublish",
      changes: { status: { from: "published", to: "draft" }, reason: { from: null, to: reason } },
      mail: (i18n, { title, siteName }) => [
        i18n._(
          msg`An administrator of ${{ siteName }} unpublished "${{ title }}". It is a draft again, and its next publication waits for an administrator's approval.`,
        ),
        i18n._(msg`The administrator's reason: ${{ reason }}`),
      ],
    });
    return { id: input.id, status: "draft" as const, message: "Opportunity unpublished; the organization was told why" };
  });
}

/**
 * What an admin's decision leaves beside the row: its audit entry, and one e-mail to the
 * opportunity's contact person and the member who posted it (once if the same), each in their own
 * language (the account's), its paragraphs naming the opportunity (the title on one line) and the
 * site, with the link to the opportunity's page in it.
 */
async function recordDecision(
  deps: Pick<Deps, "config" | "jobs">,
  tx: Executor,
  admin: AdminRow,
  decision: {
    opportunity: { id: number; slug: string; title: string; contactUserId: number | null; createdBy: number | null };
    organization: { name: string };
    action: AuditAction;
    changes: AuditChanges;
    mail: (i18n: I18n, names: { title: string; siteName: string }) => string[];
  },
) {
  const { opportunity, organization, action, changes } = decision;
  await recordAudit(tx, admin, opportunityAuditEntry({ ...opportunity, organization: organization.name }, action, changes));
  const ids = [...new Set([opportunity.contactUserId, opportunity.createdBy].filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  const people = await tx
    .select({ email: authUsers.email, locale: authUsers.locale })
    .from(authUsers)
    .where(inArray(authUsers.id, ids));
  const { siteName, publicUrl } = deps.config;
  const names = { title: oneLine(opportunity.title), siteName };
  for (const person of people) {
    const { locale, i18n } = await mailLanguage(person.locale);
    const { text, html, language } = composeMail(locale, siteName, [i18n._(msg`Hello,`), ...decision.mail(i18n, names)], {
      label: i18n._(msg`See the opportunity`),
      url: `${publicUrl}${localizePath(locale, opportunityPath(opportunity))}`,
    });
    const subject = i18n._(msg`Your opportunity on ${{ siteName }}`);
    await enqueueMail(deps, { to: person.email, subject, text, html, language }, { db: tx });
  }
}

/**
 * The scheduled job (JOBS.closeOpportunities, every five minutes on the queue): every published or
 * pending opportunity whose deadline has passed at `now` is closed. Idempotent: a second run, or a
 * second instance running it at once, closes nothing more.
 */
export async function closeExpiredOpportunities(db: Database, now: Date = new Date()): Promise<number> {
  const closed = await db
    .update(opportunities)
    .set({
      status: "closed",
      closedAt: now,
      publishedAt: sql`coalesce(${opportunities.publishedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(inArray(opportunities.status, [...OPEN_STATUSES]), lte(opportunities.deadline, now)))
    .returning({ id: opportunities.id });
  return closed.length;
}
