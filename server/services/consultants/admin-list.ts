import { and, asc, count, eq } from "drizzle-orm";
import { ADMIN_MESSAGES, adminConsultantListQuerySchema } from "#common/admin-schema.ts";
import { consultants, messages } from "#server/db/schema.ts";
import { recordAudit } from "../admin/audit.ts";
import { type AdminPage, newestFirst, readTablePage } from "../admin/list-page.ts";
import { type Actor, inAdminTransaction, requireAdmin, requireRecentAuthentication, type ServiceDeps } from "../context.ts";
import { queueStoredFileRemovals } from "../cv-import/kept-file.ts";
import { firstOrNotFound } from "../errors.ts";
import { discardPhoto } from "../photos.ts";
import { parseInput } from "../validate.ts";
import { type AdminConsultant, adminConsultantColumns, adminConsultantSearch } from "./read-model.ts";

// The admin dashboard's consultants table: every status, one profile, the deletion. (The edit is
// the one write path in profile.ts; approval is in moderation.ts.)

/**
 * The consultants table, every status, searchable by name, title, e-mail, location and country.
 * Newest first; the approval queue (`status: "pending"`) oldest first, so it is worked in order.
 */
export async function listConsultantsForAdmin(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<AdminPage<"consultants", AdminConsultant>> {
  const { db } = deps;
  await requireAdmin(deps, actor);
  const query = parseInput(adminConsultantListQuerySchema, input ?? {});
  const where = and(query.status ? eq(consultants.status, query.status) : undefined, adminConsultantSearch(query.search));
  const order = query.status === "pending" ? [asc(consultants.createdAt), asc(consultants.id)] : newestFirst(consultants);
  const { rows, ...page } = await readTablePage(db, query, { table: consultants, columns: adminConsultantColumns, where, order });
  return { consultants: rows, ...page };
}

/** One consultant as the admin sees it. */
export async function getConsultantForAdmin(deps: Pick<ServiceDeps, "db">, actor: Actor, id: number): Promise<AdminConsultant> {
  await requireAdmin(deps, actor);
  return firstOrNotFound(
    deps.db.select(adminConsultantColumns).from(consultants).where(eq(consultants.id, id)).limit(1),
    ADMIN_MESSAGES.consultantNotFound,
  );
}

/**
 * The profile and its messages (ON DELETE CASCADE) in one transaction with its audit entry; the
 * photo files once that has committed (a file cannot be put back by a rollback, a row can).
 */
export async function deleteConsultantAsAdmin(
  deps: Pick<ServiceDeps, "db" | "storage" | "log" | "runtime" | "config"> & Partial<Pick<ServiceDeps, "jobs">>,
  actor: Actor,
  id: number,
): Promise<void> {
  const { db } = deps;
  const deleted = await inAdminTransaction(deps, actor, async (tx, admin) => {
    // Issue 38: deleting a profile cannot be undone; it needs a recent sign-in.
    requireRecentAuthentication(deps, actor);
    const current = await firstOrNotFound(
      tx
        .select({
          name: consultants.name,
          email: consultants.email,
          status: consultants.status,
          ownerId: consultants.userId,
          profilePhotoUrl: consultants.profilePhotoUrl,
        })
        .from(consultants)
        .where(eq(consultants.id, id))
        .limit(1)
        .for("update"),
      ADMIN_MESSAGES.consultantNotFound,
    );
    const [messageCount] = await tx.select({ total: count() }).from(messages).where(eq(messages.consultantId, id));
    // A trigger deletes the owner's kept CV with the profile; the job removes its object.
    await tx.delete(consultants).where(eq(consultants.id, id));
    await queueStoredFileRemovals(deps, tx);
    await recordAudit(tx, admin, {
      action: "delete",
      targetType: "consultant",
      targetId: id,
      targetLabel: current.name,
      changes: {
        name: { from: current.name, to: null },
        email: { from: current.email, to: null },
        status: { from: current.status, to: null },
        ownerId: { from: current.ownerId, to: null },
        messages: { from: messageCount?.total ?? 0, to: 0 },
      },
    });
    return current;
  });
  deps.runtime.directory.changed();
  try {
    // Its upload record and both stored sizes (a seeded or external URL is left alone).
    await discardPhoto(db, deps, deleted.profilePhotoUrl);
  } catch (error) {
    // The profile is gone; a file left behind costs only space.
    deps.log.warn({ err: error, photoUrl: deleted.profilePhotoUrl }, "could not remove a deleted profile's photo");
  }
}
