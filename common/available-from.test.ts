import { describe, expect, it } from "vitest";
import { availableFromField } from "./track-record.ts";

// Found by tests/e2e/fuzz-every-route.test.ts: POST /api/consultants with availableFrom "2" was a
// 500 (RangeError: Invalid time value), because zod ran the calendar check on a value the format
// check had already refused.

describe("availableFrom", () => {
  it("refuses what is not a calendar date with its message, never throws", () => {
    for (const value of [
      "2",
      "2025",
      "2025-13-01",
      "2025-02-30",
      "99999-01-01",
      "２０２５-01-01",
      "2025-1-1",
      "x".repeat(5000),
    ]) {
      const parsed = availableFromField.safeParse(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Available from must be a date written YYYY-MM-DD");
    }
  });

  it("takes a date, blank as none", () => {
    expect(availableFromField.parse("2025-02-28")).toBe("2025-02-28");
    expect(availableFromField.parse(" 2024-02-29 ")).toBe("2024-02-29");
    expect(availableFromField.parse("")).toBeNull();
    expect(availableFromField.parse(undefined)).toBeUndefined();
  });
});
