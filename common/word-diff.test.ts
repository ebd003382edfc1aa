import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DiffPart, diffTokens, diffWords, wordsOf } from "./word-diff.ts";

const side = (parts: DiffPart[], hidden: DiffPart["kind"]) =>
  parts
    .filter((part) => part.kind !== hidden)
    .map((part) => part.text)
    .join("");

describe("what changed between two texts, word by word", () => {
  it("marks only the words that changed", () => {
    expect(diffWords("Water Engineer", "Senior Water Engineer")).toEqual([
      { kind: "added", text: "Senior " },
      { kind: "same", text: "Water Engineer" },
    ]);
    expect(diffWords("Rural water supply across Laos.", "Rural water supply and sanitation across Laos and Cambodia.")).toEqual([
      { kind: "same", text: "Rural water supply " },
      { kind: "added", text: "and sanitation " },
      { kind: "same", text: "across Laos" },
      { kind: "added", text: " and Cambodia" },
      { kind: "same", text: "." },
    ]);
  });

  it("takes a replaced phrase as one removal and one addition, the space between its words with it", () => {
    expect(diffWords("Water Engineer", "Senior WASH Adviser")).toEqual([
      { kind: "removed", text: "Water Engineer" },
      { kind: "added", text: "Senior WASH Adviser" },
    ]);
    expect(diffWords("Twelve years in Laos", "Ten years in Laos")).toEqual([
      { kind: "removed", text: "Twelve" },
      { kind: "added", text: "Ten" },
      { kind: "same", text: " years in Laos" },
    ]);
  });

  it("finds the words of Thai, written without spaces", () => {
    expect(wordsOf("น้ำสะอาดในชนบท").length).toBeGreaterThan(1);
    const parts = diffWords("น้ำสะอาดในชนบท", "น้ำสะอาดในเมือง");
    expect(parts[0]).toEqual({ kind: "same", text: expect.stringContaining("น้ำ") });
    expect(parts.some((part) => part.kind === "removed")).toBe(true);
  });

  it("compares lists item by item", () => {
    expect(diffTokens(["Governance", "Healthcare"], ["Governance", "Education", "Healthcare"])).toEqual([
      { kind: "same", text: "Governance" },
      { kind: "added", text: "Education" },
      { kind: "same", text: "Healthcare" },
    ]);
  });

  it("always gives back both texts whole, each side what it kept and its own changes", () => {
    const text = fc.array(fc.constantFrom("water", "health", " ", "  ", "Laos", ".", ",", "\n", "ดี", "and"), { maxLength: 40 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const [before, after] = [a.join(""), b.join("")];
        const parts = diffWords(before, after);
        expect(side(parts, "added")).toBe(before);
        expect(side(parts, "removed")).toBe(after);
        expect(parts.every((part) => part.text !== "")).toBe(true);
      }),
    );
  });

  it("marks a very long rewrite removed and added whole instead of comparing every pair of words", () => {
    const before = Array.from({ length: 1500 }, (_, index) => `old${index}`).join(" ");
    const after = Array.from({ length: 1500 }, (_, index) => `new${index}`).join(" ");
    const parts = diffWords(`Start ${before} end`, `Start ${after} end`);
    expect(side(parts, "added")).toBe(`Start ${before} end`);
    expect(side(parts, "removed")).toBe(`Start ${after} end`);
    // Bounded: the middle is one removal then one addition. Compared word by word it would keep
    // the ~1,500 spaces both sides share, interleaved with the changed words (a 9-million-cell table).
    const tokens = diffTokens(wordsOf(`Start ${before} end`), wordsOf(`Start ${after} end`));
    expect(tokens.filter((part) => part.kind === "same").map((part) => part.text)).toEqual(["Start", " ", " ", "end"]);
  });
});
