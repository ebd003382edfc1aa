import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  actingSchema,
  type Membership,
  ORGANIZATION_TEXTS,
  type OrganizationBadge,
  type OrganizationRole,
} from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, organizationMembers, organizations } from "#server/db/schema.ts";
import { type Actor, requireUser, type ServiceDeps, type SignedIn } from "../context.ts";
import { Forbidden, NotFound } from "../errors.ts";
import { parseInput } from "../validate.ts";

// Who belongs to which organization, and as what: the lookups every team feature asks first
// (shortlists, conversations, reviews, opportunities). Described in docs/decisions/014-organizations.md.
//
// - requireMember: the organization for one of its members, NotFound for anyone else (an
//   organization's private resources do not exist for outsiders), Forbidden for a member without
//   one of the roles asked for. It reads the membership from the database on every call, so a
//   member removed a moment ago is refused at their next request.
// - actingOrganization: the organization the person acts for (the header's switcher), or null.
// - organizationBadge(s): `{ id, name, verified }`, what every sender, reviewer and shared list shows.

/** The signed-in person, or 401 with the organizations' sign-in message. */
export function requireSignedIn(actor: Actor): SignedIn {
  return requireUser(actor, ORGANIZATION_TEXTS.signIn);
}

/** An organization's name card, first in every list of organizations (members' and admins'). */
export const organizationNameColumns = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.name,
  kind: organizations.kind,
  country: organizations.country,
  website: organizations.website,
};

/** How many members an organization has. */
export const memberCountColumn = sql<number>`(select count(*) from organization_members m where m.organization_id = "organizations"."id")::int`;

/** Verified: what the badge means. One expression, so every query says it alike. */
export const isVerifiedColumn = sql<boolean>`${organizations.verifiedAt} is not null`;

export const badgeColumns = { id: organizations.id, name: organizations.name, verified: isVerifiedColumn };

/**
 * The badge of the organization an id (a column or expression that may be null) names, as one
 * JSON value of a select list: for queries that show a sender, a reviewer or a team list.
 */
export function badgeOf(organizationId: SQL | AnyColumn): SQL<OrganizationBadge | null> {
  return sql<OrganizationBadge | null>`(select json_build_object('id', o.id, 'name', o.name, 'verified', o.verified_at is not null,
      'logoUrl', o.logo_url)
    from organizations o where o.id = ${organizationId})`;
}

/** An organization as its member is handed it by requireMember. */
export type MemberOf = {
  user: SignedIn;
  role: OrganizationRole;
  organization: OrganizationBadge & { slug: string };
};

/**
 * The organization for one of its members: NotFound for a visitor's or an outsider's request
 * (the same answer as for a missing organization), Forbidden for a member without one of `roles`.
 * With `lock`, the organization's row is locked for the caller's transaction: membership changes
 * of one organization take turns (the last-owner and size rules count under it).
 */
export async function requireMember(
  db: Executor,
  actor: Actor,
  organizationId: number,
  options: { roles?: readonly OrganizationRole[]; lock?: boolean; forbidden?: string } = {},
): Promise<MemberOf> {
  const user = requireSignedIn(actor);
  if (options.lock) {
    await db.execute(sql`select 1 from organizations where id = ${organizationId} for no key update`);
  }
  const [row] = await db
    .select({ role: organizationMembers.role, organization: { ...badgeColumns, slug: organizations.slug } })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, user.id)))
    .limit(1);
  if (!row) throw new NotFound(ORGANIZATION_TEXTS.notFound);
  if (options.roles && !options.roles.includes(row.role)) throw new Forbidden(options.forbidden ?? ORGANIZATION_TEXTS.needsRole);
  return { user, role: row.role, organization: row.organization };
}

/** The person's role in the organization, or null when they are not a member. */
export async function roleIn(db: Executor, userId: number, organizationId: number): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** The organizations a person belongs to (ids): what the "hidden from" filter and the team lists read. */
export async function memberOrganizationIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  return rows.map((row) => row.id);
}

/** The organizations the signed-in person belongs to, by name, with the one they act for. */
export async function listMemberships(deps: { db: Executor }, actor: Actor): Promise<Membership[]> {
  if (!actor) return [];
  return deps.db
    .select({ ...badgeColumns, slug: organizations.slug, role: organizationMembers.role, acting: organizationMembers.isActing })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, actor.id))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
}

/** An organization as the header's "act for" switch shows it (issue 31). */
export type MenuOrganization = Pick<Membership, "id" | "name" | "verified" | "acting">;

/**
 * The person's organizations for the switch, as one JSON array (listMemberships' order), so that
 * the account menu's query (conversations.ts accountMenuState) reads them in the same statement.
 */
export function menuOrganizationsOf(userId: number): SQL<MenuOrganization[]> {
  return sql<MenuOrganization[]>`coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name,
      'verified', o.verified_at is not null, 'acting', m.is_acting) order by lower(o.name), o.id)
    from organization_members m join organizations o on o.id = m.organization_id
    where m.user_id = ${userId}), '[]'::json)`;
}

/**
 * The organization the person acts for (the header's switcher remembers it per account), or null:
 * they act for themselves. A member removed from it acts for themselves from their next request.
 */
export async function actingOrganization(deps: { db: Executor }, actor: Actor): Promise<Membership | null> {
  if (!actor) return null;
  const [row] = await deps.db
    .select({ ...badgeColumns, slug: organizations.slug, role: organizationMembers.role, acting: organizationMembers.isActing })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, actor.id), eq(organizationMembers.isActing, true)))
    .limit(1);
  return row ?? null;
}

/** Makes `organizationId` the one the person acts for (null: themselves), in the caller's transaction. */
export async function actFor(db: Executor, userId: number, organizationId: number | null): Promise<void> {
  await db
    .update(organizationMembers)
    .set({ isActing: false })
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.isActing, true)));
  if (organizationId !== null) {
    await db
      .update(organizationMembers)
      .set({ isActing: true })
      .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.organizationId, organizationId)));
  }
}

/**
 * PUT /api/acting-organization `{ organizationId }` and the header's switcher: act for one of
 * one's organizations, or for oneself (null). An organization one is not in is a 404, as a missing one.
 */
export async function setActingOrganization(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<{ acting: Membership | null; organizations: Membership[] }> {
  const user = requireSignedIn(actor);
  const { organizationId } = parseInput(actingSchema, input ?? {});
  await deps.db.transaction(async (tx) => {
    if (organizationId !== null && (await roleIn(tx, user.id, organizationId)) === null) {
      throw new NotFound(ORGANIZATION_TEXTS.notFound);
    }
    await actFor(tx, user.id, organizationId);
  });
  return actingState(deps, user);
}

/** GET /api/acting-organization: the organizations one belongs to and the one acted for. */
export async function actingState(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
): Promise<{ acting: Membership | null; organizations: Membership[] }> {
  requireSignedIn(actor);
  const memberships = await listMemberships(deps, actor);
  return { acting: memberships.find((membership) => membership.acting) ?? null, organizations: memberships };
}

/** The badges of some organizations, by id (null ids are skipped). */
export async function organizationBadges(db: Executor, ids: readonly (number | null)[]): Promise<Map<number, OrganizationBadge>> {
  const wanted = [...new Set(ids.filter((value): value is number => value !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(badgeColumns).from(organizations).where(inArray(organizations.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Name and e-mail of the person acting, for the audit log (read in the transaction of the action). */
export async function auditActor(db: Executor, userId: number): Promise<{ id: number; name: string; email: string }> {
  const [row] = await db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, userId))
    .limit(1);
  if (!row) throw new NotFound(ORGANIZATION_TEXTS.notFound);
  return row;
}
