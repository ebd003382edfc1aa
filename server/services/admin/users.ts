import { asc, count, eq } from "drizzle-orm";
import { ADMIN_MESSAGES } from "#common/admin-schema.ts";
import { isSecondFactorRequired } from "#common/second-factor.ts";
import type { AdminUser } from "#common/views.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import { hasSecondFactor } from "../accounts/second-factor.ts";
import { queueSecurityMail } from "../accounts/security-mail.ts";
import { type Actor, inAdminTransaction, requireAdmin, requireRecentAuthentication, type ServiceDeps } from "../context.ts";
import { Conflict, NotFound } from "../errors.ts";
import { deleteUserSessions } from "../sessions.ts";
import { recordAudit } from "./audit.ts";
import { type AdminPage, adminListQuery, newestFirst, readTablePage, searchColumns } from "./list-page.ts";

// The users table of the admin dashboard: list, promote, demote. The role is read from the
// database on every call (requireAdmin), never taken from the caller.

export type { AdminUser };

type Deps = Pick<ServiceDeps, "db" | "config">;

/** What an admin sees of an account: never the password hash, sessions or tokens. */
export const adminUserColumns = {
  id: authUsers.id,
  name: authUsers.name,
  email: authUsers.email,
  role: authUsers.role,
  isEmailVerified: authUsers.isEmailVerified,
  blockedAt: authUsers.blockedAt,
  createdAt: authUsers.createdAt,
};

export function toAdminUser(row: Omit<AdminUser, "role"> & { role: string }): AdminUser {
  return { ...row, role: row.role === "admin" ? "admin" : "user" };
}

/** The users table, newest first, searchable by name and e-mail; `adminCount` lets the UI disable the last admin's Demote. */
export async function listUsersForAdmin(
  deps: Deps,
  actor: Actor,
  input: unknown,
): Promise<AdminPage<"users", AdminUser> & { adminCount: number }> {
  const { db } = deps;
  const query = await adminListQuery(deps, actor, input);
  const where = searchColumns(query.search, [authUsers.name, authUsers.email]);
  const [{ rows, ...page }, [admins]] = await Promise.all([
    readTablePage(db, query, { table: authUsers, columns: adminUserColumns, where, order: newestFirst(authUsers) }),
    db.select({ total: count() }).from(authUsers).where(eq(authUsers.role, "admin")),
  ]);
  return { users: rows.map(toAdminUser), ...page, adminCount: admins?.total ?? 0 };
}

/** The account an admin acts on, locked as the change needs; NotFound when there is none. */
export async function targetUser(tx: Executor, id: number, lock?: "update" | "no key update") {
  const query = tx.select(adminUserColumns).from(authUsers).where(eq(authUsers.id, id)).limit(1);
  const [target] = lock ? await query.for(lock) : await query;
  if (!target) throw new NotFound(ADMIN_MESSAGES.userNotFound);
  return target;
}

/**
 * Makes an account an admin. Promoting an admin changes nothing. The new admin is told by e-mail,
 * and, when ENFORCE_SECOND_FACTOR wants admins to have a second factor and they have none, that
 * they must set one up at their next sign-in before anything admin (issue 38). Their sessions end:
 * they sign in again as an admin. A recent sign-in is needed (issue 38).
 */
export async function promoteUser(
  deps: Deps & Pick<ServiceDeps, "config" | "jobs">,
  actor: Actor,
  id: number,
): Promise<AdminUser> {
  return inAdminTransaction(deps, actor, async (tx, admin) => {
    requireRecentAuthentication(deps, actor);
    const target = await targetUser(tx, id, "no key update");
    if (target.role === "admin") return toAdminUser(target);
    const promoted = await setRole(tx, admin, target, "admin");
    // A session begun as a user does not carry on as an admin's (OWASP: a new session on a change
    // of privilege): the promoted account signs in again, under the admin's timeouts and factor.
    await deleteUserSessions(tx, target.id);
    const mustEnrol = isSecondFactorRequired(deps.config.enforceSecondFactor, "admin") && !(await hasSecondFactor(tx, target.id));
    await queueSecurityMail(deps, tx, target.id, { kind: "admin-promoted", mustEnrol });
    return promoted;
  });
}

/**
 * Makes an admin a plain user: any admin, the caller included, except the last one (409). Every
 * admin row is locked first, in id order, so two admins demoting each other at once cannot both
 * succeed and leave nobody. A recent sign-in is needed (issue 38).
 */
export async function demoteUser(deps: Deps, actor: Actor, id: number): Promise<AdminUser> {
  await requireAdmin(deps, actor);
  requireRecentAuthentication(deps, actor);
  return deps.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const admin = await requireAdmin({ db: tx }, actor, { lock: true });
    const target = await targetUser(tx, id);
    if (target.role !== "admin") return toAdminUser(target);
    if (admins.length <= 1) throw new Conflict(ADMIN_MESSAGES.lastAdmin);
    return setRole(tx, admin, target, "user");
  });
}

/**
 * Every admin row, locked in id order, in the caller's transaction: what must leave at least one
 * admin (demoting, deleting one's own account) reads the count under it, so two admins doing it
 * at once cannot both succeed and leave nobody.
 */
export function lockAdmins(tx: Executor): Promise<{ id: number }[]> {
  return tx
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.role, "admin"))
    .orderBy(asc(authUsers.id))
    .for("no key update");
}

/** The role change and its audit entry, in the caller's transaction. */
async function setRole(
  tx: Executor,
  admin: Awaited<ReturnType<typeof requireAdmin>>,
  target: { id: number; name: string; role: string } & Omit<AdminUser, "role">,
  role: "admin" | "user",
): Promise<AdminUser> {
  const [updated] = await tx
    .update(authUsers)
    .set({ role, updatedAt: new Date() })
    .where(eq(authUsers.id, target.id))
    .returning(adminUserColumns);
  await recordAudit(tx, admin, {
    action: role === "admin" ? "promote" : "demote",
    targetType: "user",
    targetId: target.id,
    targetLabel: target.name,
    changes: { role: { from: target.role, to: role } },
  });
  return toAdminUser(updated ?? target);
}
