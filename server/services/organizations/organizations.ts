import { and, asc, count, eq, ilike, ne, sql } from "drizzle-orm";
import type { AuditChanges } from "#common/constants.ts";
import {
  ORGANIZATION_LIMITS,
  ORGANIZATION_TEXTS,
  type OrganizationRole,
  type OrganizationView,
  organizationCreateSchema,
  organizationSearchSchema,
  organizationUpdateSchema,
  webDomainOf,
} from "#common/organizations.ts";
import { urlSlug } from "#common/slugs.ts";
import type { Executor } from "#server/db/client.ts";
import { consultants, organizationMembers, organizations, photoUploads } from "#server/db/schema.ts";
import { type Actor, requireRecentAuthentication, type ServiceDeps, type Transaction } from "../context.ts";
import { Conflict, NotFound, ValidationFailed } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { auditOrganization } from "./audit.ts";
import {
  actFor,
  isVerifiedColumn,
  memberCountColumn,
  organizationNameColumns,
  requireMember,
  requireSignedIn,
  roleIn,
} from "./membership.ts";

// An organization (issue 31): created by a signed-in person, who becomes its owner and acts for
// it; read by its members (and by anyone once it is verified); changed and deleted by its owners
// and admins. Changing the name or the website of a verified organization takes the verification
// back: it was given for that name at that domain (docs/decisions/014-organizations.md).

type Deps = Pick<ServiceDeps, "db">;

const notFound = () => new NotFound(ORGANIZATION_TEXTS.notFound);

/** The columns an OrganizationView is read from (role and acting come from the caller's membership). */
export const organizationColumns = {
  ...organizationNameColumns,
  domain: organizations.domain,
  description: organizations.description,
  logoUrl: organizations.logoUrl,
  verified: isVerifiedColumn,
  verifiedAt: sql<string | null>`to_json(${organizations.verifiedAt}) #>> '{}'`,
  verificationMethod: organizations.verificationMethod,
  createdAt: sql<string>`to_json(${organizations.createdAt}) #>> '{}'`,
  memberCount: memberCountColumn,
};

/** A name as a URL part (common/slugs.ts): "Mekong Water Alliance" is mekong-water-alliance. */
export function slugOf(name: string): string {
  return urlSlug(name, "organization");
}

/** An organization's view for `userId` (member or not), or null when it does not exist. */
async function readView(db: Executor, userId: number | null, id: number): Promise<OrganizationView | null> {
  const [row] = await db
    .select({
      ...organizationColumns,
      role: sql<OrganizationRole | null>`(select m.role from organization_members m
        where m.organization_id = "organizations"."id" and m.user_id = ${userId ?? -1})`,
      acting: sql<boolean>`coalesce((select m.is_acting from organization_members m
        where m.organization_id = "organizations"."id" and m.user_id = ${userId ?? -1}), false)`,
    })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * GET /api/organizations/{id}: the whole organization for its members (with their role); for
 * anyone else, a verified organization's public fields, and NotFound for an unverified one.
 */
export async function getOrganization(deps: Deps, actor: Actor, id: number): Promise<OrganizationView> {
  const view = await readView(deps.db, actor?.id ?? null, id);
  if (!view || (view.role === null && !view.verified)) throw notFound();
  return view;
}

/**
 * The organizations the signed-in person belongs to (GET /api/organizations), or, with
 * `?search=`, organizations whose name contains it (at least two characters; at most 20, verified
 * first): how a consultant finds the ones to hide from. Either way with the caller's role in each.
 */
export async function listOrganizations(deps: Deps, actor: Actor, input: unknown) {
  const user = requireSignedIn(actor);
  const { search } = parseInput(organizationSearchSchema, input ?? {});
  const role = sql<OrganizationRole | null>`(select m.role from organization_members m
    where m.organization_id = "organizations"."id" and m.user_id = ${user.id})`;
  const columns = {
    id: organizations.id,
    slug: organizations.slug,
    name: organizations.name,
    kind: organizations.kind,
    country: organizations.country,
    verified: isVerifiedColumn,
    role,
  };
  if (search !== undefined && search.length >= 2) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const found = await deps.db
      .select(columns)
      .from(organizations)
      .where(ilike(sql`lower(${organizations.name})`, pattern))
      .orderBy(sql`${organizations.verifiedAt} is null`, asc(sql`lower(${organizations.name})`), asc(organizations.id))
      .limit(20);
    return { organizations: found };
  }
  const mine = await deps.db
    .select(columns)
    .from(organizations)
    .innerJoin(organizationMembers, eq(organizationMembers.organizationId, organizations.id))
    .where(eq(organizationMembers.userId, user.id))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
  return { organizations: mine };
}

/** At most ORGANIZATION_LIMITS.perUser organizations per person (409 beyond), counted under the person's lock. */
export async function assertRoomForAnotherOrganization(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('organizations:user'), ${userId})`);
  const [row] = await tx.select({ total: count() }).from(organizationMembers).where(eq(organizationMembers.userId, userId));
  if ((row?.total ?? 0) >= ORGANIZATION_LIMITS.perUser) throw new Conflict(ORGANIZATION_TEXTS.tooManyOrganizations);
}

/**
 * A logo must be a photo its editor uploaded (POST /api/upload-photo) that no profile and no other
 * organization shows: replacing one organization's logo must never delete another's picture.
 */
async function assertLogoClaimable(db: Executor, userId: number, logoUrl: string, organizationId: number | null) {
  const refuse = () =>
    new ValidationFailed(ORGANIZATION_TEXTS.logoUrl, [{ path: "logoUrl", message: ORGANIZATION_TEXTS.logoUrl }]);
  const [upload] = await db.select().from(photoUploads).where(eq(photoUploads.photoUrl, logoUrl)).limit(1);
  if (!upload || upload.userId !== userId) throw refuse();
  const [profile] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(eq(consultants.profilePhotoUrl, logoUrl))
    .limit(1);
  const [other] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.logoUrl, logoUrl), organizationId === null ? undefined : ne(organizations.id, organizationId)))
    .limit(1);
  if (profile || other) throw refuse();
}

/** Inserts with the name's slug, or the first free `slug-2`, `slug-3`…: never a unique violation inside the transaction. */
async function insertWithFreeSlug(tx: Transaction, values: Omit<typeof organizations.$inferInsert, "slug">): Promise<number> {
  const base = slugOf(values.name);
  const taken = await tx
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(sql`${organizations.slug} = ${base} or ${organizations.slug} like ${`${base}-%`}`);
  const used = new Set(taken.map((row) => row.slug));
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (used.has(slug)) continue;
    const [row] = await tx
      .insert(organizations)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: organizations.slug })
      .returning({ id: organizations.id });
    if (row) return row.id;
  }
}

/** POST /api/organizations: the creator becomes its owner and acts for it from now on. */
export async function createOrganization(deps: Deps, actor: Actor, input: unknown): Promise<OrganizationView> {
  const user = requireSignedIn(actor);
  const data = parseInput(organizationCreateSchema, input);
  const id = await deps.db.transaction(async (tx) => {
    await assertRoomForAnotherOrganization(tx, user.id);
    if (data.logoUrl) await assertLogoClaimable(tx, user.id, data.logoUrl, null);
    const website = data.website ?? null;
    const organizationId = await insertWithFreeSlug(tx, {
      name: data.name,
      kind: data.kind,
      country: data.country,
      website,
      domain: website ? webDomainOf(website) : null,
      description: data.description ?? "",
      logoUrl: data.logoUrl ?? null,
      createdBy: user.id,
    });
    await tx.insert(organizationMembers).values({ organizationId, userId: user.id, role: "owner" });
    await actFor(tx, user.id, organizationId);
    await auditOrganization(tx, user.id, { id: organizationId, name: data.name }, "create", {
      name: { from: null, to: data.name },
      website: { from: null, to: website },
    });
    return organizationId;
  });
  return getOrganization(deps, user, id);
}

/**
 * PATCH /api/organizations/{id}: owners and admins change the details (members 403, anyone else
 * 404). A new name or website of a verified organization takes its verification back.
 */
export async function updateOrganization(
  deps: Deps,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<OrganizationView> {
  const { user } = await requireMember(deps.db, actor, input.id, { roles: ["owner", "admin"] });
  const data = parseInput(organizationUpdateSchema, input.body ?? {});
  await deps.db.transaction(async (tx) => {
    await requireMember(tx, actor, input.id, { roles: ["owner", "admin"], lock: true });
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, input.id)).limit(1);
    if (!before) throw notFound();
    if (data.logoUrl && data.logoUrl !== before.logoUrl) await assertLogoClaimable(tx, user.id, data.logoUrl, before.id);
    const website = data.website === undefined ? before.website : data.website;
    const after = {
      name: data.name ?? before.name,
      kind: data.kind ?? before.kind,
      country: data.country ?? before.country,
      website,
      domain: website ? webDomainOf(website) : null,
      description: data.description ?? before.description,
      logoUrl: data.logoUrl === undefined ? before.logoUrl : data.logoUrl,
    };
    const changes: AuditChanges = {};
    for (const [field, to] of Object.entries(after)) {
      const from = before[field as keyof typeof after];
      if (from !== to) changes[field] = { from, to };
    }
    if (Object.keys(changes).length === 0) return;
    const identityChanged = after.name !== before.name || after.domain !== before.domain;
    const unverify = before.verifiedAt !== null && identityChanged;
    if (unverify) changes.verified = { from: before.verificationMethod, to: null };
    await tx
      .update(organizations)
      .set({ ...after, updatedAt: new Date(), ...(unverify ? { verifiedAt: null, verificationMethod: null } : {}) })
      .where(eq(organizations.id, before.id));
    await auditOrganization(tx, user.id, { id: before.id, name: after.name }, "edit", changes);
  });
  return getOrganization(deps, user, input.id);
}

/**
 * DELETE /api/organizations/{id}: owners and admins. Its members, invitations and team
 * shortlists go with it; its conversations stay with the consultants and with the members who
 * started them; the reviews its members wrote stop counting (docs/decisions/014-organizations.md).
 * Owners and admins alike need a recent sign-in (issue 38).
 */
export async function deleteOrganization(deps: Deps & Pick<ServiceDeps, "config">, actor: Actor, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { user, organization } = await requireMember(tx, actor, id, { roles: ["owner", "admin"], lock: true });
    // Issue 38: it cannot be undone (members, invitations, team shortlists go): a recent sign-in.
    requireRecentAuthentication(deps, actor);
    await auditOrganization(tx, user.id, organization, "delete", { name: { from: organization.name, to: null } });
    await tx.delete(organizations).where(eq(organizations.id, id));
  });
}

/** Whether the person belongs to the organization (for pages that show more to members). */
export async function isMember(deps: Deps, actor: Actor, organizationId: number): Promise<boolean> {
  return actor ? (await roleIn(deps.db, actor.id, organizationId)) !== null : false;
}
