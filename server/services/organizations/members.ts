import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  MANAGING_ROLES,
  memberUpdateSchema,
  ORGANIZATION_TEXTS,
  type OrganizationMember,
  type OrganizationRole,
} from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, opportunityPosters, organizationMembers } from "#server/db/schema.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { Conflict, Forbidden, NotFound } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { auditOrganization } from "./audit.ts";
import { requireMember } from "./membership.ts";

// The members of an organization (issue 31): every member sees the list; owners and admins
// change roles and remove members; anyone may leave. Only an owner makes an owner or changes an
// owner's role, and an organization always keeps one owner (409). Changes of one organization's
// membership take turns under a lock on its row, so two owners demoting each other at once cannot
// both succeed. A removed member loses access at their next request: every team feature asks
// requireMember, which reads the membership from the database. Owners and admins also allow a
// plain member to post the organization's opportunities (issue 32, opportunity_posters); the
// permission goes with the membership: removed, or made an owner or admin, the row goes too.

type Deps = Pick<ServiceDeps, "db">;
type MemberInput = { id: number; userId: number };

const memberColumns = {
  userId: organizationMembers.userId,
  name: authUsers.name,
  email: authUsers.email,
  role: organizationMembers.role,
  listed: organizationMembers.isListed,
  canPost: sql<boolean>`(${organizationMembers.role} in ('owner', 'admin') or exists (
    select 1 from ${opportunityPosters}
    where ${opportunityPosters.organizationId} = ${organizationMembers.organizationId}
      and ${opportunityPosters.userId} = ${organizationMembers.userId}))`,
  joinedAt: sql<string>`to_json(${organizationMembers.createdAt}) #>> '{}'`,
};

const ROLE_ORDER = sql`case ${organizationMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

/** An organization's members (or one of them), owners first: its page, the API and the admin's view. */
export async function readMembers(db: Executor, organizationId: number, userId?: number): Promise<OrganizationMember[]> {
  return db
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(authUsers, eq(authUsers.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        userId === undefined ? undefined : eq(organizationMembers.userId, userId),
      ),
    )
    .orderBy(ROLE_ORDER, asc(sql`lower(${authUsers.name})`), asc(authUsers.id));
}

/** GET /api/organizations/{id}/members: for its members only (anyone else 404). */
export async function listMembers(deps: Deps, actor: Actor, id: number): Promise<{ members: OrganizationMember[] }> {
  await requireMember(deps.db, actor, id);
  return { members: await readMembers(deps.db, id) };
}

async function targetMember(db: Executor, organizationId: number, userId: number): Promise<OrganizationMember> {
  const [member] = await readMembers(db, organizationId, userId);
  if (!member) throw new NotFound(ORGANIZATION_TEXTS.memberNotFound);
  return member;
}

async function ownerCount(db: Executor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, "owner")));
  return row?.total ?? 0;
}

/** Taking an owner's role away (demotion, removal, leaving) must leave another owner. */
async function assertNotLastOwner(db: Executor, organizationId: number, target: OrganizationMember): Promise<void> {
  if (target.role === "owner" && (await ownerCount(db, organizationId)) <= 1) throw new Conflict(ORGANIZATION_TEXTS.lastOwner);
}

/**
 * PATCH /api/organizations/{id}/members/{userId} `{ role?, listed?, canPost? }`. The role: owners and
 * admins (members 403); making an owner, or changing an owner's role, owners only; never the last
 * owner (409). `listed` (shown on the public page) is the member's own choice: only they set it.
 * `canPost`: owners and admins allow a plain member to post opportunities (an owner or admin
 * always may: 409), audited.
 */
export async function updateMember(
  deps: Deps,
  actor: Actor,
  input: MemberInput & { body: unknown },
): Promise<OrganizationMember> {
  await requireMember(deps.db, actor, input.id);
  const change = parseInput(memberUpdateSchema, input.body ?? {});
  return deps.db.transaction(async (tx) => {
    const me = await requireMember(tx, actor, input.id, { lock: true });
    const target = await targetMember(tx, input.id, input.userId);
    if (change.listed !== undefined) {
      if (target.userId !== me.user.id) throw new Forbidden("Only the member can choose to be listed on the organization's page");
      await tx
        .update(organizationMembers)
        .set({ isListed: change.listed })
        .where(and(eq(organizationMembers.organizationId, input.id), eq(organizationMembers.userId, target.userId)));
    }
    if (change.role !== undefined && change.role !== target.role) {
      await changeRole(tx, me, target, change.role);
    }
    if (change.canPost !== undefined) {
      await changePosting(tx, me, await targetMember(tx, input.id, input.userId), change.canPost);
    }
    return targetMember(tx, input.id, input.userId);
  });
}

async function changePosting(
  tx: Executor,
  me: Awaited<ReturnType<typeof requireMember>>,
  target: OrganizationMember,
  canPost: boolean,
): Promise<void> {
  if (!MANAGING_ROLES.includes(me.role)) throw new Forbidden(ORGANIZATION_TEXTS.needsRole);
  if (MANAGING_ROLES.includes(target.role)) {
    throw new Conflict(ORGANIZATION_TEXTS.postsAlready, [{ path: "canPost", message: ORGANIZATION_TEXTS.postsAlready }]);
  }
  if (canPost === target.canPost) return;
  if (canPost) {
    await tx
      .insert(opportunityPosters)
      .values({ organizationId: me.organization.id, userId: target.userId })
      .onConflictDoNothing();
  } else {
    await dropPosting(tx, me.organization.id, target.userId);
  }
  await auditOrganization(tx, me.user.id, me.organization, "edit", {
    member: { from: target.name, to: target.name },
    canPost: { from: target.canPost, to: canPost },
  });
}

/** A member's permission to post, taken away with their membership or made redundant by a managing role. */
async function dropPosting(tx: Executor, organizationId: number, userId: number): Promise<void> {
  await tx
    .delete(opportunityPosters)
    .where(and(eq(opportunityPosters.organizationId, organizationId), eq(opportunityPosters.userId, userId)));
}

async function changeRole(
  tx: Executor,
  me: Awaited<ReturnType<typeof requireMember>>,
  target: OrganizationMember,
  role: OrganizationRole,
): Promise<void> {
  if (!MANAGING_ROLES.includes(me.role)) throw new Forbidden(ORGANIZATION_TEXTS.needsRole);
  if ((role === "owner" || target.role === "owner") && me.role !== "owner") throw new Forbidden(ORGANIZATION_TEXTS.ownersOnly);
  await assertNotLastOwner(tx, me.organization.id, target);
  await tx
    .update(organizationMembers)
    .set({ role })
    .where(and(eq(organizationMembers.organizationId, me.organization.id), eq(organizationMembers.userId, target.userId)));
  // An owner or admin posts by their role; demoted later, they post only if allowed again.
  if (MANAGING_ROLES.includes(role)) await dropPosting(tx, me.organization.id, target.userId);
  await auditOrganization(tx, me.user.id, me.organization, "change_role", {
    member: { from: target.name, to: target.name },
    role: { from: target.role, to: role },
  });
}

/**
 * DELETE /api/organizations/{id}/members/{userId}: leaving (one's own id, any member) or removing
 * someone (owners and admins; an owner only by an owner). Never the last owner (409).
 */
export async function removeMember(deps: Deps, actor: Actor, input: MemberInput): Promise<{ left: boolean }> {
  await requireMember(deps.db, actor, input.id);
  return deps.db.transaction(async (tx) => {
    const me = await requireMember(tx, actor, input.id, { lock: true });
    const target = await targetMember(tx, input.id, input.userId);
    const leaving = target.userId === me.user.id;
    if (!leaving) {
      if (!MANAGING_ROLES.includes(me.role)) throw new Forbidden(ORGANIZATION_TEXTS.needsRole);
      if (target.role === "owner" && me.role !== "owner") throw new Forbidden(ORGANIZATION_TEXTS.ownersOnly);
    }
    await assertNotLastOwner(tx, input.id, target);
    await tx
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, input.id), eq(organizationMembers.userId, target.userId)));
    // Invited again later, they join as a new member: no permission carried over.
    await dropPosting(tx, input.id, target.userId);
    await auditOrganization(tx, me.user.id, me.organization, leaving ? "leave" : "remove_member", {
      member: { from: target.name, to: null },
      role: { from: target.role, to: null },
    });
    return { left: leaving };
  });
}
