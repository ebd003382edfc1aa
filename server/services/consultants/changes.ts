import { eq, inArray } from "drizzle-orm";
import { ADMIN_MESSAGES } from "#common/admin-schema.ts";
import type { AuditChanges } from "#common/constants.ts";
import {
  type ChangeAssignment,
  diffOf,
  normalizeAssignment,
  type OwnChangeState,
  REVIEWED_FIELDS,
  type ReviewedValues,
  reviewedChanges,
} from "#common/profile-changes.ts";
import { type Assignment, standInAssignmentId } from "#common/track-record.ts";
import type { Executor } from "#server/db/client.ts";
import { consultantChanges, consultants } from "#server/db/schema.ts";
import { diff, recordAudit, stableJson } from "../admin/audit.ts";
import type { AdminRow } from "../context.ts";
import { NotFound } from "../errors.ts";
import { readAssignments, readAssignmentsOf, readEducation, type TrackRecordLists } from "./track-record.ts";
// Changes after approval (issue 14). The consultants row is the published version, so the public
// page, the API, the search and the CV keep showing it; a change to an approved profile's
// reviewed fields (common/profile-changes.ts) waits in consultant_changes as the proposed values
// until an admin approves it (written onto the row) or rejects it (the owner is e-mailed why).
// The write path (profile.ts) hands the reviewed fields of an owner's edit to holdReviewedChanges
// and publishes the rest at once. Every step is in the audit log.

export const NO_PENDING_CHANGE = "No change is waiting for review on this profile";

/** The published values of the reviewed fields. */
export async function publishedValues(tx: Executor, id: number): Promise<ReviewedValues> {
  const values = (await publishedValuesOf(tx, [id])).get(id);
  if (!values) throw new NotFound(ADMIN_MESSAGES.consultantNotFound);
  return values;
}

/** The published values of the reviewed fields of several profiles, in two queries. */
export async function publishedValuesOf(tx: Executor, ids: number[]): Promise<Map<number, ReviewedValues>> {
  if (ids.length === 0) return new Map();
  const [rows, assignments] = await Promise.all([
    tx
      .select({
        id: consultants.id,
        name: consultants.name,
        title: consultants.title,
        bio: consultants.bio,
        profilePhotoUrl: consultants.profilePhotoUrl,
        primarySpecialization: consultants.primarySpecialization,
        secondarySpecializations: consultants.secondarySpecializations,
      })
      .from(consultants)
      .where(inArray(consultants.id, ids)),
    readAssignmentsOf(tx, ids),
  ]);
  return new Map(
    rows.map(({ id, ...row }) => [
      id,
      {
        ...row,
        // With their row ids: a change names the rows it edits by them (reviewedChanges).
        assignments: (assignments.get(id) ?? []).map((item) => ({ id: item.id, ...normalizeAssignment(item) })),
      },
    ]),
  );
}

/** The reviewed fields of an edit (undefined: not given). */
export function reviewedPart(values: Record<string, unknown>, assignments: ChangeAssignment[] | undefined) {
  const part: Partial<ReviewedValues> = {};
  for (const field of REVIEWED_FIELDS) {
    const value = field === "assignments" ? assignments : values[field];
    if (value !== undefined) Object.assign(part, { [field]: value });
  }
  return part;
}

export function auditChangesOf(published: ReviewedValues, changes: Partial<ReviewedValues>): AuditChanges {
  return Object.fromEntries(diffOf(published, changes).map(({ field, before, after }) => [field, { from: before, to: after }]));
}

/**
 * Holds an owner's edit of the reviewed fields of an approved profile, inside the write path's
 * transaction: merged into the change already waiting (fields the edit leaves out keep their
 * proposed value; a field set back to its published value is no longer a change), stored, and
 * recorded. A change that no longer changes anything is withdrawn. Answers the photos that no
 * longer belong to anything (a proposed photo replaced or withdrawn), to remove after the commit.
 */
export async function holdReviewedChanges(
  tx: Executor,
  owner: AdminRow,
  id: number,
  proposed: Partial<ReviewedValues>,
): Promise<{ discardPhotos: string[] }> {
  const published = await publishedValues(tx, id);
  const [existing] = await tx
    .select({ status: consultantChanges.status, changes: consultantChanges.changes })
    .from(consultantChanges)
    .where(eq(consultantChanges.consultantId, id))
    .for("update");
  const waiting = existing?.status === "pending" ? (existing.changes as Partial<ReviewedValues>) : {};
  const next = reviewedChanges(published, { ...waiting, ...proposed });
  // What this edit changes against what was waiting (or published): the audit entry.
  const edited = reviewedChanges({ ...published, ...waiting } as ReviewedValues, proposed);
  const discardPhotos =
    waiting.profilePhotoUrl &&
    waiting.profilePhotoUrl !== next.profilePhotoUrl &&
    waiting.profilePhotoUrl !== published.profilePhotoUrl
      ? [waiting.profilePhotoUrl]
      : [];
  if (Object.keys(next).length === 0) {
    if (existing) await tx.delete(consultantChanges).where(eq(consultantChanges.consultantId, id));
  } else {
    const row = {
      changes: next,
      status: "pending" as const,
      reason: null,
      submittedBy: owner.id,
      submittedAt: new Date(),
      decidedAt: null,
    };
    await tx
      .insert(consultantChanges)
      .values({ consultantId: id, ...row })
      .onConflictDoUpdate({ target: consultantChanges.consultantId, set: row });
  }
  if (Object.keys(edited).length > 0) {
    await recordAudit(tx, owner, {
      action: "submit_change",
      targetType: "consultant",
      targetId: id,
      targetLabel: published.name,
      changes: auditChangesOf({ ...published, ...waiting } as ReviewedValues, edited),
    });
  }
  return { discardPhotos };
}

/** JSON with object keys sorted: PostgreSQL's jsonb keeps its own key order, a form another. */

/**
 * What an owner's edit published at once, for the audit log ("change"): each column whose value
 * differs from the row before, and the lists the edit replaced when they differ.
 */
export async function publishedChanges(
  tx: Executor,
  id: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  lists: TrackRecordLists | null,
): Promise<AuditChanges> {
  const { updatedAt: _updatedAt, ...columns } = after;
  const changes = diff(before, columns);
  if (lists?.assignments) {
    const stored = (await readAssignments(tx, id)).map(({ id: _id, ...item }) => normalizeAssignment(item));
    const given = lists.assignments.map(normalizeAssignment);
    if (stableJson(stored) !== stableJson(given)) changes.assignments = { from: stored, to: given };
  }
  if (lists?.education) {
    const stored = (await readEducation(tx, id)).map(({ id: _id, ...item }) => item);
    const given = lists.education.map((item) => ({
      degree: item.degree,
      field: item.field ?? null,
      institution: item.institution,
      year: item.year ?? null,
    }));
    if (stableJson(stored) !== stableJson(given)) changes.education = { from: stored, to: given };
  }
  return changes;
}

/** The columns and lists of an edit without its reviewed fields (those wait for review). */
export function withoutReviewed<T extends Record<string, unknown>>(
  changes: T,
  lists: TrackRecordLists | null,
): { changes: T; lists: TrackRecordLists | null } {
  const kept = Object.fromEntries(
    Object.entries(changes).filter(([field]) => !(REVIEWED_FIELDS as readonly string[]).includes(field)),
  ) as T;
  return { changes: kept, lists: lists ? { education: lists.education } : null };
}

/** What the owner is told about their last change: waiting, or rejected with the reason. */
export async function ownChangeState(db: Executor, id: number): Promise<OwnChangeState | null> {
  const [row] = await db.select().from(consultantChanges).where(eq(consultantChanges.consultantId, id)).limit(1);
  return row ? stateOf(row) : null;
}

function stateOf(row: typeof consultantChanges.$inferSelect): OwnChangeState {
  const fields = REVIEWED_FIELDS.filter((field) => (row.changes as Partial<ReviewedValues>)[field] !== undefined);
  return row.status === "pending"
    ? { status: "pending", submittedAt: row.submittedAt, fields }
    : { status: "rejected", submittedAt: row.submittedAt, fields, reason: row.reason };
}

/**
 * The owner's own profile as they last wrote it: the values of a change that waits replace the
 * published ones (so the form edits on top of the change, never silently undoes it), with the
 * state of the change beside them.
 */
export async function withOwnChange<
  T extends Partial<Omit<ReviewedValues, "assignments">> & { id: number; assignments?: Assignment[] },
>(db: Executor, profile: T): Promise<T & { change: OwnChangeState | null }> {
  const [row] = await db.select().from(consultantChanges).where(eq(consultantChanges.consultantId, profile.id)).limit(1);
  if (!row) return { ...profile, change: null };
  const state = stateOf(row);
  if (row.status !== "pending") return { ...profile, change: state };
  const { assignments, ...columns } = row.changes as Partial<ReviewedValues>;
  return {
    ...profile,
    ...columns,
    // A proposed assignment that edits a stored row keeps that row's id (sent back with the next
    // save, so the row and its references stay); a new one has a negative stand-in, which the
    // assignment schema reads as "not stored yet".
    ...(assignments && profile.assignments
      ? { assignments: assignments.map((item, index) => ({ ...item, id: item.id ?? standInAssignmentId(index) })) }
      : {}),
    change: state,
  };
}
