import { choices } from "./choices.ts";
import type { Assignment, AssignmentInput, Education } from "./track-record.ts";
import type { AdminConsultant } from "./views.ts";

// Changes after approval (issue 14, product.md: "changes to an approved profile's core fields
// wait for review; the approved version stays public meanwhile"). Which fields are reviewed, what
// they are called in the diff, and how a proposed value is compared with the published one. The
// server decides with these; the admin's diff view and the owner's notice name the fields with them.

/** The reviewed fields and their names in the diff: what a visitor judges a consultant by. The rest publishes at once. */
const reviewedFields = choices({
  name: "Full name",
  title: "Professional title",
  bio: "Professional summary",
  profilePhotoUrl: "Photo",
  primarySpecialization: "Primary specialization",
  secondarySpecializations: "Other specializations",
  assignments: "Assignments",
});
export const REVIEWED_FIELDS = reviewedFields.values;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];
export const REVIEWED_FIELD_LABELS: Record<ReviewedField, string> = reviewedFields.labels;

/**
 * An assignment as a change carries it: its fields, and the id of the stored row it edits when it
 * edits one (a new assignment has none). The id is what keeps the row, and what hangs off it (a
 * confirmed reference, issue 34), through the wait and the approval when the edit changes its
 * title, client or start month; it is never part of what the change changes.
 */
export type ChangeAssignment = AssignmentInput;

/** Values of the reviewed fields; in a change, only the fields it changes are present. */
export type ReviewedValues = {
  name: string;
  title: string;
  bio: string;
  profilePhotoUrl: string | null;
  primarySpecialization: string;
  secondarySpecializations: string[];
  assignments: ChangeAssignment[];
};

/** One field of a change: the published value and the proposed one. */
export type FieldChange = {
  [F in ReviewedField]: { field: F; before: ReviewedValues[F]; after: ReviewedValues[F] };
}[ReviewedField];

/** A change waiting for review, as the approval queue shows it. */
export type PendingChange = { consultantId: number; submittedAt: Date; fields: FieldChange[] };

/** A new profile's track record as its reviewer reads it (issue 36: the dialog omitted it). */
export type QueueTrackRecord = { assignments: Assignment[]; education: Education[] };

/**
 * A row of the approval queue: a new profile (no change, its track record) or a change to an
 * approved one (the change's diff holds its assignments).
 */
export type QueueEntry = AdminConsultant & { change: PendingChange | null; trackRecord: QueueTrackRecord | null };

/** The owner's view of their last change: waiting, or rejected with the admin's reason. */
export type OwnChangeState =
  | { status: "pending"; submittedAt: Date; fields: ReviewedField[] }
  | { status: "rejected"; submittedAt: Date; fields: ReviewedField[]; reason: string | null };

/** An assignment's fields with every field present, in one key order (no id): two equal ones serialize the same. */
export function normalizeAssignment(item: ChangeAssignment): ChangeAssignment {
  return {
    title: item.title,
    organization: item.organization,
    donors: [...item.donors],
    countries: [...item.countries],
    role: item.role ?? null,
    startDate: item.startDate,
    endDate: item.endDate ?? null,
    sector: item.sector ?? null,
    description: item.description ?? null,
  };
}

function comparable<F extends ReviewedField>(field: F, value: ReviewedValues[F] | undefined): string {
  if (field === "assignments") return JSON.stringify(((value ?? []) as ChangeAssignment[]).map(normalizeAssignment));
  return JSON.stringify(value ?? null);
}

export function sameReviewedValue<F extends ReviewedField>(
  field: F,
  a: ReviewedValues[F] | undefined,
  b: ReviewedValues[F] | undefined,
) {
  return comparable(field, a) === comparable(field, b);
}

/**
 * The reviewed fields an edit changes, against the published values: fields left out (undefined)
 * or equal to the published value are not changes. Assignments come back normalized, each with the
 * id it was given when that id is one of the published assignments' (once each; any other id is
 * dropped, so a change never claims a row that is not this profile's).
 */
export function reviewedChanges(published: ReviewedValues, proposed: Partial<ReviewedValues>): Partial<ReviewedValues> {
  const changes: Partial<ReviewedValues> = {};
  for (const field of REVIEWED_FIELDS) {
    const value = proposed[field];
    if (value === undefined || sameReviewedValue(field, published[field], value)) continue;
    Object.assign(changes, {
      [field]: field === "assignments" ? withPublishedIds(published.assignments, value as ChangeAssignment[]) : value,
    });
  }
  return changes;
}

/** The proposed assignments normalized, keeping the ids that name a published assignment, each once. */
function withPublishedIds(published: ChangeAssignment[], proposed: ChangeAssignment[]): ChangeAssignment[] {
  const open = new Set(published.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  return proposed.map((item) => {
    const id = item.id !== undefined && open.delete(item.id) ? item.id : undefined;
    return id === undefined ? normalizeAssignment(item) : { id, ...normalizeAssignment(item) };
  });
}

/** The diff of a change against the published values, field by field in the form's order. */
export function diffOf(published: ReviewedValues, changes: Partial<ReviewedValues>): FieldChange[] {
  return REVIEWED_FIELDS.filter((field) => changes[field] !== undefined).map(
    (field) => ({ field, before: published[field], after: changes[field] }) as FieldChange,
  );
}

/** The fields of an assignment the diff compares, in the form's order. */
export const ASSIGNMENT_FIELDS = [
  "title",
  "organization",
  "role",
  "startDate",
  "endDate",
  "countries",
  "donors",
  "sector",
  "description",
] as const;
export type AssignmentField = (typeof ASSIGNMENT_FIELDS)[number];

/** One assignment in the diff: kept as it was, changed (with the fields that changed), removed or added. */
export type AssignmentChange =
  | { kind: "same"; before: ChangeAssignment; after: ChangeAssignment }
  | { kind: "changed"; before: ChangeAssignment; after: ChangeAssignment; fields: AssignmentField[] }
  | { kind: "removed"; before: ChangeAssignment }
  | { kind: "added"; after: ChangeAssignment };

const fold = (text: string) => text.trim().toLocaleLowerCase("en");

/** The same key the track record's save keeps an assignment's row by (title, client, start month). */
function identityOf(item: ChangeAssignment) {
  return `${fold(item.title)}|${fold(item.organization)}|${item.startDate.slice(0, 7)}`;
}

/**
 * The published and proposed assignments paired by identity, in the proposed order (removed ones
 * where they stood): an edited assignment is one "changed" entry with its fields, not a removal
 * and an addition. The same row id pairs first (the approval keeps that row, whatever changed);
 * then, for assignments without one, identity, which the save keeps a row by too (the same title,
 * client and start month); failing that, the same title or the same client and start month, which
 * an edit of one of them leaves.
 */
export function pairAssignments(before: ChangeAssignment[], after: ChangeAssignment[]): AssignmentChange[] {
  const partner = new Map<number, number>(); // after index -> before index
  const taken = new Set<number>();
  // A key of null pairs with nothing.
  const pairBy = (key: (item: ChangeAssignment) => string | null) => {
    after.forEach((item, index) => {
      const wanted = key(item);
      if (partner.has(index) || wanted === null) return;
      const match = before.findIndex((candidate, at) => !taken.has(at) && key(candidate) === wanted);
      if (match < 0) return;
      partner.set(index, match);
      taken.add(match);
    });
  };
  pairBy((item) => (item.id === undefined ? null : String(item.id)));
  pairBy((item) => JSON.stringify(normalizeAssignment(item)));
  pairBy(identityOf);
  pairBy((item) => fold(item.title));
  pairBy((item) => `${fold(item.organization)}|${item.startDate.slice(0, 7)}`);

  const entries: AssignmentChange[] = [];
  // The unpaired published assignments up to `limit`, each placed once: `next` is the first not yet placed.
  let next = 0;
  const removedBefore = (limit: number) => {
    for (; next < limit; next++) {
      if (!taken.has(next)) entries.push({ kind: "removed", before: before[next] as ChangeAssignment });
    }
  };
  after.forEach((item, index) => {
    const at = partner.get(index);
    if (at === undefined) {
      entries.push({ kind: "added", after: item });
      return;
    }
    removedBefore(at);
    const previous = before[at] as ChangeAssignment;
    const [a, b] = [normalizeAssignment(previous), normalizeAssignment(item)];
    const fields = ASSIGNMENT_FIELDS.filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]));
    entries.push(
      fields.length === 0
        ? { kind: "same", before: previous, after: item }
        : { kind: "changed", before: previous, after: item, fields },
    );
  });
  removedBefore(before.length);
  return entries;
}
