import { sql } from "drizzle-orm";
import { type Country, EXPERIENCE_LEVELS } from "#common/constants.ts";
import type { SearchParams } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import { cachedPerKey } from "../ttl-cache.ts";
import { locationCountry } from "./places.ts";
import { QUALITY_TIERS, tierLexeme } from "./tiers.ts";

// The search's cost model: the statistics PostgreSQL's planner keeps (pg_stats), read every few
// minutes, and from them the share of profiles a word or a filter keeps, which decides how a
// candidate pool is read (walksIndex).

/** How often each value (or array element, or lexeme) of a column occurs among all profiles. */
type Frequencies = { shares: Map<string, number>; floor: number };
/** The statistics of the search and filter columns, and how many profiles are listed. */
export type Statistics = { listed: number; columns: Record<string, Frequencies> };

const STATISTICS_COLUMNS = [
  "search_document",
  "search_head",
  "country",
  "primary_specialization",
  "secondary_specializations",
  "languages",
  "years_experience",
  "available_for_work",
  "track_donors",
  "track_countries",
];

/**
 * The statistics ANALYZE keeps (pg_stats: most common values of a column, most common elements of
 * an array or tsvector, with their frequencies): what the planner itself estimates with, read
 * once every few minutes rather than asking the planner for every search.
 */
export async function searchStatistics(db: Executor): Promise<Statistics> {
  const [rows, [count]] = await Promise.all([
    db.execute<{
      column: string;
      values: string[] | null;
      valueShares: number[] | null;
      elements: string[] | null;
      elementShares: number[] | null;
    }>(sql`
      select attname as column,
        most_common_vals::text::text[] as values, most_common_freqs as "valueShares",
        most_common_elems::text::text[] as elements, most_common_elem_freqs as "elementShares"
      from pg_stats
      where schemaname = current_schema() and tablename = 'consultants'
        and attname in (${sql.join(
          STATISTICS_COLUMNS.map((column) => sql`${column}`),
          sql`, `,
        )})`),
    // The planner's count of listed profiles (kept by ANALYZE and VACUUM): close enough here.
    db.execute<{ listed: number }>(
      sql`select greatest(reltuples, 0)::float8 as listed from pg_class where oid = to_regclass('consultants_featured_idx')`,
    ),
  ]);
  const columns: Statistics["columns"] = {};
  for (const row of rows) {
    const keys = row.elements ?? row.values ?? [];
    const shares = (row.elementShares ?? row.valueShares ?? []).map(Number);
    columns[row.column] = {
      shares: new Map(keys.map((key, index) => [key, shares[index] ?? 0])),
      // Elements: after their frequencies come the lowest and the highest of them. Values not
      // among the most common ones are rarer than the rarest that is.
      floor: row.elements ? (shares[keys.length] ?? 0) : Math.min(...shares, 1),
    };
  }
  return { listed: Number(count?.listed ?? 0), columns };
}

/** The statistics at most five minutes old: one cache per process, in its runtime (server/runtime.ts). */
export function createStatisticsCache() {
  return cachedPerKey(searchStatistics, 5 * 60_000);
}
export type StatisticsCache = ReturnType<typeof createStatisticsCache>;

export function shareOf(statistics: Statistics, column: string, key: string) {
  const frequencies = statistics.columns[column];
  if (!frequencies) return 0.1;
  return frequencies.shares.get(key) ?? frequencies.floor / 2;
}

/** (a | b) & (c) …: independent words, as the planner reckons them. */
export function textShare(groups: string[][], statistics: Statistics, column: "search_document" | "search_head") {
  let share = 1;
  for (const group of groups) {
    if (group.length === 0) continue;
    let none = 1;
    for (const lexeme of group) none *= 1 - shareOf(statistics, column, lexeme);
    share *= 1 - none;
  }
  return share;
}

/**
 * The most profiles (a share) that can match every group: as many as match its rarest group. Words
 * of one phrase ("water supply", "climate adaptation") travel together, so the independent
 * estimate of textShare can be ten times too low; this bound never is.
 */
export function textShareBound(groups: string[][], statistics: Statistics, column: "search_document" | "search_head") {
  return Math.min(1, ...groups.filter((group) => group.length > 0).map((group) => textShare([group], statistics, column)));
}

/** The share of profiles all the filters keep, as the planner reckons it (independent filters). */
export function filterShare(params: SearchParams, statistics: Statistics): number {
  return product(filterShares(params, statistics));
}

/** The share of profiles a city is reckoned to hold (the statistics keep no city's). */
const CITY_SHARE = 0.02;

/**
 * With a city, which is no facet of the document and has its own index: whether to read the
 * city's profiles and test each one's document (DOCUMENT_TEST), rather than read the matches of
 * the words and the other filters through the document's index (`documentShare` of the profiles
 * match the words) and test each one's city. Without statistics, through the document's index.
 */
export function cityFirst(params: SearchParams, statistics: Statistics | undefined, documentShare = 1): boolean {
  if (!statistics || !params.location || locationCountry(params.location)) return false;
  const others = product(filterShares({ ...params, location: undefined }, statistics));
  return CITY_SHARE * DOCUMENT_TEST < documentShare * others;
}

/** Independent shares together. */
export function product(shares: number[]) {
  return shares.reduce((total, share) => total * share, 1);
}

/**
 * A country's own language, which most consultants based there speak: the statistics keep each
 * filter alone, and reckoned independently "Indonesia" and "Indonesian" keep a sixth of what they
 * do together (on the bench's directory 90 % of the profiles in a country list its language,
 * against 10 to 16 % of all profiles).
 */
const OWN_LANGUAGE: Partial<Record<Country, string>> = {
  Brunei: "Malay",
  Cambodia: "Khmer",
  Indonesia: "Indonesian",
  Laos: "Lao",
  Malaysia: "Malay",
  Myanmar: "Myanmar",
  Philippines: "Filipino",
  Thailand: "Thai",
  Vietnam: "Vietnamese",
};
/** The share of a country's profiles that list its own language, at least. */
const OWN_LANGUAGE_SHARE = 0.9;

/** The share of profiles each filter (and each donor or language of one) keeps. */
export function filterShares(params: SearchParams, statistics: Statistics): number[] {
  const shares: number[] = [];
  const country = params.location ? locationCountry(params.location) : undefined;
  if (params.location) shares.push(country ? shareOf(statistics, "country", country) : CITY_SHARE);
  if (params.expertise) {
    const primary = shareOf(statistics, "primary_specialization", params.expertise);
    const secondary = shareOf(statistics, "secondary_specializations", params.expertise);
    shares.push(primary + secondary - primary * secondary);
  }
  if (params.experience) {
    const level = EXPERIENCE_LEVELS.find((item) => item.value === params.experience);
    const years = statistics.columns.years_experience;
    if (level && years) {
      let share = 0;
      for (const [value, valueShare] of years.shares) {
        const number = Number(value);
        if (number >= level.min && (level.max === null || number <= level.max)) share += valueShare;
      }
      shares.push(share || 0.1);
    }
  }
  for (const language of params.languages) {
    const own = country !== undefined && OWN_LANGUAGE[country] === language;
    const share = shareOf(statistics, "languages", language);
    // Never below its share of all profiles: in a directory where everyone speaks it, so do those of its country.
    shares.push(own ? Math.max(share, OWN_LANGUAGE_SHARE) : share);
  }
  if (params.availability) {
    shares.push(shareOf(statistics, "available_for_work", params.availability === "available" ? "t" : "f"));
  }
  for (const donor of params.donor ?? []) shares.push(shareOf(statistics, "track_donors", donor));
  if (params.workedIn) shares.push(shareOf(statistics, "track_countries", params.workedIn));
  return shares;
}

/** Testing a profile's document on a walk costs about this many rows read from a bitmap. */
export const DOCUMENT_TEST = 3;
/** Listing one match in a bitmap from the document's index costs about this share of reading its row. */
export const POSTING_COST = 0.2;
/** A bounded walk covers this many times the rows evenly spread matches would need. */
export const WALK_SLACK = 4;

/**
 * How to take the first `wanted` matches in a given order: walk the order's index and test each
 * profile (about wanted ÷ `walkShare`, the share of profiles that match, rows), or read the
 * `readRows` rows an index offers and keep the top. Testing a row on the walk costs about
 * `rowCost` times reading one from a bitmap: DOCUMENT_TEST when the test reads the document, one
 * when it reads only the row (the head). The planner alone misjudges this (it underprices
 * testing a document), so the search decides, from the same statistics the planner uses.
 */
export function walksIndex(walkShare: number, readRows: number, wanted: number, rowCost: number) {
  return (rowCost * wanted) / Math.max(walkShare, 1e-9) < readRows;
}

/**
 * A pool read from the top quality tiers expects this many times the rows it keeps there. Once:
 * the tiers read hold at most half the profiles (TIER_WORTH), and when they hold too few the
 * same statement reads every match, so a miss costs that half again while a hit saves the rest.
 */
const TIER_SLACK = 1;
/** Reading from the top tiers is worth it only when they hold at most this share of the profiles. */
const TIER_WORTH = 0.5;

/**
 * The lowest quality tier from which the tiers above are expected to hold `wanted` of `matches`
 * matches (`slack` times over), or none when they would be most of the matches anyway. Only the
 * tiers the statistics list count: one they do not is rarer than their rarest, and may well be
 * empty. Reckoned at half that share like any unlisted value (shareOf), four empty top tiers
 * (scores clustered from 0.3 to 0.7) held 7 % of the profiles on paper, and every tiered read
 * found nothing and read all the matches after it ("health" in English and Thai: 3 326 rows).
 */
export function qualityTierFrom(statistics: Statistics, matches: number, wanted: number, slack = TIER_SLACK): number | undefined {
  const listed = statistics.columns.search_document?.shares;
  let share = 0;
  for (let tier = QUALITY_TIERS; tier > 0; tier--) {
    share += listed?.get(tierLexeme(tier)) ?? 0;
    if (share > TIER_WORTH) return undefined;
    if (matches * share >= slack * wanted) return tier;
  }
  return undefined;
}
