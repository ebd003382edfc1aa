import { describe, expect, it } from "vitest";
import { formatRating, initials } from "./format.ts";

describe("formatRating", () => {
  it("divides by ten with one decimal", () => {
    expect(formatRating(50)).toBe("5.0");
    expect(formatRating(87)).toBe("8.7");
    expect(formatRating(100)).toBe("10.0");
  });
});

describe("initials", () => {
  it("takes the first and last name", () => {
    expect(initials("Nguyen Thi Lan")).toBe("NL");
    expect(initials("  maria ")).toBe("M");
    expect(initials("")).toBe("?");
  });
});
