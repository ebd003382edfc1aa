import { describe, expect } from "vitest";
import { createRuntime } from "#server/runtime.ts";
import { databaseTest } from "../../../tests/setup/fixtures.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { searchConsultants } from "./index.ts";
import {
  analyzeWords,
  correctWords,
  editDistance,
  editsAllowed,
  MANY_MIN,
  manyMatches,
  profilesCorrector,
  WordAnalyses,
} from "./words.ts";

// The corrector on the demo directory (issue 33): a word that matches nothing becomes a word "many"
// profiles use and that it is a likely mistyping of, or stays as typed. Common typos of the field's
// words are corrected; surnames and rare real words the directory does not hold are not made into
// another word that merely looks alike ("tanaka" into "tan", "blockchain" into "chain"), nor is a
// typo made into a word only one or two profiles use.

const it = databaseTest({ demo: true });
const runtime = createRuntime({ insights: null });

describe("the corrector on the demo directory (150 profiles)", () => {
  it.for([
    ["helth", "health"],
    ["evalution", "evaluation"],
    ["goverance", "governance"],
    ["sanitaton", "sanitation"],
    ["epidemiolgist", "epidemiologist"],
    ["livelhood", "livelihoods"],
    ["fishries vietnam", "fisheries vietnam"],
  ] as const)("corrects the common typo %s to %s", async ([typed, expected], { database }) => {
    const found = await searchConsultants({ db: database.db, runtime }, searchParams({ keywords: typed }));
    expect(found.correctedKeywords).toBe(expected);
    expect(found.total).toBeGreaterThan(0);
  });

  it("makes no surname or rare real word the directory does not hold into another word", async ({ database }) => {
    // Each is similar to words profiles use (trigrams), and on main became one of them: tanaka ->
    // tan, durian -> dian, stunting -> stung, cassava -> cash, blockchain -> chain, agroforestry ->
    // forestry. And Villanueva, a surname the directory holds, keeps its own match.
    for (const typed of ["tanaka", "durian", "stunting", "cassava", "blockchain", "agroforestry", "rodriguez", "villanueva"]) {
      const found = await searchConsultants({ db: database.db, runtime }, searchParams({ keywords: typed }));
      expect(found.correctedKeywords, typed).toBeUndefined();
      expect(
        found.consultants.every((consultant) => `${consultant.name} ${consultant.bio}`.toLowerCase().includes(typed)),
        typed,
      ).toBe(true);
    }
  });

  it("makes no typo into a word too few profiles use", async ({ database }) => {
    // Poverty and humanitarian are in two of the 150 profiles each: a typo of them stays as typed.
    const [row] = await database.sql<{ poverty: number; humanitarian: number }[]>`
      select (select ndoc from search_words where word = 'poverty') as poverty,
             (select ndoc from search_words where word = 'humanitarian') as humanitarian`;
    expect(Math.max(row?.poverty ?? 0, row?.humanitarian ?? 0)).toBeLessThan(MANY_MIN);
    for (const typed of ["povrety", "humanitaran"]) {
      const found = await searchConsultants({ db: database.db, runtime }, searchParams({ keywords: typed }));
      expect(found.total, typed).toBe(0);
      expect(found.correctedKeywords, typed).toBeUndefined();
    }
  });

  it("asks of a suggestion more profiles the larger the directory", async ({ database }) => {
    expect([150, 1_000, 5_000, 100_000].map(manyMatches)).toEqual([5, 5, 25, 500]);
    const sanitaton = await analyzeWords(new WordAnalyses(), database.db, ["sanitaton"], false);
    // Sanitation is in 8 of the demo's profiles: many among 150, not among 100 000.
    expect((await correctWords(database.db, sanitaton, profilesCorrector(150))).get("sanitaton")?.word).toBe("sanitation");
    expect((await correctWords(database.db, sanitaton, profilesCorrector(100_000))).size).toBe(0);
  });
});

describe("edit distance", () => {
  it.for([
    ["helth", "health", 1],
    ["povrety", "poverty", 1],
    ["livelhood", "livelihoods", 2],
    ["stunting", "stung", 3],
    ["villanueva", "village", 4],
    ["bình", "binh", 1],
  ] as const)("%s -> %s: %i", ([a, b, distance]) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it("allows one edit, two from eight letters", () => {
    expect(["watr", "helthcare"].map(editsAllowed)).toEqual([1, 2]);
  });
});
