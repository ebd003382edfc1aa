import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { ADMIN_MESSAGES } from "#common/admin-schema.ts";
import type { AuditChanges } from "#common/constants.ts";
import type { AdminUser } from "#common/views.ts";
import { authSessions, authUsers, consultants, reviews } from "#server/db/schema.ts";
import {
  type Actor,
  type AdminRow,
  inAdminTransaction,
  requireRecentAuthentication,
  type ServiceDeps,
  type Transaction,
} from "../context.ts";
import { Conflict } from "../errors.ts";
import { recordAudit } from "./audit.ts";
import { adminUserColumns, targetUser, toAdminUser } from "./users.ts";

// Blocking an account (issue 14): it cannot sign in (signIn refuses it, and a session of a blocked
// account resolves to nobody), its sessions end at once, its consultant profile is hidden and the
// reviews it wrote are hidden (the rating trigger recomputes the ratings). Unblocking restores what
// the block changed, and only that: the profile's status before the block, the reviews the block
// hid (a review an admin had hidden stays hidden). Both are audited in their transaction.

type Deps = Pick<ServiceDeps, "db" | "runtime" | "config">;

/** Blocks an account. Not an admin (demote first: never lock the admins out), not oneself. Blocking a blocked account changes nothing. */
export async function blockUser(deps: Deps, actor: Actor, id: number): Promise<AdminUser> {
  return setBlocked(deps, actor, id, true);
}

/** Unblocks an account: it may sign in again; its profile and reviews return as they were. */
export async function unblockUser(deps: Deps, actor: Actor, id: number): Promise<AdminUser> {
  return setBlocked(deps, actor, id, false);
}

/**
 * What blocking and unblocking share: the checks (a recent sign-in too, issue 38: both decide who
 * may use the site), the account's flag, the audit entry, the directory's change.
 */
async function setBlocked(deps: Deps, actor: Actor, id: number, blocked: boolean): Promise<AdminUser> {
  const outcome = await inAdminTransaction(deps, actor, (tx, admin) => {
    requireRecentAuthentication(deps, actor);
    return setBlockedIn(tx, admin, id, blocked);
  });
  if (outcome.changed) deps.runtime.directory.changed();
  return outcome.user;
}

/**
 * Blocking or unblocking inside the caller's admin transaction (acting on a report, issue 31);
 * the caller announces the directory's change when `changed`.
 */
export async function setBlockedIn(
  tx: Transaction,
  admin: AdminRow,
  id: number,
  blocked: boolean,
): Promise<{ user: AdminUser; changed: boolean }> {
  const target = await targetUser(tx, id, "update");
  if (blocked && target.id === admin.id) throw new Conflict(ADMIN_MESSAGES.cannotBlockSelf);
  if (blocked && target.role === "admin") throw new Conflict(ADMIN_MESSAGES.cannotBlockAdmin);
  if ((target.blockedAt !== null) === blocked) return { user: toAdminUser(target), changed: false };
  const [updated] = await tx
    .update(authUsers)
    .set({ blockedAt: blocked ? new Date() : null, updatedAt: new Date() })
    .where(eq(authUsers.id, id))
    .returning(adminUserColumns);
  const changes = blocked ? await hideAccount(tx, id) : await restoreAccount(tx, id);
  await recordAudit(tx, admin, {
    action: blocked ? "block" : "unblock",
    targetType: "user",
    targetId: id,
    targetLabel: target.name,
    changes: { blocked: { from: !blocked, to: blocked }, ...changes },
  });
  return { user: toAdminUser(updated ?? target), changed: true };
}

/** Ends the account's sessions and hides its profile and the reviews it wrote; answers what the audit records of it. */
async function hideAccount(tx: Transaction, id: number): Promise<AuditChanges> {
  await tx.delete(authSessions).where(eq(authSessions.userId, id));
  // SET reads the row as it was: the status before the block is the status the profile had.
  const [profile] = await tx
    .update(consultants)
    .set({ statusBeforeBlock: sql`${consultants.status}`, status: "hidden", updatedAt: new Date() })
    .where(and(eq(consultants.userId, id), isNull(consultants.statusBeforeBlock)))
    .returning({ status: consultants.statusBeforeBlock });
  const hiddenReviews = await tx
    .update(reviews)
    .set({ hiddenAt: new Date(), hiddenByBlock: true })
    .where(and(eq(reviews.reviewerId, id), isNull(reviews.hiddenAt)))
    .returning({ id: reviews.id });
  return {
    ...(profile ? { profileStatus: { from: profile.status, to: "hidden" } } : {}),
    ...(hiddenReviews.length > 0 ? { hiddenReviews: { from: 0, to: hiddenReviews.length } } : {}),
  };
}

/** Gives back what the block hid, and only that; answers what the audit records of it. */
async function restoreAccount(tx: Transaction, id: number): Promise<AuditChanges> {
  const [profile] = await tx
    .update(consultants)
    .set({ status: sql`coalesce(${consultants.statusBeforeBlock}, 'hidden')`, statusBeforeBlock: null, updatedAt: new Date() })
    .where(and(eq(consultants.userId, id), isNotNull(consultants.statusBeforeBlock)))
    .returning({ status: consultants.status });
  const shownReviews = await tx
    .update(reviews)
    .set({ hiddenAt: null, hiddenByBlock: false })
    .where(and(eq(reviews.reviewerId, id), eq(reviews.hiddenByBlock, true)))
    .returning({ id: reviews.id });
  return {
    ...(profile ? { profileStatus: { from: "hidden", to: profile.status } } : {}),
    ...(shownReviews.length > 0 ? { shownReviews: { from: 0, to: shownReviews.length } } : {}),
  };
}
