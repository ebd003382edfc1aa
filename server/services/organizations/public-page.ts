import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { opportunityPath } from "#common/opportunities.ts";
import { ORGANIZATION_TEXTS, type PublicOrganization } from "#common/organizations.ts";
import { authUsers, consultants, opportunities, organizationMembers, organizations, reviews } from "#server/db/schema.ts";
import { isListed } from "../consultants/read-model.ts";
import type { ServiceDeps } from "../context.ts";
import { NotFound } from "../errors.ts";
import { isPublished } from "../opportunities/search.ts";
import { organizationColumns } from "./organizations.ts";

// /organizations/{slug} (issue 31): a verified organization's public page: its record, the
// members who chose to be listed, its open opportunities, and the reviews it has written of listed
// consultants. An unverified organization has no public page (404, as for a missing one).

export const PUBLIC_REVIEWS_SHOWN = 50;
/** Its open opportunities, the nearest deadline first (issue 32: "the organization's page lists them"). */
export const PUBLIC_OPPORTUNITIES_SHOWN = 50;

/** One of its open opportunities: published, and its deadline not passed. */
export type OrganizationOpportunity = {
  id: number;
  title: string;
  path: string;
  countries: string[];
  remote: boolean;
  deadlineDate: string;
};

export type OrganizationReview = {
  id: number;
  consultantId: number;
  consultantName: string;
  reviewerName: string;
  score: number;
  text: string;
  engagement: string;
  createdAt: string;
};

export type OrganizationPage = {
  organization: PublicOrganization;
  opportunities: OrganizationOpportunity[];
  reviews: OrganizationReview[];
};

export async function viewOrganizationPage(deps: Pick<ServiceDeps, "db" | "readDb">, slug: string): Promise<OrganizationPage> {
  const db = deps.readDb ?? deps.db;
  const { memberCount: _count, verificationMethod: _method, ...columns } = organizationColumns;
  const [organization] = await db
    .select(columns)
    .from(organizations)
    .where(and(eq(organizations.slug, slug.slice(0, 90)), sql`${organizations.verifiedAt} is not null`))
    .limit(1);
  if (!organization) throw new NotFound(ORGANIZATION_TEXTS.notFound);
  const [members, open, written] = await Promise.all([
    db
      .select({ name: authUsers.name, role: organizationMembers.role })
      .from(organizationMembers)
      .innerJoin(authUsers, eq(authUsers.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organization.id), eq(organizationMembers.isListed, true)))
      .orderBy(sql`case ${organizationMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(authUsers.name)),
    db
      .select({
        id: opportunities.id,
        slug: opportunities.slug,
        title: opportunities.title,
        countries: opportunities.countries,
        remote: opportunities.isRemote,
        deadlineDate: opportunities.deadlineDate,
      })
      .from(opportunities)
      .where(
        and(
          eq(opportunities.organizationId, organization.id),
          // The literal the opportunities' indexes are limited to (a parameter plans past them),
          // and a deadline not passed: open, as isOpenForInterest says.
          isPublished,
          gt(opportunities.deadline, new Date()),
        ),
      )
      .orderBy(asc(opportunities.deadline), asc(opportunities.id))
      .limit(PUBLIC_OPPORTUNITIES_SHOWN),
    db
      .select({
        id: reviews.id,
        consultantId: consultants.id,
        consultantName: consultants.name,
        reviewerName: authUsers.name,
        score: reviews.score,
        text: reviews.body,
        engagement: reviews.engagement,
        createdAt: sql<string>`to_json(${reviews.createdAt}) #>> '{}'`,
      })
      .from(reviews)
      .innerJoin(consultants, eq(consultants.id, reviews.consultantId))
      .innerJoin(authUsers, eq(authUsers.id, reviews.reviewerId))
      .where(and(eq(reviews.organizationId, organization.id), isNull(reviews.hiddenAt), isListed))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(PUBLIC_REVIEWS_SHOWN),
  ]);
  return {
    organization: { ...organization, members },
    opportunities: open.map(({ slug, ...row }) => ({ ...row, path: opportunityPath({ id: row.id, slug }) })),
    reviews: written,
  };
}
