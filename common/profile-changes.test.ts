import { describe, expect, it } from "vitest";
import { mekongEvaluation } from "../tests/setup/track-record.ts";
import { type ChangeAssignment, diffOf, pairAssignments, type ReviewedValues, reviewedChanges } from "./profile-changes.ts";

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

  it("keeps the ids that name a published assignment, each once, and drops any other; an id alone is no change", () => {
    const published: ReviewedValues = { ...PUBLISHED, assignments: [{ id: 7, ...ASSIGNMENT }] };
    expect(reviewedChanges(published, { assignments: [ASSIGNMENT] })).toEqual({});
    const renamed = { ...ASSIGNMENT, title: "Final evaluation" };
    const { assignments } = reviewedChanges(published, {
      assignments: [
        { id: 7, ...renamed },
        { id: 7, ...ASSIGNMENT },
        { id: 99, ...ASSIGNMENT },
      ],
    });
    expect(assignments?.map((item) => item.id)).toEqual([7, undefined, undefined]);
    expect(assignments?.[0]).toMatchObject({ title: "Final evaluation" });
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

describe("the assignments of a change, paired by identity", () => {
  const other = mekongEvaluation({
    title: "Baseline survey of rural water points",
    organization: "UNICEF Laos",
    startDate: "2019-01",
  });

  it("shows an edited assignment once, as changed with the fields that changed", () => {
    const edited = { ...ASSIGNMENT, description: "Led eight evaluators across 40 districts.", endDate: "2023-09" };
    expect(pairAssignments([ASSIGNMENT, other], [edited, other])).toEqual([
      { kind: "changed", before: ASSIGNMENT, after: edited, fields: ["endDate", "description"] },
      { kind: "same", before: other, after: other },
    ]);
  });

  it("pairs an assignment whose title changed by its client and start month, and one whose client changed by its title", () => {
    const retitled = { ...ASSIGNMENT, title: "Mid-term review of the Mekong Maternal Health Programme" };
    const moved = { ...other, organization: "UNICEF Lao PDR" };
    const pairs = pairAssignments([ASSIGNMENT, other], [retitled, moved]);
    expect(pairs.map((pair) => pair.kind)).toEqual(["changed", "changed"]);
    expect(pairs[0]).toMatchObject({ fields: ["title"] });
    expect(pairs[1]).toMatchObject({ fields: ["organization"] });
  });

  it("pairs by the row id first: an assignment whose title, client and start all changed is still the one row", () => {
    const stored = [
      { id: 7, ...ASSIGNMENT },
      { id: 8, ...other },
    ];
    const rewritten = {
      id: 7,
      ...ASSIGNMENT,
      title: "Final evaluation",
      organization: "Ministry of Health",
      startDate: "2021-02",
    };
    const pairs = pairAssignments(stored, [rewritten, { id: 8, ...other }]);
    expect(pairs.map((pair) => pair.kind)).toEqual(["changed", "same"]);
    expect(pairs[0]).toMatchObject({ before: { id: 7 }, fields: ["title", "organization", "startDate"] });
  });

  it("keeps removed and added ones apart, a removed one just before the assignment that followed it", () => {
    const added = mekongEvaluation({ title: "Gender assessment", organization: "UN Women", startDate: "2024-02" });
    expect(pairAssignments([ASSIGNMENT, other], [added, other])).toEqual([
      { kind: "added", after: added },
      { kind: "removed", before: ASSIGNMENT },
      { kind: "same", before: other, after: other },
    ]);
    expect(pairAssignments([], [added])).toEqual([{ kind: "added", after: added }]);
    expect(pairAssignments([ASSIGNMENT], [])).toEqual([{ kind: "removed", before: ASSIGNMENT }]);
  });
});
