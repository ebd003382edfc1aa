import { and, asc, eq, exists, inArray, or, sql } from "drizzle-orm";
import { OPPORTUNITY_TEXTS, type OpportunityStatus } from "#common/opportunities.ts";
import type { MatchOpportunity } from "#common/opportunity-match.ts";
import { MANAGING_ROLES } from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, opportunities, opportunityPosters, organizationMembers, organizations } from "#server/db/schema.ts";
import { type Actor, isAdmin, type ServiceDeps } from "../context.ts";
import { Forbidden, NotFound } from "../errors.ts";
import { badgeColumns, type MemberOf, requireMember, roleIn } from "../organizations/membership.ts";

// Who may do what with an opportunity (issue 32). Posting and managing: the organization's owners
// and admins, and members they allowed (opportunity_posters). Reading a draft or one waiting for
// approval: the organization's members and the site's admins; anyone else gets 404, as for a
// missing one. Published, closed and filled opportunities are public.

export type Viewer = "public" | "member" | "poster" | "admin";

/** The caller as a poster of the organization: NotFound for outsiders, Forbidden for a member not allowed to post. */
export async function requirePoster(db: Executor, actor: Actor, organizationId: number, lock = false): Promise<MemberOf> {
  const member = await requireMember(db, actor, organizationId, { lock });
  if (MANAGING_ROLES.includes(member.role)) return member;
  if (await isAllowedPoster(db, member.user.id, organizationId)) return member;
  throw new Forbidden(OPPORTUNITY_TEXTS.needsPoster);
}

async function isAllowedPoster(db: Executor, userId: number, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: opportunityPosters.userId })
    .from(opportunityPosters)
    .where(and(eq(opportunityPosters.organizationId, organizationId), eq(opportunityPosters.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The organizations the caller may post for (the posting form's choice): the same rule as
 * requirePoster, owners and admins, and members they allowed.
 */
export async function listPostingOrganizations(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
): Promise<{ id: number; name: string }[]> {
  if (!actor) return [];
  const allowed = deps.db
    .select({ one: sql`1` })
    .from(opportunityPosters)
    .where(
      and(eq(opportunityPosters.organizationId, organizationMembers.organizationId), eq(opportunityPosters.userId, actor.id)),
    );
  return deps.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(eq(organizationMembers.userId, actor.id), or(inArray(organizationMembers.role, [...MANAGING_ROLES]), exists(allowed))),
    )
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
}

/**
 * The posting form's "Contact person" choices: the members of the organizations the caller may post
 * for (listPostingOrganizations), by organization, names only. The service checks the choice again
 * (a member of the opportunity's organization, else 400).
 */
export async function listContactChoices(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  organizationIds: number[],
): Promise<{ organizationId: number; userId: number; name: string }[]> {
  if (!actor || organizationIds.length === 0) return [];
  // Only organizations the caller belongs to: nobody reads another organization's members here.
  const mine = await deps.db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, actor.id), inArray(organizationMembers.organizationId, organizationIds)));
  if (mine.length === 0) return [];
  return deps.db
    .select({ organizationId: organizationMembers.organizationId, userId: authUsers.id, name: authUsers.name })
    .from(organizationMembers)
    .innerJoin(authUsers, eq(authUsers.id, organizationMembers.userId))
    .where(
      inArray(
        organizationMembers.organizationId,
        mine.map((row) => row.id),
      ),
    )
    .orderBy(asc(sql`lower(${authUsers.name})`), asc(authUsers.id));
}

/** How the caller relates to an organization's opportunities. */
export async function viewerOf(db: Executor, actor: Actor, organizationId: number): Promise<Viewer> {
  if (!actor) return "public";
  const role = await roleIn(db, actor.id, organizationId);
  if (role !== null && (MANAGING_ROLES.includes(role) || (await isAllowedPoster(db, actor.id, organizationId)))) return "poster";
  if (isAdmin(actor)) return "admin";
  return role === null ? "public" : "member";
}

/** Statuses anyone may read; the others exist only for the organization and the admins. */
export const PUBLIC_STATUSES: readonly OpportunityStatus[] = ["published", "closed", "filled"];

export function isVisibleTo(viewer: Viewer, status: OpportunityStatus): boolean {
  return viewer !== "public" || PUBLIC_STATUSES.includes(status);
}

/** The posting organization as every opportunity answer shows it (OrganizationOfOpportunity). */
export const organizationBadgeColumns = { ...badgeColumns, slug: organizations.slug, logoUrl: organizations.logoUrl };

/** What the match score reads of an opportunity (MatchOpportunity in common/opportunity-match.ts). */
export const wantedColumns = {
  specializations: opportunities.specializations,
  countries: opportunities.countries,
  remote: opportunities.isRemote,
  donors: opportunities.donors,
  languages: opportunities.languages,
  minYearsExperience: opportunities.minYearsExperience,
};

/**
 * What a ToR asks for, from a row read with wantedColumns: the values the match score reads, and
 * the same fields, in the same order, of a search result's summary.
 */
export function wantedOf<R extends MatchOpportunity>(row: R): Pick<R, keyof MatchOpportunity> {
  return {
    specializations: row.specializations,
    countries: row.countries,
    remote: row.remote,
    donors: row.donors,
    languages: row.languages,
    minYearsExperience: row.minYearsExperience,
  };
}

/** The opportunity's row with its organization, or NotFound. */
export async function loadOpportunity(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      opportunity: opportunities,
      organization: { ...organizationBadgeColumns, country: organizations.country },
      contactName: authUsers.name,
    })
    .from(opportunities)
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .leftJoin(authUsers, eq(authUsers.id, opportunities.contactUserId))
    .where(eq(opportunities.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: opportunities }) : await query;
  if (!row) throw new NotFound(OPPORTUNITY_TEXTS.notFound);
  return row;
}

export type LoadedOpportunity = Awaited<ReturnType<typeof loadOpportunity>>;
