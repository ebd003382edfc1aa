import { choices } from "./choices.ts";
import type { AssignmentInput } from "./track-record.ts";
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

/** The assignment fields a change carries (an assignment's id is the database's, not the owner's). */
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

/** A row of the approval queue: a new profile (no change) or a change to an approved one. */
export type QueueEntry = AdminConsultant & { change: PendingChange | null };

/** The owner's view of their last change: waiting, or rejected with the admin's reason. */
export type OwnChangeState =
  | { status: "pending"; submittedAt: Date; fields: ReviewedField[] }
  | { status: "rejected"; submittedAt: Date; fields: ReviewedField[]; reason: string | null };

/** An assignment with every field present, in one key order: two equal ones serialize the same. */
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
 * or equal to the published value are not changes. Assignments come back normalized.
 */
export function reviewedChanges(published: ReviewedValues, proposed: Partial<ReviewedValues>): Partial<ReviewedValues> {
  const changes: Partial<ReviewedValues> = {};
  for (const field of REVIEWED_FIELDS) {
    const value = proposed[field];
    if (value === undefined || sameReviewedValue(field, published[field], value)) continue;
    Object.assign(changes, {
      [field]: field === "assignments" ? (value as ChangeAssignment[]).map(normalizeAssignment) : value,
    });
  }
  return changes;
}

/** The diff of a change against the published values, field by field in the form's order. */
export function diffOf(published: ReviewedValues, changes: Partial<ReviewedValues>): FieldChange[] {
  return REVIEWED_FIELDS.filter((field) => changes[field] !== undefined).map(
    (field) => ({ field, before: published[field], after: changes[field] }) as FieldChange,
  );
}
