import { describe, expect, it } from "vitest";
import { mekongEvaluation } from "../tests/setup/track-record.ts";
import { type ChangeAssignment, diffOf, type ReviewedValues, reviewedChanges } from "./profile-changes.ts";

const ASSIGNMENT: ChangeAssignment = mekongEvaluation();

const PUBLISHED: ReviewedValues = {
  name: "Lan Nguyen",
  title: "Maternal Health Adviser",
  bio: "Twelve years of maternal health work.",
  profilePhotoUrl: "/uploads/photos/a-400.webp",
  primarySpecialization: "Healthcare",
  secondarySpecializations: ["Governance"],
  assignments: [ASSIGNMENT],
};

describe("which reviewed fields an edit changes", () => {
  it("keeps only the fields that differ from the published version", () => {
    const changes = reviewedChanges(PUBLISHED, {
      ...PUBLISHED,
      title: "Health Systems Evaluator",
      secondarySpecializations: ["Governance", "Gender & Social Inclusion"],
    });
    expect(changes).toEqual({
      title: "Health Systems Evaluator",
      secondarySpecializations: ["Governance", "Gender & Social Inclusion"],
    });
  });

  it("treats left-out fields as unchanged, and an assignment's missing optional fields as empty", () => {
    expect(reviewedChanges(PUBLISHED, { name: "Lan Nguyen" })).toEqual({});
    // An assignment read back from storage says null where the form left a field out.
    const stored: ReviewedValues = { ...PUBLISHED, assignments: [{ ...ASSIGNMENT, role: null, description: null }] };
    const { role: _role, description: _description, ...bare } = ASSIGNMENT;
    expect(reviewedChanges(stored, { assignments: [bare as ChangeAssignment] })).toEqual({});
    // The same assignment written with its keys in another order is no change.
    const reordered = Object.fromEntries(Object.entries(ASSIGNMENT).reverse()) as ChangeAssignment;
    expect(reviewedChanges(PUBLISHED, { assignments: [reordered] })).toEqual({});
  });

  it("sees a removed photo and a reordered list as changes", () => {
    expect(reviewedChanges(PUBLISHED, { profilePhotoUrl: null })).toEqual({ profilePhotoUrl: null });
    expect(
      reviewedChanges({ ...PUBLISHED, secondarySpecializations: ["A", "B"] }, { secondarySpecializations: ["B", "A"] }),
    ).toEqual({
      secondarySpecializations: ["B", "A"],
    });
  });

  it("lists the diff in the form's order with the published value before", () => {
    expect(diffOf(PUBLISHED, { title: "New", name: "New Name" })).toEqual([
      { field: "name", before: "Lan Nguyen", after: "New Name" },
      { field: "title", before: "Maternal Health Adviser", after: "New" },
    ]);
  });
});
