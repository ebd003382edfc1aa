import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type AdminOrganization,
  type ConversationReport,
  ORGANIZATION_FILTERS,
  ORGANIZATION_TEXTS,
  type OrganizationMember,
} from "#common/organizations.ts";
import { blankToUndefined } from "#common/zod-fields.ts";
import { conversationReports, organizations } from "#server/db/schema.ts";
import { type AdminPage, adminListQuery, newestFirst, readTablePage, searchColumns } from "../admin/list-page.ts";
import { type Actor, requireAdmin, type ServiceDeps } from "../context.ts";
import { NotFound } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { readMembers } from "./members.ts";
import { isVerifiedColumn, memberCountColumn, organizationNameColumns } from "./membership.ts";

// The admin dashboard's Organizations table (issue 31): every organization, searchable by name,
// website and slug, filtered by verified / unverified / reported (an open report about one of its
// conversations); one organization with its members and the reports about it. Verifying and
// unverifying go through verification.ts, acting on reports through conversations/reports.ts.

type Deps = Pick<ServiceDeps, "db">;

const openReports = sql<number>`(select count(*) from conversation_reports r
  where r.organization_id = "organizations"."id" and r.status = 'open')::int`;

const adminColumns = {
  ...organizationNameColumns,
  verified: isVerifiedColumn,
  verificationMethod: organizations.verificationMethod,
  memberCount: memberCountColumn,
  openReports,
  createdAt: sql<string>`to_json(${organizations.createdAt}) #>> '{}'`,
};

const filterSchema = z.object({
  filter: z.preprocess(
    blankToUndefined,
    z.enum(ORGANIZATION_FILTERS, { error: `Filter must be one of ${ORGANIZATION_FILTERS.join(", ")}` }).default("all"),
  ),
});

function filterCondition(filter: (typeof ORGANIZATION_FILTERS)[number]): SQL | undefined {
  if (filter === "verified") return sql`${organizations.verifiedAt} is not null`;
  if (filter === "unverified") return sql`${organizations.verifiedAt} is null`;
  if (filter === "reported") return sql`${openReports} > 0`;
  return undefined;
}

/** GET /api/admin/organizations?search=&filter=&page=&limit=: newest first. */
export async function listOrganizationsForAdmin(
  deps: Deps,
  actor: Actor,
  input: unknown,
): Promise<AdminPage<"organizations", AdminOrganization> & { filter: (typeof ORGANIZATION_FILTERS)[number] }> {
  const { filter, ...list } = (input ?? {}) as Record<string, unknown>;
  const query = await adminListQuery(deps, actor, list);
  const parsed = parseInput(filterSchema, { filter });
  const where = and(
    searchColumns(query.search, [organizations.name, organizations.website, organizations.slug]),
    filterCondition(parsed.filter),
  );
  const { rows, ...page } = await readTablePage(deps.db, query, {
    table: organizations,
    columns: adminColumns,
    where,
    order: newestFirst(organizations),
  });
  return { organizations: rows, ...page, filter: parsed.filter };
}

export type AdminOrganizationDetail = AdminOrganization & {
  domain: string | null;
  description: string;
  members: OrganizationMember[];
  reports: Pick<ConversationReport, "id" | "subject" | "senderName" | "reason" | "status" | "createdAt">[];
};

/** GET /api/admin/organizations/{id}: one organization with its members and the reports about it. */
export async function getOrganizationForAdmin(deps: Deps, actor: Actor, id: number): Promise<AdminOrganizationDetail> {
  await requireAdmin(deps, actor);
  const [row] = await deps.db
    .select({ ...adminColumns, domain: organizations.domain, description: organizations.description })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  if (!row) throw new NotFound(ORGANIZATION_TEXTS.notFound);
  const [members, reports] = await Promise.all([
    readMembers(deps.db, id),
    deps.db
      .select({
        id: conversationReports.id,
        subject: conversationReports.subject,
        senderName: conversationReports.senderName,
        reason: conversationReports.reason,
        status: conversationReports.status,
        createdAt: sql<string>`to_json(${conversationReports.createdAt}) #>> '{}'`,
      })
      .from(conversationReports)
      .where(eq(conversationReports.organizationId, id))
      .orderBy(desc(conversationReports.createdAt), desc(conversationReports.id))
      .limit(100),
  ]);
  return { ...row, members, reports };
}
