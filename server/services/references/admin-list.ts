import { and, desc, eq, inArray } from "drizzle-orm";
import { assignmentReferences, consultants } from "#server/db/schema.ts";
import { type AdminPage, adminListQuery, readTablePage, searchColumns } from "../admin/list-page.ts";
import type { Actor, ServiceDeps } from "../context.ts";

// The admins' list of live references (issue 34: "admins see references in the audit log and can
// remove one"): the ones waiting for their referee and the confirmed ones, most recent first,
// searched by consultant, assignment, referee or organization, a page at a time. Removing one
// stays removeReference (index.ts): audited. The referee's e-mail is shown to admins only, who
// judge an abuse by it (the consultant's own address, a free-mail domain).

/** A reference as the admins' list shows it. */
export type AdminReference = {
  id: number;
  consultantId: number;
  consultantName: string;
  assignmentTitle: string;
  organization: string;
  refereeName: string;
  refereeEmail: string;
  status: "requested" | "confirmed";
  statement: string | null;
  score: number | null;
  requestedAt: Date;
  answeredAt: Date | null;
};

const LIVE = inArray(assignmentReferences.status, ["requested", "confirmed"]);

/** /admin/reviews?show=references: the live references, newest first. */
export async function listReferencesForAdmin(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<AdminPage<"references", AdminReference>> {
  const query = await adminListQuery(deps, actor, input);
  const where = and(
    LIVE,
    searchColumns(query.search, [
      consultants.name,
      assignmentReferences.assignmentTitle,
      assignmentReferences.organization,
      assignmentReferences.refereeName,
      assignmentReferences.refereeEmail,
    ]),
  );
  const page = await readTablePage(deps.db, query, {
    table: assignmentReferences,
    joins: [{ table: consultants, on: eq(consultants.id, assignmentReferences.consultantId) }],
    columns: {
      id: assignmentReferences.id,
      consultantId: assignmentReferences.consultantId,
      consultantName: consultants.name,
      assignmentTitle: assignmentReferences.assignmentTitle,
      organization: assignmentReferences.organization,
      refereeName: assignmentReferences.refereeName,
      refereeEmail: assignmentReferences.refereeEmail,
      status: assignmentReferences.status,
      statement: assignmentReferences.statement,
      score: assignmentReferences.score,
      requestedAt: assignmentReferences.requestedAt,
      answeredAt: assignmentReferences.answeredAt,
    },
    where,
    order: [desc(assignmentReferences.requestedAt), desc(assignmentReferences.id)],
  });
  const { rows, ...rest } = page;
  return { references: rows as AdminReference[], ...rest };
}
