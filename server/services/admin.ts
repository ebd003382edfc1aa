import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { ADMIN_MESSAGES, adminConsultantSchema, hideSchema, rejectSchema } from "../../common/admin-schema.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import {
  type AuditAction,
  type AuditChanges,
  type AuditTargetType,
  auditLog,
  authUsers,
  type ConsultantStatus,
  consultants,
  messages,
} from "../db/schema.ts";
import { Conflict, Forbidden, NotFound, Unauthorized } from "./errors.ts";
import { composeMail, type Mailer } from "./mail.ts";
import { discardPhoto } from "./photos.ts";
import type { PhotoStorage } from "./storage.ts";
import { parseInput } from "./validate.ts";

// The admin's work: the consultants and users tables, the consultant edit and delete, the approval
// queue, promote and demote, and the audit log that records each of those actions in the same
// transaction as the action itself.
//
// The actor's role is read from the database on every call, never taken from the caller: an admin
// who was demoted or deleted a moment ago is refused at once, whatever their session still says.

/** Who is asking: the signed-in person, or null. Only the id is trusted; the role is looked up. */
export type Actor = { id: number } | null;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Transaction;

export type AdminDeps = {
  mailer: Mailer;
  siteName: string;
  publicUrl: string;
  log: { warn: (obj: object, msg?: string) => void };
  /** Removes a deleted profile's photo files; runs after the deletion committed. */
  removePhoto: (photoUrl: string) => Promise<void>;
};

/**
 * The admin services' dependencies, built the same way for both doors (the JSON API and the
 * /admin page). A deleted profile's photo goes the way of any discarded photo: its upload record
 * and both stored sizes (a seeded or external URL is left alone).
 */
export function adminDepsFrom({
  db,
  mailer,
  storage,
  config,
  log,
}: {
  db: Database;
  mailer: Mailer;
  storage: PhotoStorage;
  config: { siteName: string; publicUrl: string };
  log: AdminDeps["log"];
}): AdminDeps {
  return {
    mailer,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    log,
    removePhoto: (photoUrl) => discardPhoto(db, { storage, log }, photoUrl),
  };
}

type AdminRow = { id: number; name: string; email: string };

/** A page of an admin table (see adminListQuerySchema for how a request becomes one). */
export type ListQuery = { search?: string; page: number; limit: number };

/**
 * The guard of every admin service: the actor must be signed in and, per the database right now,
 * an admin. Inside a write it takes a share lock on the admin's row, so a demotion waits for the
 * action in flight and the next action sees it.
 */
async function requireAdminActor(db: Executor, actor: Actor, lock = false): Promise<AdminRow> {
  if (!actor) throw new Unauthorized(ADMIN_MESSAGES.signInRequired);
  const query = db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, role: authUsers.role })
    .from(authUsers)
    .where(eq(authUsers.id, actor.id))
    .limit(1);
  const [row] = lock ? await query.for("share") : await query;
  if (!row) throw new Unauthorized(ADMIN_MESSAGES.signInRequired);
  if (row.role !== "admin") throw new Forbidden(ADMIN_MESSAGES.adminRequired);
  return { id: row.id, name: row.name, email: row.email };
}

async function recordAudit(
  tx: Transaction,
  admin: AdminRow,
  entry: { action: AuditAction; targetType: AuditTargetType; targetId: number; targetLabel: string; changes: AuditChanges },
) {
  await tx.insert(auditLog).values({
    actorId: admin.id,
    actorName: admin.name,
    actorEmail: admin.email,
    ...entry,
    targetLabel: entry.targetLabel.slice(0, 255),
  });
}

/** The fields whose value differs, as `{ field: { from, to } }`. */
function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from: from ?? null, to };
  }
  return changes;
}

/** `%` and `_` in a search are literal characters, not wildcards. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The same 409 as the check when two requests race for an e-mail address. */
function conflictFromUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, "consultants_email_lower_key")) {
    throw new Conflict(ADMIN_MESSAGES.emailTaken, [{ path: "email", message: ADMIN_MESSAGES.emailTaken }]);
  }
  throw error;
}

// ---------------------------------------------------------------------------------------------
// Consultants

/** What an admin sees of a consultant: every stored field (all statuses, contact details even when private). */
export const adminConsultantColumns = {
  id: consultants.id,
  name: consultants.name,
  title: consultants.title,
  email: consultants.email,
  phone: consultants.phone,
  location: consultants.location,
  city: consultants.city,
  country: consultants.country,
  yearsExperience: consultants.yearsExperience,
  languages: consultants.languages,
  primarySpecialization: consultants.primarySpecialization,
  secondarySpecializations: consultants.secondarySpecializations,
  bio: consultants.bio,
  profilePhotoUrl: consultants.profilePhotoUrl,
  showEmail: consultants.showEmail,
  showPhone: consultants.showPhone,
  availableForWork: consultants.availableForWork,
  rating: consultants.rating,
  projectsCompleted: consultants.projectsCompleted,
  status: consultants.status,
  statusReason: consultants.statusReason,
  ownerId: consultants.userId,
  createdAt: consultants.createdAt,
  updatedAt: consultants.updatedAt,
};

export type AdminConsultant = {
  id: number;
  name: string;
  title: string;
  email: string;
  phone: string | null;
  location: string;
  city: string | null;
  country: string;
  yearsExperience: number;
  languages: string[];
  primarySpecialization: string;
  secondarySpecializations: string[];
  bio: string;
  profilePhotoUrl: string | null;
  showEmail: boolean;
  showPhone: boolean;
  availableForWork: boolean;
  rating: number;
  projectsCompleted: number;
  status: ConsultantStatus;
  statusReason: string | null;
  ownerId: number | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The consultants table, every status, searchable by name, title, e-mail, location and country.
 * Newest first; the approval queue (`status: "pending"`) oldest first, so it is worked in order.
 */
export async function listConsultantsForAdmin(
  db: Database,
  actor: Actor,
  query: ListQuery & { status?: ConsultantStatus },
): Promise<{ consultants: AdminConsultant[]; total: number; page: number; limit: number }> {
  await requireAdminActor(db, actor);
  const conditions: (SQL | undefined)[] = [query.status ? eq(consultants.status, query.status) : undefined];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(consultants.name, pattern),
        ilike(consultants.title, pattern),
        ilike(consultants.email, pattern),
        ilike(consultants.location, pattern),
        ilike(consultants.country, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const order =
    query.status === "pending"
      ? [asc(consultants.createdAt), asc(consultants.id)]
      : [desc(consultants.createdAt), desc(consultants.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select(adminConsultantColumns)
      .from(consultants)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(consultants).where(where),
  ]);
  return { consultants: rows, total: totals?.total ?? 0, page: query.page, limit: query.limit };
}

/** How many profiles wait in the approval queue (the tab's badge). */
export async function countPendingConsultants(db: Database, actor: Actor): Promise<number> {
  await requireAdminActor(db, actor);
  const [row] = await db.select({ total: count() }).from(consultants).where(eq(consultants.status, "pending"));
  return row?.total ?? 0;
}

/** One consultant as the admin sees it. */
export async function getConsultantForAdmin(db: Database, actor: Actor, id: number): Promise<AdminConsultant> {
  await requireAdminActor(db, actor);
  const [row] = await db.select(adminConsultantColumns).from(consultants).where(eq(consultants.id, id)).limit(1);
  if (!row) throw new NotFound(ADMIN_MESSAGES.consultantNotFound);
  return row;
}

function parseOrFail<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  return parseInput(schema, input, "Please check the form and try again.");
}

/**
 * PUT /api/admin/consultants/{id}: the Edit Consultant dialog. Optional fields left out keep their
 * stored value. The approval status is untouched: an approved profile stays approved.
 */
export async function updateConsultantAsAdmin(db: Database, actor: Actor, id: number, input: unknown): Promise<AdminConsultant> {
  // Refuse a visitor or non-admin before telling them anything about their input.
  await requireAdminActor(db, actor);
  const edit = parseOrFail(adminConsultantSchema, input);
  try {
    return await db.transaction(async (tx) => {
      const admin = await requireAdminActor(tx, actor, true);
      const [current] = await tx
        .select(adminConsultantColumns)
        .from(consultants)
        .where(eq(consultants.id, id))
        .limit(1)
        .for("update");
      if (!current) throw new NotFound(ADMIN_MESSAGES.consultantNotFound);
      const [taken] = await tx
        .select({ id: consultants.id })
        .from(consultants)
        .where(and(sql`lower(${consultants.email}) = lower(${edit.email})`, ne(consultants.id, id)))
        .limit(1);
      if (taken) throw new Conflict(ADMIN_MESSAGES.emailTaken, [{ path: "email", message: ADMIN_MESSAGES.emailTaken }]);
      const changes = diff(current, edit);
      if (Object.keys(changes).length === 0) return current;
      const values = Object.fromEntries(Object.entries(changes).map(([field, { to }]) => [field, to])) as Partial<
        typeof consultants.$inferInsert
      >;
      const [updated] = await tx
        .update(consultants)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(consultants.id, id))
        .returning(adminConsultantColumns);
      await recordAudit(tx, admin, {
        action: "edit",
        targetType: "consultant",
        targetId: id,
        targetLabel: updated?.name ?? current.name,
        changes,
      });
      return updated ?? current;
    });
  } catch (error) {
    conflictFromUniqueViolation(error);
  }
}

/**
 * DELETE /api/admin/consultants/{id}: the profile and its messages (ON DELETE CASCADE) in one
 * transaction with its audit entry; the photo files once that has committed (a file cannot be
 * put back by a rollback, a row can).
 */
export async function deleteConsultantAsAdmin(db: Database, actor: Actor, id: number, deps: AdminDeps): Promise<void> {
  await requireAdminActor(db, actor);
  const deleted = await db.transaction(async (tx) => {
    const admin = await requireAdminActor(tx, actor, true);
    const [current] = await tx
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
      .for("update");
    if (!current) throw new NotFound(ADMIN_MESSAGES.consultantNotFound);
    const [messageCount] = await tx.select({ total: count() }).from(messages).where(eq(messages.consultantId, id));
    await tx.delete(consultants).where(eq(consultants.id, id));
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
  if (deleted.profilePhotoUrl) {
    try {
      await deps.removePhoto(deleted.profilePhotoUrl);
    } catch (error) {
      // The profile is gone; a file left behind costs only space.
      deps.log.warn({ err: error, photoUrl: deleted.profilePhotoUrl }, "could not remove a deleted profile's photo");
    }
  }
}

/**
 * An admin may also change someone's profile through the owner's form or PUT /api/consultants/{id}.
 * That door calls this inside its own transaction, before its update, so the edit is recorded
 * exactly as the dashboard's would be (and refused if the actor is no longer an admin).
 */
export async function recordAdminProfileEdit(
  tx: Transaction,
  actor: { id: number },
  id: number,
  before: Record<string, unknown> & { name: string },
  after: Record<string, unknown>,
): Promise<void> {
  const admin = await requireAdminActor(tx, actor, true);
  const changes = diff(before, after);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(tx, admin, {
    action: "edit",
    targetType: "consultant",
    targetId: id,
    targetLabel: typeof after.name === "string" ? after.name : before.name,
    changes,
  });
}

// ---------------------------------------------------------------------------------------------
// Approval

export type ApprovalAction = "approve" | "reject" | "hide";

const TARGET_STATUS: Record<ApprovalAction, ConsultantStatus> = {
  approve: "approved",
  reject: "rejected",
  hide: "hidden",
};

/**
 * Approves, rejects (with a reason) or hides a profile. Approving works from any other status
 * (pending, rejected, hidden); rejecting too; hiding only takes an approved profile offline.
 * Asking for the status a profile already has (with the same reason) changes nothing, records
 * nothing and sends nothing: PUT is idempotent. The owner is e-mailed after the change committed.
 */
export async function moderateConsultant(
  db: Database,
  actor: Actor,
  id: number,
  action: ApprovalAction,
  input: unknown,
  deps: AdminDeps,
): Promise<AdminConsultant> {
  await requireAdminActor(db, actor);
  const reason =
    action === "reject"
      ? parseOrFail(rejectSchema, input ?? {}).reason
      : action === "hide"
        ? (parseOrFail(hideSchema, input ?? {}).reason ?? null)
        : null;
  const status = TARGET_STATUS[action];
  const outcome = await db.transaction(async (tx) => {
    const admin = await requireAdminActor(tx, actor, true);
    const [current] = await tx
      .select({ consultant: adminConsultantColumns, ownerName: authUsers.name, ownerEmail: authUsers.email })
      .from(consultants)
      .leftJoin(authUsers, eq(authUsers.id, consultants.userId))
      .where(eq(consultants.id, id))
      .limit(1)
      .for("update", { of: consultants });
    if (!current) throw new NotFound(ADMIN_MESSAGES.consultantNotFound);
    const before = current.consultant;
    const owner = { ownerName: current.ownerName, ownerEmail: current.ownerEmail };
    if (before.status === status && before.statusReason === reason) return { consultant: before, changed: false, ...owner };
    if (action === "hide" && before.status !== "approved" && before.status !== "hidden") {
      throw new Conflict(ADMIN_MESSAGES.onlyApprovedCanBeHidden);
    }
    const [updated] = await tx
      .update(consultants)
      .set({ status, statusReason: reason, updatedAt: new Date() })
      .where(eq(consultants.id, id))
      .returning(adminConsultantColumns);
    await recordAudit(tx, admin, {
      action,
      targetType: "consultant",
      targetId: id,
      targetLabel: before.name,
      changes: diff({ status: before.status, statusReason: before.statusReason }, { status, statusReason: reason }),
    });
    return { consultant: updated ?? before, changed: true, ...owner };
  });
  if (outcome.changed && outcome.ownerEmail) {
    const mail = approvalMail(action, deps, {
      id,
      ownerName: outcome.ownerName ?? outcome.consultant.name,
      reason,
    });
    try {
      await deps.mailer.send({ to: outcome.ownerEmail, ...mail });
    } catch (error) {
      // The decision stands; the owner also sees it on their profile page.
      deps.log.warn({ err: error, consultantId: id, action }, "could not e-mail the profile owner");
    }
  }
  return outcome.consultant;
}

function approvalMail(
  action: ApprovalAction,
  { siteName, publicUrl }: Pick<AdminDeps, "siteName" | "publicUrl">,
  { id, ownerName, reason }: { id: number; ownerName: string; reason: string | null },
) {
  const hello = `Hello ${ownerName},`;
  if (action === "approve") {
    return {
      subject: `Your consultant profile on ${siteName} is approved`,
      ...composeMail(
        siteName,
        [hello, `Good news: your consultant profile has been approved and is now listed in the ${siteName} directory.`],
        { label: "View your profile", url: `${publicUrl}/consultant/${id}` },
      ),
    };
  }
  if (action === "reject") {
    return {
      subject: `Your consultant profile on ${siteName} needs changes`,
      ...composeMail(
        siteName,
        [
          hello,
          "Your consultant profile was not approved for the directory, for this reason:",
          reason ?? "",
          "Please update your profile; it will then be reviewed again (usually within 1-2 business days).",
        ],
        { label: "Edit your profile", url: `${publicUrl}/profile/edit/${id}` },
      ),
    };
  }
  return {
    subject: `Your consultant profile on ${siteName} has been hidden`,
    ...composeMail(
      siteName,
      [
        hello,
        `Your consultant profile is no longer listed in the ${siteName} directory.`,
        ...(reason ? [`Reason: ${reason}`] : []),
        "If you have questions, reply to this e-mail or contact our support team.",
      ],
      { label: "See your profile", url: `${publicUrl}/my-consultant-profile` },
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Users

/** What an admin sees of an account: never the password hash, sessions or tokens. */
const adminUserColumns = {
  id: authUsers.id,
  name: authUsers.name,
  email: authUsers.email,
  role: authUsers.role,
  isEmailVerified: authUsers.isEmailVerified,
  createdAt: authUsers.createdAt,
};

export type AdminUser = {
  id: number;
  name: string;
  email: string;
  role: "user" | "admin";
  isEmailVerified: boolean;
  createdAt: Date;
};

function toAdminUser(row: {
  id: number;
  name: string;
  email: string;
  role: string;
  isEmailVerified: boolean;
  createdAt: Date;
}): AdminUser {
  return { ...row, role: row.role === "admin" ? "admin" : "user" };
}

/** The users table, newest first, searchable by name and e-mail; `adminCount` lets the UI disable the last admin's Demote. */
export async function listUsersForAdmin(
  db: Database,
  actor: Actor,
  query: ListQuery,
): Promise<{ users: AdminUser[]; total: number; page: number; limit: number; adminCount: number }> {
  await requireAdminActor(db, actor);
  const where = query.search
    ? or(ilike(authUsers.name, containsPattern(query.search)), ilike(authUsers.email, containsPattern(query.search)))
    : undefined;
  const [rows, [totals], [admins]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(authUsers)
      .where(where)
      .orderBy(desc(authUsers.createdAt), desc(authUsers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(authUsers).where(where),
    db.select({ total: count() }).from(authUsers).where(eq(authUsers.role, "admin")),
  ]);
  return {
    users: rows.map(toAdminUser),
    total: totals?.total ?? 0,
    page: query.page,
    limit: query.limit,
    adminCount: admins?.total ?? 0,
  };
}

/** PUT /api/admin/users/{id}/promote. Promoting an admin changes nothing. */
export async function promoteUser(db: Database, actor: Actor, id: number): Promise<AdminUser> {
  await requireAdminActor(db, actor);
  return db.transaction(async (tx) => {
    const admin = await requireAdminActor(tx, actor, true);
    const [target] = await tx.select(adminUserColumns).from(authUsers).where(eq(authUsers.id, id)).limit(1).for("no key update");
    if (!target) throw new NotFound(ADMIN_MESSAGES.userNotFound);
    if (target.role === "admin") return toAdminUser(target);
    const [updated] = await tx
      .update(authUsers)
      .set({ role: "admin", updatedAt: new Date() })
      .where(eq(authUsers.id, id))
      .returning(adminUserColumns);
    await recordAudit(tx, admin, {
      action: "promote",
      targetType: "user",
      targetId: id,
      targetLabel: target.name,
      changes: { role: { from: target.role, to: "admin" } },
    });
    return toAdminUser(updated ?? target);
  });
}

/**
 * PUT /api/admin/users/{id}/demote: any admin, the caller included, except the last one (409).
 * Every admin row is locked first, in id order, so two admins demoting each other at once cannot
 * both succeed and leave nobody.
 */
export async function demoteUser(db: Database, actor: Actor, id: number): Promise<AdminUser> {
  await requireAdminActor(db, actor);
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.role, "admin"))
      .orderBy(asc(authUsers.id))
      .for("no key update");
    const admin = await requireAdminActor(tx, actor, true);
    const [target] = await tx.select(adminUserColumns).from(authUsers).where(eq(authUsers.id, id)).limit(1);
    if (!target) throw new NotFound(ADMIN_MESSAGES.userNotFound);
    if (target.role !== "admin") return toAdminUser(target);
    if (admins.length <= 1) throw new Conflict(ADMIN_MESSAGES.lastAdmin);
    const [updated] = await tx
      .update(authUsers)
      .set({ role: "user", updatedAt: new Date() })
      .where(eq(authUsers.id, id))
      .returning(adminUserColumns);
    await recordAudit(tx, admin, {
      action: "demote",
      targetType: "user",
      targetId: id,
      targetLabel: target.name,
      changes: { role: { from: "admin", to: "user" } },
    });
    return toAdminUser(updated ?? target);
  });
}

// ---------------------------------------------------------------------------------------------
// Audit log

export type AuditLogEntry = {
  id: number;
  actorId: number | null;
  actorName: string;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  targetLabel: string;
  changes: AuditChanges;
  createdAt: Date;
};

/** Newest first, searchable by admin, target and action. */
export async function listAuditLog(
  db: Database,
  actor: Actor,
  query: ListQuery,
): Promise<{ entries: AuditLogEntry[]; total: number; page: number; limit: number }> {
  await requireAdminActor(db, actor);
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = pattern
    ? or(
        ilike(auditLog.actorName, pattern),
        ilike(auditLog.actorEmail, pattern),
        ilike(auditLog.targetLabel, pattern),
        ilike(auditLog.action, pattern),
      )
    : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows, total: totals?.total ?? 0, page: query.page, limit: query.limit };
}
