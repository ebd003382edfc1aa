import { and, asc, count, eq, inArray, ne, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ACCOUNT_DELETION_MESSAGES, AUTH_MESSAGES } from "#common/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, consultants, messages, organizationMembers, organizations, photoUploads } from "#server/db/schema.ts";
import { recordAudit } from "../admin/audit.ts";
import { lockAdmins } from "../admin/users.ts";
import { type Actor, requireAccount, requireRecentAuthentication, type ServiceDeps } from "../context.ts";
import { queueStoredFileRemovals } from "../cv-import/kept-file.ts";
import { Conflict, Unauthorized } from "../errors.ts";
import { removePhotoFiles } from "../photos.ts";
import { queueSecurityMail } from "./security-mail.ts";

// Deleting one's own account (issue 38, a sudo-mode action; decision 017): Manage Account and
// DELETE /api/account. What goes and what stays:
// - goes: the account, its sessions, second factors, passkeys, trusted browsers, known devices and
//   tokens; its consultant profile with the messages sent to it, its references, its kept CV (a
//   trigger queues the object) and its photos; its personal shortlists, saved searches, reviews
//   (the ratings they moved are computed again by the reviews' trigger), memberships and
//   opportunity-poster rights (all ON DELETE CASCADE);
// - stays, without the link to the account (ON DELETE SET NULL): the messages it sent to
//   consultants, with the name and address they were sent under (the consultant keeps what they
//   received and can still answer by e-mail; privacy page, "How long we keep information"), team
//   conversations and shortlists of its organizations, opportunities it wrote for them, and the
//   audit log's entries (names copied in).
// Refused (409) while it would leave the site without an admin or an organization without an owner.

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs" | "storage" | "log" | "runtime">;

/** The organizations `userId` is the only owner of: deleting the account would leave them with nobody in charge. */
export async function organizationsOnlyOwnedBy(db: Executor, userId: number): Promise<{ id: number; name: string }[]> {
  const others = alias(organizationMembers, "other_owners");
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.userId, userId),
        eq(organizationMembers.role, "owner"),
        notExists(
          db
            .select({ userId: others.userId })
            .from(others)
            .where(
              and(
                eq(others.organizationId, organizationMembers.organizationId),
                eq(others.role, "owner"),
                ne(others.userId, userId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** What stands in the way of deleting the account (the account page says it before the button). */
export async function accountDeletionBlockers(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
): Promise<{ soleOwnerOf: { id: number; name: string }[]; lastAdmin: boolean }> {
  const signedIn = requireAccount(actor);
  const soleOwnerOf = await organizationsOnlyOwnedBy(deps.db, signedIn.id);
  if (signedIn.role !== "admin") return { soleOwnerOf, lastAdmin: false };
  const [admins] = await deps.db.select({ total: count() }).from(authUsers).where(eq(authUsers.role, "admin"));
  return { soleOwnerOf, lastAdmin: (admins?.total ?? 0) <= 1 };
}

/**
 * DELETE /api/account: deletes the signed-in person's account and what belongs to it (above),
 * after a recent sign-in. Everything in one transaction with its audit entry and the e-mail
 * saying so; the photo files by the clean-up job queued in it.
 */
export async function deleteOwnAccount(deps: Deps, actor: Actor): Promise<{ profileDeleted: boolean }> {
  const signedIn = requireAccount(actor);
  // It cannot be undone: the password or a second factor again when the sign-in is not recent.
  requireRecentAuthentication(deps, actor);
  const outcome = await deps.db.transaction(async (tx) => {
    // The admins locked as demoting locks them: two admins deleting themselves at once cannot both go.
    const admins = await lockAdmins(tx);
    const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, signedIn.id)).for("update");
    if (!user) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
    if (user.role === "admin" && admins.length <= 1) throw new Conflict(ACCOUNT_DELETION_MESSAGES.lastAdmin);
    // The organizations it owns, locked as a change of their members locks them (requireMember's
    // lock), so another owner leaving meanwhile cannot leave one without an owner.
    const owned = await tx
      .select({ id: organizationMembers.organizationId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.userId, user.id), eq(organizationMembers.role, "owner")))
      .orderBy(asc(organizationMembers.organizationId));
    if (owned.length > 0) {
      await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(
          inArray(
            organizations.id,
            owned.map((row) => row.id),
          ),
        )
        .orderBy(asc(organizations.id))
        .for("no key update");
      if ((await organizationsOnlyOwnedBy(tx, user.id)).length > 0) throw new Conflict(ACCOUNT_DELETION_MESSAGES.lastOwner);
    }
    const [profile] = await tx
      .select({ id: consultants.id, profilePhotoUrl: consultants.profilePhotoUrl })
      .from(consultants)
      .where(eq(consultants.userId, user.id))
      .for("update");
    const uploads = await tx
      .select({ photoUrl: photoUploads.photoUrl })
      .from(photoUploads)
      .where(eq(photoUploads.userId, user.id));
    const [received] = profile
      ? await tx.select({ total: count() }).from(messages).where(eq(messages.consultantId, profile.id))
      : [{ total: 0 }];
    // Written while the account still exists: the mail reads its address and language, the
    // audit entry its name (both are copied: they outlive the row).
    await queueSecurityMail(deps, tx, user.id, { kind: "account-deleted" });
    await recordAudit(tx, user, {
      action: "delete",
      targetType: "user",
      targetId: user.id,
      targetLabel: user.name,
      changes: {
        email: { from: user.email, to: null },
        role: { from: user.role, to: null },
        profile: { from: profile?.id ?? null, to: null },
        messages: { from: received?.total ?? 0, to: 0 },
      },
    });
    if (profile) await tx.delete(consultants).where(eq(consultants.id, profile.id));
    await tx.delete(authUsers).where(eq(authUsers.id, user.id));
    // The kept CV's object (queued by its trigger) and the photos' files, by jobs queued here: a
    // rollback leaves every file where it was.
    await queueStoredFileRemovals(deps, tx);
    await removePhotoFiles(deps, [profile?.profilePhotoUrl, ...uploads.map((upload) => upload.photoUrl)], tx);
    return { profileDeleted: profile !== undefined };
  });
  if (outcome.profileDeleted) deps.runtime.directory.changed();
  return outcome;
}
