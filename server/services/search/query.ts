import { asc, Column, desc, is, SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { EXPERIENCE_LEVELS } from "#common/constants.ts";
import { SEARCH_RESULT_CAP, type SearchParams, type SortValue } from "#common/search.ts";
import { consultants } from "#server/db/schema.ts";
import { isListed, type PublicConsultant, publicConsultantColumns } from "../consultants/read-model.ts";
import { locationCondition, locationCountry } from "./places.ts";
import { QUALITY_TIERS, tierLexeme } from "./tiers.ts";

// The SQL a search is composed of: the filters, the orders, the page window, the candidate pools,
// and the public columns as a select list for the queries written in SQL.

/**
 * When more than SEARCH_RESULT_CAP profiles match, relevance ranks this many of the best matches
 * in quality order and as many of the best head matches (name, title, specializations,
 * location), or as many of each as the page reaches, not all of them:
 * a match outside the head ranks by its assignments or bio (weights C and D), far below a head
 * match, so the first pages come from the head pool, and ranking is what costs.
 */
export const QUALITY_POOL = 100;
/** Weights of D (bio), C (location, languages, assignments), B (specializations), A (name, title). */
export const RANK_WEIGHTS = "{0.1, 0.2, 0.4, 1.0}";

/**
 * Listed, and `conditions`, as a test on each profile of a walk of an order's index. Written so
 * that no other index can answer it, and so that the planner reckons half the profiles pass it
 * (a CASE is a boolean it cannot see into): a plan kept for every value of the words and filters
 * (a generic plan, PostgreSQL's or ours) still walks, as the search decided from the statistics,
 * instead of reading every match of a word half the profiles use through its index.
 */
export function walkTest(conditions: SQL[]): SQL {
  return sql`${isListed} and ${rowTest(conditions.filter((condition) => condition !== isListed))}`;
}

/**
 * `conditions` tested on each row another condition reads (an index's matches, or a walk): no
 * index can answer them, so the planner never reads through another index than the one the
 * search chose, whatever the values (see walkTest). None: `true`, which the planner drops.
 */
export function rowTest(conditions: SQL[]): SQL {
  if (conditions.length === 0) return sql`true`;
  return sql`case when ${sql.join(conditions, sql` and `)} then true else false end`;
}

/** The filters of a search, as tests on a profile's columns: for walking an order's index. */
export function filterConditions(params: SearchParams): SQL[] {
  const conditions: SQL[] = [isListed];
  if (params.location) {
    conditions.push(locationCondition(params.location));
  }
  if (params.expertise) {
    conditions.push(
      sql`(${consultants.primarySpecialization} = ${params.expertise} or ${consultants.secondarySpecializations} @> ${sql.param([params.expertise])}::text[])`,
    );
  }
  const level = experienceLevel(params);
  if (level) {
    conditions.push(
      level.max === null
        ? sql`${consultants.yearsExperience} >= ${level.min}`
        : sql`${consultants.yearsExperience} between ${level.min} and ${level.max}`,
    );
  }
  if (params.languages.length > 0) {
    conditions.push(sql`${consultants.languages} @> ${sql.param(params.languages)}::text[]`);
  }
  if (params.availability) {
    conditions.push(sql`${consultants.availableForWork} = ${params.availability === "available"}`);
  }
  // Track record (issue 12): donors and countries of the assignments, summed up on the profile
  // by the triggers of migration 0008.
  if (params.donor && params.donor.length > 0) conditions.push(sql`track_donors @> ${sql.param(params.donor)}::text[]`);
  if (params.workedIn) conditions.push(sql`track_countries @> array[${params.workedIn}]::text[]`);
  const hidden = hiddenCondition(params);
  if (hidden) conditions.push(hidden);
  return conditions;
}

/** Issue 31: the profiles hidden from one of the viewer's organizations left out (never asked for a visitor). */
function hiddenCondition(params: SearchParams): SQL | undefined {
  if (!params.hidden || params.hidden.length === 0) return undefined;
  return sql`${consultants.id} <> all(${sql.param([...params.hidden])}::int[])`;
}

function experienceLevel(params: SearchParams) {
  return params.experience ? EXPERIENCE_LEVELS.find((item) => item.value === params.experience) : undefined;
}

/** One filter as its reserved lexeme of search_document (migration 0013_search_facets), folded in SQL as the trigger folds it. */
function facet(kind: string, value: string) {
  return sql`quote_literal(search_facet(${kind}, ${value}))::tsquery`;
}

/**
 * The same filters for reading through search_document's index: every filter but a city is a
 * facet lexeme of the document, so `facets` joins the words' tsquery and one index scan answers
 * words and filters together; `rest` holds what is tested on the row (listed, a city).
 */
function facetFilters(params: SearchParams): { facets: SQL | undefined; rest: SQL[] } {
  const rest: SQL[] = [isListed];
  const facets: SQL[] = [];
  if (params.location) {
    const country = locationCountry(params.location);
    if (country) facets.push(facet("c", country));
    else rest.push(locationCondition(params.location));
  }
  if (params.expertise) facets.push(facet("s", params.expertise));
  const level = experienceLevel(params);
  if (level) facets.push(sql`${`'#x:${level.value}'`}::tsquery`);
  for (const language of params.languages) facets.push(facet("l", language));
  if (params.availability) facets.push(sql`${`'#a:${params.availability === "available" ? "yes" : "no"}'`}::tsquery`);
  for (const donor of params.donor ?? []) facets.push(facet("d", donor));
  if (params.workedIn) facets.push(facet("w", params.workedIn));
  return { facets: facets.length > 0 ? sql`(${sql.join(facets, sql` && `)})` : undefined, rest };
}

/**
 * Profiles whose document matches `words` (a tsquery, or none for a listing) and the filters,
 * through the document's index. A city is no facet: with `cityFirst` (planner.ts) its own index
 * (search_key(city)) reads its profiles and the document is tested on each of them; otherwise the
 * city is tested on each match the document's index reads. Never left to the planner, which
 * with a plan kept for every value would read the 33 000 matches of "health" through the
 * document's index to keep the 600 in Hanoi, or a city's 3 000 profiles for the 20 matches of
 * a word and three filters.
 */
export function indexedMatch(params: SearchParams, words?: SQL, cityFirst = false): SQL {
  const match = indexedMatchOf(params, words, cityFirst);
  const hidden = hiddenCondition(params);
  return hidden ? sql`${match} and ${rowTest([hidden])}` : match;
}

function indexedMatchOf(params: SearchParams, words?: SQL, cityFirst = false): SQL {
  const { facets, rest } = facetFilters(params);
  const query = words && facets ? sql`(${words} && ${facets})` : (words ?? facets);
  if (!query) return sql.join(rest, sql` and `);
  // Folded once per statement (a subquery), never per row: a plan kept for every value cannot
  // fold the facets' lexemes as constants, and would fold them again on each row it tests.
  const test = sql`search_document @@ (select ${query})`;
  const [listed, ...city] = rest;
  if (city.length === 0) return sql`${listed} and ${test}`;
  return cityFirst
    ? sql`${listed} and ${sql.join(city, sql` and `)} and ${rowTest([test])}`
    : sql`${listed} and ${test} and ${rowTest(city)}`;
}

/**
 * The filters of a listing as a test on each profile of a walk of an order's index (walkTest),
 * but for a country, which stays a plain condition: its index in featured order (migration 0015)
 * and its index of countries answer it.
 */
export function listingWalk(params: SearchParams): SQL {
  if (!params.location || !locationCountry(params.location)) return walkTest(filterConditions(params));
  return sql`${walkTest(filterConditions({ ...params, location: undefined }))} and ${locationCondition(params.location)}`;
}

/** The order of each sort; ids last, so the order is total and paging is stable. */
export function orderBy(sort: SortValue): SQL[] {
  switch (sort) {
    case "experience":
      return [desc(consultants.yearsExperience), sql`static_score desc`, desc(consultants.id)];
    case "location":
      return [asc(consultants.country), sql`search_key(${consultants.city}) asc`, sql`static_score desc`, desc(consultants.id)];
    case "recent":
      return [desc(consultants.createdAt), desc(consultants.id)];
    default:
      return [sql`static_score desc`, desc(consultants.id)];
  }
}

/** The featured order (relevance without keywords) as one ORDER BY list, for walks and probes of its index. */
export const FEATURED_ORDER = sql.join(orderBy("relevance"), sql`, `);

/** The slice of results a page shows. Paging stops at the cap: past it there is nothing to fetch. */
export function resultWindow(params: SearchParams) {
  const offset = (params.page - 1) * params.limit;
  return { offset, limit: Math.max(0, Math.min(params.limit, SEARCH_RESULT_CAP - offset)) };
}

/** The columns every sort order reads (see orderBy). */
export const ORDER_COLUMNS = sql.raw("id, static_score, years_experience, country, city, created_at");

/**
 * publicConsultantColumns as a SQL select list, for the search query written in SQL: the same
 * columns under the same rule (hidden e-mail and phone never leave the database), and
 * rowToPublicConsultant maps values back the way Drizzle would. Written out once, as Drizzle
 * writes it: composing its 20 columns again for every search cost 35–70 µs of the request's thread.
 */
export const publicSelectList = writtenOnce(
  sql.join(
    Object.entries(publicConsultantColumns).map(
      ([key, column]) => sql`${is(column, SQL.Aliased) ? column.sql : column} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  ),
);

/** A fragment without parameters as the text Drizzle writes for it. */
function writtenOnce(fragment: SQL): SQL {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length > 0) throw new Error("a fragment with parameters cannot be written once");
  return sql.raw(text);
}

export function rowToPublicConsultant(row: Record<string, unknown>): PublicConsultant {
  const entries = Object.entries(publicConsultantColumns).map(([key, column]) => {
    const value = row[key];
    return [key, is(column, Column) && value !== null ? column.mapFromDriverValue(value) : value];
  });
  return Object.fromEntries(entries) as PublicConsultant;
}

/**
 * What a candidate carries: the columns every sort order reads, and the document to rank by.
 * Carrying them (rather than joining back to the table) makes ranking read each candidate once;
 * only a narrow read of many matches (see keywordPage) fetches them afterwards, for its few
 * hundred candidates.
 */
export const CANDIDATE_COLUMNS = sql`${ORDER_COLUMNS}, search_document`;

/**
 * What a candidate carries, and with `head` (a test), whether it matches in the head. Without
 * `document`, only the order's columns: when nothing is ranked, a pool of a thousand sorted and
 * kept without their documents costs half as much (9.2 -> 4.9 ms for "climate" in the Philippines
 * by experience: 1.5 KB a row is sorted, copied and materialized for nothing).
 */
export function candidateColumns({ head, document = true }: PoolColumns = {}) {
  const columns = document ? CANDIDATE_COLUMNS : ORDER_COLUMNS;
  return head ? sql`${columns}, ${head} as head` : columns;
}

/** The columns of a pool; `document: false` when the search ranks nothing (see candidateColumns). */
export type PoolColumns = { head?: SQL; document?: boolean };

/**
 * The first `size` matches in `order`: by walking the order's index and testing each profile's
 * columns and document (`walked`), or by reading every match through the document's index
 * (`indexed`, words and filters intersected in it) and keeping the top.
 */
export function candidatePool(
  match: { walked: SQL; indexed: SQL },
  order: SQL[],
  size: number | SQL,
  walk: boolean,
  { head, document }: PoolColumns = {},
) {
  const ordered = sql.join(order, sql`, `);
  const columns = candidateColumns({ head, document });
  if (walk) return sql`select ${columns} from ${consultants} where ${match.walked} order by ${ordered} limit ${size}`;
  // OFFSET 0 keeps the planner from walking an index: every match is read once, the top ones kept.
  // The subquery takes the table's name, so the order expressions apply to it unchanged.
  return sql`select * from (select ${columns} from ${consultants} where ${match.indexed} offset 0) ${consultants}
    order by ${ordered} limit ${size}`;
}

/**
 * The head with its profile's quality tier lexeme, as the expression index of migration 0018 holds
 * it: `HEAD_WITH_TIER @@ (words && qualityTiers(from))` reads only the head matches of the top tiers.
 */
export const HEAD_WITH_TIER = sql.raw("(search_head || search_tier(static_score))");

/** Profiles of quality tier `from` or above (migration 0017), as a tsquery. */
export function qualityTiers(from: number): SQL {
  const tiers = Array.from({ length: QUALITY_TIERS - from + 1 }, (_, index) => `'${tierLexeme(from + index)}'`);
  return sql`${tiers.join(" | ")}::tsquery`;
}

/**
 * The first `size` matches in the featured order when many more match: a profile of a higher
 * quality tier comes before every profile of a lower one (migration 0017), so when the matches in
 * the top tiers (`tiered`, through the document's index) are `size` or more, their first `size`
 * are the first of all, and only they are read ("cocoa": 194 rows instead of 3 327, 0.7 ms
 * instead of 5.8). When they are fewer, every match is read (see candidatePool).
 */
export function tieredPool(match: { walked: SQL; indexed: SQL }, tiered: SQL, size: number, columns: PoolColumns = {}) {
  const order = orderBy("relevance");
  return sql`with tiered as materialized (${candidatePool({ walked: match.walked, indexed: tiered }, order, size, false, columns)})
    select * from tiered where (select count(*) from tiered) = ${size}::int
    union all
    select * from (${candidatePool(match, order, size, false, columns)}) everything where (select count(*) from tiered) < ${size}::int`;
}
