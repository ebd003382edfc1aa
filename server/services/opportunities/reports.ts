import { and, eq, isNull } from "drizzle-orm";
import { OPPORTUNITY_TEXTS } from "#common/opportunities.ts";
import { opportunityReportSchema, REPORT_TEXTS } from "#common/opportunity-reports.ts";
import { opportunityReports } from "#server/db/schema.ts";
import { recordAudit } from "../admin/audit.ts";
import { type Actor, inAdminTransaction, requireUser, type ServiceDeps } from "../context.ts";
import { Conflict, NotFound } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { loadOpportunity, PUBLIC_STATUSES } from "./access.ts";
import { auditOpportunity, opportunityAuditEntry } from "./opportunities.ts";

// "Report this opportunity" (issue 32): a signed-in person reports a published opportunity as
// spam, a scam or discriminatory; the report joins the admins' Opportunities table (filter
// "reported"), where unpublishing resolves it and "Dismiss" closes it without a change. Both the
// report and the dismissal are audited in their transaction.

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs">;

/** POST /api/opportunities/{id}/report `{ reason, details? }`: one open report per person and opportunity. */
export async function reportOpportunity(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<{ id: number; message: string }> {
  const user = requireUser(actor, REPORT_TEXTS.signIn);
  const { reason, details } = parseInput(opportunityReportSchema, input.body ?? {});
  return deps.db.transaction(async (tx) => {
    const { opportunity, organization } = await loadOpportunity(tx, input.id, { lock: true });
    // A draft or one waiting for approval does not exist for the public (access.ts): 404, as for a missing one.
    if (!PUBLIC_STATUSES.includes(opportunity.status)) throw new NotFound(OPPORTUNITY_TEXTS.notFound);
    if (opportunity.status !== "published") throw new Conflict(REPORT_TEXTS.notPublished);
    const [open] = await tx
      .select({ id: opportunityReports.id })
      .from(opportunityReports)
      .where(
        and(
          eq(opportunityReports.opportunityId, input.id),
          eq(opportunityReports.reporterId, user.id),
          isNull(opportunityReports.resolvedAt),
        ),
      )
      .limit(1);
    if (open) throw new Conflict(REPORT_TEXTS.already);
    const [row] = await tx
      .insert(opportunityReports)
      .values({ opportunityId: input.id, reporterId: user.id, reason, details: details ?? "" })
      .returning({ id: opportunityReports.id });
    if (!row) throw new Error("the report was not stored");
    await auditOpportunity(tx, user.id, { ...opportunity, organization: organization.name }, "report", {
      reason: { from: null, to: reason },
    });
    return { id: row.id, message: REPORT_TEXTS.sent };
  });
}

/** POST /api/admin/opportunities/{id}/dismiss-reports: the open reports closed, the opportunity unchanged (admins). */
export async function dismissOpportunityReports(deps: Deps, actor: Actor, id: number): Promise<{ id: number; message: string }> {
  return inAdminTransaction(deps, actor, async (tx, admin) => {
    const { opportunity, organization } = await loadOpportunity(tx, id, { lock: true });
    const closed = await tx
      .update(opportunityReports)
      .set({ resolvedAt: new Date() })
      .where(and(eq(opportunityReports.opportunityId, id), isNull(opportunityReports.resolvedAt)))
      .returning({ id: opportunityReports.id });
    if (closed.length === 0) throw new Conflict(REPORT_TEXTS.noReports);
    await recordAudit(
      tx,
      admin,
      opportunityAuditEntry({ ...opportunity, organization: organization.name }, "dismiss", {
        reports: { from: closed.length, to: 0 },
      }),
    );
    return { id, message: REPORT_TEXTS.dismissed };
  });
}
