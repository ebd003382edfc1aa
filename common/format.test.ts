import { describe, expect, it } from "vitest";
import { expectAnswers } from "../tests/setup/examples.ts";
import { excerpt, formatDate, formatRating, initials } from "./format.ts";

describe("formatRating", () => {
  it("divides by ten with one decimal", () => {
    expect(formatRating(50)).toBe("5.0");
    expect(formatRating(87)).toBe("8.7");
    expect(formatRating(100)).toBe("10.0");
  });
});

describe("initials", () => {
  it("takes the first and last name", () => {
    expectAnswers(initials, [
      ["Nguyen Thi Lan", "NL"],
      ["  maria ", "M"],
      ["", "?"],
    ]);
  });
});

describe("excerpt", () => {
  it("keeps a short text whole and cuts a long one at a word, with an ellipsis", () => {
    expectAnswers(
      ([text, length]: [string, number]) => excerpt(text, length),
      [
        [["Twelve years in maternal health.", 40], "Twelve years in maternal health."],
        [["Twelve years designing maternal and newborn health programmes", 30], "Twelve years designing…"],
        [["Twelve years designing maternal", 31], "Twelve years designing maternal"],
        [["Supercalifragilisticexpialidocious words", 10], "Supercalif…"],
      ],
    );
  });
});

describe("formatDate", () => {
  it("writes the date in the page's language, with the Gregorian year, whichever language came first", () => {
    const day = "2025-11-21T23:30:00Z";
    expect(formatDate(day, "th")).toMatch(/^21 .+ 2025$/);
    expect(formatDate(day)).toBe("21 November 2025");
    expect(formatDate(new Date(day), "en")).toBe("21 November 2025");
    expect(formatDate(day, "id")).toBe("21 November 2025");
    expect(formatDate(day, "vi")).toMatch(/2025$/);
    expect(formatDate(day, "th")).not.toContain("2568");
  });
});
