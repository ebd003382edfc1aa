import { describe, expect, it } from "vitest";
import { mekongEvaluation } from "../tests/setup/track-record.ts";
import { assignmentSchema, isStoredAssignment, standInAssignmentId } from "./track-record.ts";

// An assignment's id as both doors send it back (issue 34): the JSON API as a number, the profile
// form as the text of a hidden field. A stored row's id keeps the row; the negative stand-in the
// owner's view gives an assignment waiting for review (not stored yet) means a new one; anything
// else is refused.

const idOf = (id: unknown) => assignmentSchema.safeParse({ ...mekongEvaluation(), id });

describe("an assignment's id", () => {
  it("keeps a stored row's id, given as a number or as the form's text", () => {
    expect(idOf(41).data?.id).toBe(41);
    expect(idOf(" 41 ").data?.id).toBe(41);
    expect(isStoredAssignment({ id: 41 })).toBe(true);
  });

  it("reads a waiting assignment's stand-in id, or none, as a new assignment", () => {
    const standIn = standInAssignmentId(2);
    expect(isStoredAssignment({ id: standIn })).toBe(false);
    for (const id of [standIn, String(standIn), "", undefined, null]) {
      const parsed = idOf(id);
      expect(parsed.success, String(id)).toBe(true);
      expect(parsed.data?.id, String(id)).toBeUndefined();
    }
  });

  it("refuses an id that is no row's and no stand-in's", () => {
    for (const id of [0, "0", 1.5, "1.5", "abc", "7e2", 2_147_483_648]) {
      const parsed = idOf(id);
      expect(parsed.success, String(id)).toBe(false);
      expect(parsed.error?.issues[0]?.message, String(id)).toBe("Assignment id must be a whole number");
    }
  });
});
