import { describe, expect, it } from "vitest";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { type KeywordPlan, type KeywordWords, type PlanOptions, planKeywordPage, planKind, REFINEMENTS } from "./keyword-plan.ts";
import type { Statistics } from "./planner.ts";
import { tierLexeme } from "./tiers.ts";

// The plans, without PostgreSQL: which plan a search gets from the statistics. The statistics are
// those of the bench's directory (npm run bench, 100 000 generated profiles) for the words used
// here: the share of the documents and of the heads (name, title, specializations, location) each
// stem is in, the quality tiers' shares, and the filters'. Scaled to a million profiles where a
// row says so. What each plan reads, and where it was measured: docs/decisions/006-search-engine.md.

/** Stems: [share of the documents, share of the heads]. */
const WORDS: Record<string, [number, number]> = {
  nugroho: [0.0087, 0.0087],
  cocoa: [0.0328, 0],
  climat: [0.1855, 0.0241],
  manag: [0.5823, 0.2933],
  project: [0.6702, 0.2516],
  health: [0.1993, 0.1018],
  financ: [0.3926, 0.2729],
  water: [0.0999, 0.0256],
  suppli: [0.0988, 0.0256],
  evalu: [0.4575, 0.0259],
};
/** The quality tiers' shares of the documents (#q:9 and #q:10 are too rare for the statistics to list). */
const TIERS: [number, number][] = [
  [8, 0.0634],
  [7, 0.1672],
  [6, 0.2981],
  [5, 0.3132],
  [4, 0.1378],
  [3, 0.0202],
];
/** A value the statistics do not list is reckoned at half the rarest listed one's share. */
const FLOOR = 0.0063;

/**
 * The bench's directory seeded again on 2026-11-28 (richer track records, no made-up ratings):
 * static scores from 0.3 to 0.7, so only tiers 3 to 6 hold profiles, and the statistics' list of
 * the documents' lexemes is full (1 000 of them), its rarest at 3.55 %.
 */
const CLUSTERED = {
  tiers: [
    [6, 0.0966],
    [5, 0.4367],
    [4, 0.381],
    [3, 0.0857],
  ] as [number, number][],
  floor: 0.0355,
};

function statistics(listed: number, { tiers = TIERS, floor = FLOOR } = {}): Statistics {
  const column = (entries: [string, number][], rarest = floor) => ({ shares: new Map(entries), floor: rarest });
  const words = Object.entries(WORDS);
  const years: [string, number][] = Array.from({ length: 30 }, (_, index) => [String(index + 1), 1 / 30]);
  return {
    listed,
    columns: {
      search_document: column([
        ...words.map(([stem, [share]]): [string, number] => [stem, share]),
        ...tiers.map(([tier, share]): [string, number] => [tierLexeme(tier), share]),
      ]),
      search_head: column(words.filter(([, [, head]]) => head > 0).map(([stem, [, head]]) => [stem, head])),
      country: column(
        [
          ["Vietnam", 0.0987],
          ["Philippines", 0.0999],
          ["Thailand", 0.1007],
        ],
        0.0984,
      ),
      languages: column(
        [
          ["English", 1],
          ["Thai", 0.1484],
          ["Vietnamese", 0.1045],
        ],
        0.1037,
      ),
      years_experience: column(years, 1 / 30),
      available_for_work: column(
        [
          ["t", 0.7507],
          ["f", 0.2493],
        ],
        0.2493,
      ),
    },
  };
}

/** Keyword words as index.ts analyses them: one group of stems a word; one word alone over the cap is known to be. */
function words(stems: string[][], overCap = false): KeywordWords {
  const tsquery = stems.map((group) => `(${group.map((stem) => `'${stem}'`).join(" | ")})`).join(" & ");
  return { tsquery, groups: stems, overCap };
}

/** A plan and its fallbacks, as planKind names them. */
function chain(plan: KeywordPlan) {
  const kinds: string[] = [];
  for (let step: KeywordPlan | undefined = plan; step; step = step.fallback) kinds.push(planKind(step));
  return kinds;
}

type Row = {
  search: string;
  query: Record<string, string | number>;
  stems: string[][];
  overCap?: boolean;
  listed?: number;
  /** Other statistics of the tiers than the bench's of 2026-11-24 (TIERS, FLOOR). */
  clustered?: boolean;
  options?: PlanOptions;
  plans: string[];
  /** Parts of the first plan that must be so (sizes, tiers). */
  first?: Partial<KeywordPlan>;
};

const ROWS: Row[] = [
  {
    search: "a surname in under 1 % of profiles: every match read, sorted and counted",
    query: { keywords: "nugroho" },
    stems: [["nugroho"]],
    plans: ["in-pool read/tiered"],
    first: { documentPool: { kind: "read", size: 1001 } },
  },
  {
    search: "a word in 3 % alone, known from the dictionary to pass the cap: the best 100 of the top tiers",
    query: { keywords: "cocoa" },
    stems: [["cocoa"]],
    overCap: true,
    plans: ["known-over tiered/read"],
    first: { documentPool: { kind: "tiered", size: 100, tier: 8 }, headPool: { kind: "read", size: 100 } },
  },
  {
    search:
      "the same word with scores clustered in tiers 3 to 6: the tiered read starts at tier 6, not at an unlisted empty tier",
    query: { keywords: "cocoa" },
    stems: [["cocoa"]],
    overCap: true,
    clustered: true,
    plans: ["known-over tiered/tiered"],
    first: { documentPool: { kind: "tiered", size: 100, tier: 6 }, headPool: { kind: "tiered", size: 100, tier: 6 } },
  },
  {
    search: "the same word at a million profiles: walking for the best 100 costs less than its 32 800 matches",
    query: { keywords: "cocoa" },
    stems: [["cocoa"]],
    overCap: true,
    listed: 1_000_000,
    plans: ["known-over walk/tiered"],
    first: { documentPool: { kind: "walk", size: 100 }, headPool: { kind: "tiered", size: 100, tier: 8 } },
  },
  {
    search: "a word in half the profiles: both pools walk the featured order",
    query: { keywords: "management" },
    stems: [["manag"]],
    overCap: true,
    plans: ["known-over walk/walk"],
  },
  {
    search: "a word in a fifth of the documents but few heads: the head matches of the top tiers",
    query: { keywords: "climate" },
    stems: [["climat"]],
    overCap: true,
    plans: ["known-over walk/tiered"],
    first: { headPool: { kind: "tiered", size: 100, tier: 8 } },
  },
  {
    search: "a deep page by date: the walk reaches the page, nothing is ranked",
    query: { keywords: "climate", page: 60, sort: "recent" },
    stems: [["climat"]],
    overCap: true,
    plans: ["known-over walk/none"],
    first: { documentPool: { kind: "walk", size: 720 } },
  },
  {
    search: "two words of a phrase: counted first, the quality pool from the top tiers",
    query: { keywords: "water supply" },
    stems: [["water"], ["suppli"]],
    plans: ["first tiered/tiered", "in-pool read/tiered"],
    first: { documentPool: { kind: "tiered", size: 100, tier: 7 } },
  },
  {
    search: "two common words: counted first, the quality pool walked",
    query: { keywords: "health financing" },
    stems: [["health"], ["financ"]],
    plans: ["first walk/tiered", "in-pool narrow/narrow"],
  },
  {
    search: "two words most profiles use: counted first, walking the featured order before the bitmap",
    query: { keywords: "project management" },
    stems: [["project"], ["manag"]],
    plans: ["first+walk walk/walk", "in-pool walk/walk"],
    first: { count: { kind: "first", walk: 10260 } },
  },
  {
    search: "a common word with two filters, about a thousand matches: read once, narrow",
    query: { keywords: "evaluation", location: "Vietnam", experience: "8-15" },
    stems: [["evalu"]],
    plans: ["in-pool narrow/narrow"],
  },
  {
    search: "a word in a country for speakers of its own language: the two filters go together, so more than relevance ranks",
    query: { keywords: "health", location: "Vietnam", languages: "Vietnamese" },
    stems: [["health"]],
    plans: ["in-pool narrow/narrow"],
  },
  {
    search: "a word in one country by experience: every match read and sorted, nothing ranked",
    query: { keywords: "climate", location: "Philippines", sort: "experience" },
    stems: [["climat"]],
    plans: ["in-pool read/none"],
  },
  {
    search: "a word in a city: the city's profiles first, each document tested",
    query: { keywords: "health", location: "Hanoi" },
    stems: [["health"]],
    plans: ["in-pool read/read city-first"],
    first: { cityFirst: true },
  },
  {
    search: "a surname in a city: its few matches first, each city tested",
    query: { keywords: "nugroho", location: "Hanoi" },
    stems: [["nugroho"]],
    plans: ["in-pool read/read"],
    first: { cityFirst: false },
  },
  {
    search: "forced (tests): every pool walked, planned without statistics",
    query: { keywords: "cocoa", languages: "English" },
    stems: [["cocoa"]],
    options: { strategy: "walk-index" },
    plans: ["in-pool walk/walk"],
  },
  {
    search: "forced (tests): every match read narrow for relevance",
    query: { keywords: "cocoa", languages: "English" },
    stems: [["cocoa"]],
    options: { strategy: "read-all" },
    plans: ["in-pool narrow/narrow"],
  },
  {
    search: "forced (tests): the upper half of the quality tiers",
    query: { keywords: "cocoa" },
    stems: [["cocoa"]],
    overCap: true,
    options: { strategy: "quality-tiers" },
    plans: ["known-over tiered/tiered"],
    first: { documentPool: { kind: "tiered", size: 100, tier: 5 }, headPool: { kind: "tiered", size: 100, tier: 5 } },
  },
  {
    search: "bench:plans without the tiers: the best 100 of every match",
    query: { keywords: "cocoa" },
    stems: [["cocoa"]],
    overCap: true,
    options: { without: new Set(["tiered"]) },
    plans: ["known-over read/read"],
  },
  {
    search: "bench:plans without the count's walk: counted through the document's index alone",
    query: { keywords: "project management" },
    stems: [["project"], ["manag"]],
    options: { without: new Set(["count-walk"]) },
    plans: ["first walk/walk", "in-pool walk/walk"],
  },
  {
    search: "bench:plans without the dictionary's count: counted first",
    query: { keywords: "management" },
    stems: [["manag"]],
    overCap: true,
    options: { without: new Set(["known-over"]) },
    plans: ["first+walk walk/walk", "in-pool walk/walk"],
  },
];

describe("keyword plans", () => {
  it.each(ROWS)("$search", (row) => {
    const plan = planKeywordPage(
      searchParams(row.query),
      words(row.stems, row.overCap),
      row.options?.strategy ? undefined : statistics(row.listed ?? 100_000, row.clustered ? CLUSTERED : {}),
      row.options,
    );
    expect(chain(plan)).toEqual(row.plans);
    if (row.first) expect(plan).toMatchObject(row.first);
  });

  it("plans a fallback only for an answer that may not hold, and never loops", () => {
    for (const row of ROWS) {
      const plan = planKeywordPage(searchParams(row.query), words(row.stems, row.overCap), statistics(100_000), row.options);
      const steps = chain(plan);
      // The last plan answers whatever it finds: it counts in its pool, or knows it is over the cap.
      expect(steps.at(-1), row.search).toMatch(/^in-pool |^known-over/);
      expect(steps.length, row.search).toBeLessThanOrEqual(2);
    }
  });

  it("names every branch the planner can be measured without, and each changes some plan", () => {
    const changed = new Set<string>();
    for (const row of ROWS) {
      const params = searchParams(row.query);
      const analysed = words(row.stems, row.overCap);
      const chosen = chain(planKeywordPage(params, analysed, statistics(100_000)));
      for (const refinement of REFINEMENTS) {
        const without = chain(planKeywordPage(params, analysed, statistics(100_000), { without: new Set([refinement]) }));
        if (without.join() !== chosen.join()) changed.add(refinement);
      }
    }
    expect([...changed].sort()).toEqual([...REFINEMENTS].sort());
  });
});
