import { asc, Column, desc, is, SQL, sql } from "drizzle-orm";
import { EXPERIENCE_LEVELS } from "../../common/constants.ts";
import { findPlaceMentions } from "../../common/places.ts";
import { SEARCH_RESULT_CAP, type SearchParams, type SortValue } from "../../common/search.ts";
import type { Database } from "../db/client.ts";
import { consultants } from "../db/schema.ts";
import { isListed, type PublicConsultant, publicConsultantColumns } from "./consultants/read-model.ts";
import { locationCondition, locationCountry, placeTerms } from "./place-search.ts";
import { cachedPerKey } from "./ttl-cache.ts";

// The search engine (docs/decisions/006-search-engine.md). PostgreSQL full-text search over a
// weighted document per profile, kept current by triggers (migration 0007_search.sql):
//   search_head      name and title (A), specializations (B), location and languages (C)
//   search_document  the head, the assignments' titles, organizations and descriptions (C, issue
//                    12: below title and specializations, above the bio) and the bio (D)
//   static_score     query-independent quality in [0, 1]
//   search_words     the words of listed profiles, with how many profiles use each
//
// A search never reads every match of a common word. It takes a capped candidate set (the best
// SEARCH_RESULT_CAP matches in the requested order, plus for relevance the best matches in the
// head), ranks only those, and counts exactly only up to the cap.

export type SearchResult = {
  consultants: PublicConsultant[];
  /** Matches, exact up to SEARCH_RESULT_CAP; when totalIsCapped, at least this many (shown as "1,000+"). */
  total: number;
  totalIsCapped: boolean;
  page: number;
  limit: number;
  /** Pages that can be shown: paging stops at SEARCH_RESULT_CAP results. */
  pageCount: number;
  sort: SortValue;
  /** Set when the keywords had few matches and the results include a corrected spelling. */
  correctedKeywords?: string;
};

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Completions of the last word tried ("agri" -> agriculture, agricultural, agribusiness). */
const MAX_COMPLETIONS = 12;
/** Fewer matches than this is "little": try a corrected spelling of rare or unknown words. */
const LITTLE = 3;
/** The best head matches (name, title, specializations, location) always considered for relevance. */
const HEAD_POOL = 250;
/** Weights of D (bio), C (location, languages, assignments), B (specializations), A (name, title). */
const RANK_WEIGHTS = "{0.1, 0.2, 0.4, 1.0}";

/** The words of a keywords string: letters and digits (accents kept), at most MAX_WORDS. */
export function keywordWords(keywords: string): string[] {
  const words = keywords.normalize("NFC").match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

type WordAnalysis = {
  word: string;
  /** Lower case without accents: how the words dictionary spells it. */
  key: string;
  /** Stems to match (the word's, plus its completions' for the last word). Empty for stop words. */
  lexemes: string[];
  /** Listed profiles that use this exact word. */
  ndoc: number;
};

/** One round trip: the stems of each word, its count in the dictionary, and completions of the last word. */
async function analyzeWords(db: Database, words: string[], completeLast = true): Promise<WordAnalysis[]> {
  if (words.length === 0) return [];
  const rows = await db.execute<{ word: string; key: string; lexemes: string[]; ndoc: number }>(sql`
    select t.word, t.key, t.ndoc,
      array(
        select distinct lexeme from (
          select unnest(tsvector_to_array(to_tsvector('search_english', t.word))) as lexeme
          union all
          select unnest(tsvector_to_array(to_tsvector('search_english', c.word)))
          from (
            select w.word from search_words w
            -- Only the last word, and not a stop word ("of" is not on its way to "officer").
            where t.ord = ${completeLast ? words.length : 0} and char_length(t.key) >= 2
              and to_tsvector('search_english', t.word) <> ''::tsvector
              and w.word like t.key || '%' and w.word <> t.key and w.ndoc > 0
              -- "climate-smart" would add its part "smart": the stem of "climate" already matches it.
              and strpos(w.word, '-') = 0
            order by w.ndoc desc, w.word
            limit ${MAX_COMPLETIONS}
          ) c
        ) lexemes
      ) as lexemes
    from (
      select input.word, input.ord, search_key(input.word) as key,
        coalesce((select w.ndoc from search_words w where w.word = search_key(input.word)), 0) as ndoc
      from unnest(${sql.param(words)}::text[]) with ordinality as input(word, ord)
    ) t
    order by t.ord`);
  return rows.map((row) => ({ word: row.word, key: row.key, lexemes: row.lexemes, ndoc: Number(row.ndoc) }));
}

/**
 * For rare or unknown words, the most similar clearly more frequent word of the dictionary
 * (trigram similarity on the small words table, never on the profiles).
 */
async function correctWords(db: Database, analyzed: WordAnalysis[]) {
  const suspects = analyzed.filter((word) => word.ndoc < LITTLE && word.key.length >= 4);
  if (suspects.length === 0) return new Map<string, { word: string; lexemes: string[] }>();
  const rows = await db.execute<{ key: string; correction: string; lexemes: string[] }>(sql`
    select t.key, s.word as correction, tsvector_to_array(to_tsvector('search_english', s.word)) as lexemes
    from unnest(${sql.param(suspects.map((word) => word.key))}::text[], ${sql.param(suspects.map((word) => word.ndoc))}::int[]) as t(key, ndoc)
    cross join lateral (
      select w.word from search_words w
      where w.word % t.key and w.ndoc > 3 * t.ndoc and w.word <> t.key
      order by similarity(w.word, t.key) desc, w.ndoc desc, w.word
      limit 1
    ) s`);
  return new Map(rows.map((row) => [row.key, { word: row.correction, lexemes: row.lexemes }]));
}

function quoteLexeme(lexeme: string) {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * Every group of alternatives must match: (a | b) & (c), and every place in any of its
 * spellings (tsqueries of their own). Null when only stop words are left.
 */
function toTsquery(groups: string[][], places: string[] = []): string | null {
  const parts = [
    ...groups.filter((group) => group.length > 0).map((group) => `(${group.map(quoteLexeme).join(" | ")})`),
    ...places.map((place) => `(${place})`),
  ];
  return parts.length > 0 ? parts.join(" & ") : null;
}

/** The filters of a search, all on indexed columns of listed profiles. */
function filterConditions(params: SearchParams): SQL[] {
  const conditions: SQL[] = [isListed];
  if (params.location) {
    conditions.push(locationCondition(params.location));
  }
  if (params.expertise) {
    conditions.push(
      sql`(${consultants.primarySpecialization} = ${params.expertise} or ${consultants.secondarySpecializations} @> ${sql.param([params.expertise])}::text[])`,
    );
  }
  if (params.experience) {
    const level = EXPERIENCE_LEVELS.find((item) => item.value === params.experience);
    if (level) {
      conditions.push(
        level.max === null
          ? sql`${consultants.yearsExperience} >= ${level.min}`
          : sql`${consultants.yearsExperience} between ${level.min} and ${level.max}`,
      );
    }
  }
  if (params.languages.length > 0) {
    conditions.push(sql`${consultants.languages} @> ${sql.param(params.languages)}::text[]`);
  }
  if (params.availability) {
    conditions.push(sql`${consultants.availableForWork} = ${params.availability === "available"}`);
  }
  // Track record (issue 12): donors and countries of the assignments, summed up on the profile
  // by the triggers of migration 0008 and indexed for listed profiles.
  if (params.donor && params.donor.length > 0) conditions.push(sql`track_donors @> ${sql.param(params.donor)}::text[]`);
  if (params.workedIn) conditions.push(sql`track_countries @> array[${params.workedIn}]::text[]`);
  return conditions;
}

/** The order of each sort; ids last, so the order is total and paging is stable. */
function orderBy(sort: SortValue): SQL[] {
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

/** The slice of results a page shows. Paging stops at the cap: past it there is nothing to fetch. */
function resultWindow(params: SearchParams) {
  const offset = (params.page - 1) * params.limit;
  return { offset, limit: Math.max(0, Math.min(params.limit, SEARCH_RESULT_CAP - offset)) };
}

function result(params: SearchParams, matched: number, consultants: PublicConsultant[]): SearchResult {
  const total = Math.min(matched, SEARCH_RESULT_CAP);
  return {
    consultants,
    total,
    totalIsCapped: matched > SEARCH_RESULT_CAP,
    page: params.page,
    limit: params.limit,
    pageCount: Math.max(1, Math.ceil(total / params.limit)),
    sort: params.sort,
  };
}

/** The columns every sort order reads (see orderBy). */
const ORDER_COLUMNS = sql.raw("id, static_score, years_experience, country, city, created_at");

/**
 * publicConsultantColumns as a SQL select list, for the search query written in SQL: the same
 * columns under the same rule (hidden e-mail and phone never leave the database), and
 * rowToPublicConsultant maps values back the way Drizzle would.
 */
const publicSelectList = sql.join(
  Object.entries(publicConsultantColumns).map(
    ([key, column]) => sql`${is(column, SQL.Aliased) ? column.sql : column} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);

function rowToPublicConsultant(row: Record<string, unknown>): PublicConsultant {
  const entries = Object.entries(publicConsultantColumns).map(([key, column]) => {
    const value = row[key];
    return [key, is(column, Column) && value !== null ? column.mapFromDriverValue(value) : value];
  });
  return Object.fromEntries(entries) as PublicConsultant;
}

/**
 * Without keywords: a listing in the requested order, and a count that stops at the cap. With
 * filters, one query reads up to the cap of matching profiles through the filters' indexes:
 * when that is all of them, it counts them and sorts the page from them. Only when more match
 * does the page come from walking the order's index, which is what the planner would do in any
 * case, and what costs tens of thousands of rows when few match and the filters correlate with
 * the order (experienced-but-junior profiles are few at the top of the featured order, say).
 */
async function listWithoutKeywords(db: Database, params: SearchParams): Promise<SearchResult> {
  const conditions = filterConditions(params);
  const where = sql.join(conditions, sql` and `);
  const { offset, limit } = resultWindow(params);
  const order = sql.join(orderBy(params.sort), sql`, `);
  const walk = () =>
    limit === 0
      ? Promise.resolve([])
      : db.select(publicConsultantColumns).from(consultants).where(where).orderBy(sql`${order}`).limit(limit).offset(offset);

  // Expected to exceed the cap (no filter, or filters most profiles pass): count and walk at once.
  const statistics = await searchStatistics(db);
  const share = filterShares(params, statistics).reduce((product, value) => product * value, 1);
  if (conditions.length === 1 || statistics.listed * share > 2 * SEARCH_RESULT_CAP) {
    const [rows, [counted]] = await Promise.all([
      walk(),
      db.execute<{ matched: number }>(
        sql`select count(*)::int as matched from (select 1 from ${consultants} where ${where} limit ${SEARCH_RESULT_CAP + 1}) m`,
      ),
    ]);
    return result(params, Number(counted?.matched ?? 0), rows);
  }
  const rows = await db.execute<Record<string, unknown> & { matched: number }>(sql`
    with matches as materialized (select ${ORDER_COLUMNS} from ${consultants} where ${where} limit ${SEARCH_RESULT_CAP + 1}),
    page as (
      select id, row_number() over (order by ${order}) as ord
      from matches ${consultants} order by ${order} limit ${limit} offset ${offset}
    )
    -- One row even for an empty page, to carry the count.
    select (select count(*) from matches)::int as matched, ${publicSelectList}
    from (select 1) as one
    left join (page join ${consultants} on ${consultants.id} = page.id) on true
    order by page.ord`);
  const matched = Number(rows[0]?.matched ?? 0);
  if (matched > SEARCH_RESULT_CAP) return result(params, matched, await walk());
  return result(params, matched, rows.filter((row) => row.id !== null).map(rowToPublicConsultant));
}

/** How often each value (or array element, or lexeme) of a column occurs among all profiles. */
type Frequencies = { shares: Map<string, number>; floor: number };
/** The statistics of the search and filter columns, and how many profiles are listed. */
type Statistics = { listed: number; columns: Record<string, Frequencies> };

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
async function loadStatistics(db: Database): Promise<Statistics> {
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

const searchStatistics = cachedPerKey(loadStatistics, 5 * 60_000);

function shareOf(statistics: Statistics, column: string, key: string) {
  const frequencies = statistics.columns[column];
  if (!frequencies) return 0.1;
  return frequencies.shares.get(key) ?? frequencies.floor / 2;
}

/** (a | b) & (c) …: independent words, as the planner reckons them. */
function textShare(groups: string[][], statistics: Statistics, column: "search_document" | "search_head") {
  let share = 1;
  for (const group of groups) {
    if (group.length === 0) continue;
    let none = 1;
    for (const lexeme of group) none *= 1 - shareOf(statistics, column, lexeme);
    share *= 1 - none;
  }
  return share;
}

/** The share of profiles each filter keeps. */
function filterShares(params: SearchParams, statistics: Statistics): number[] {
  const shares: number[] = [];
  if (params.location) {
    const country = locationCountry(params.location);
    shares.push(country ? shareOf(statistics, "country", country) : 0.02);
  }
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
  for (const language of params.languages) shares.push(shareOf(statistics, "languages", language));
  if (params.availability) {
    shares.push(shareOf(statistics, "available_for_work", params.availability === "available" ? "t" : "f"));
  }
  for (const donor of params.donor ?? []) shares.push(shareOf(statistics, "track_donors", donor));
  if (params.workedIn) shares.push(shareOf(statistics, "track_countries", params.workedIn));
  return shares;
}

/**
 * How to take the first `wanted` matches in a given order: walk the order's index and test each
 * profile (about wanted ÷ share of matches rows), or read every row the most selective index
 * offers and keep the top (listed × that index's share). Testing a row on the walk costs about
 * twice reading one from a bitmap. The planner alone misjudges this (it underprices testing a
 * document), so the search decides, from the same statistics the planner uses.
 */
function walksIndex(text: number, filters: number[], listed: number, wanted: number) {
  const matchShare = filters.reduce((share, filter) => share * filter, text);
  const walked = wanted / Math.max(matchShare, 1e-9);
  const read = listed * Math.min(text, ...filters);
  return 2 * walked < read;
}

/**
 * What a candidate carries: the columns every sort order reads, and the document to rank by.
 * Carrying them (rather than joining back to the table) makes ranking read each candidate once.
 */
const CANDIDATE_COLUMNS = sql`${ORDER_COLUMNS}, search_document`;

/** The first `size` matches in `order`, by walking the order's index or by reading every match. */
function candidatePool(where: SQL, order: SQL[], size: number, walk: boolean) {
  const ordered = sql.join(order, sql`, `);
  if (walk) return sql`select ${CANDIDATE_COLUMNS} from ${consultants} where ${where} order by ${ordered} limit ${size}`;
  // OFFSET 0 keeps the planner from walking an index: every match is read once, the top ones kept.
  // The subquery takes the table's name, so the order expressions apply to it unchanged.
  return sql`select * from (select ${CANDIDATE_COLUMNS} from ${consultants} where ${where} offset 0) ${consultants}
    order by ${ordered} limit ${size}`;
}

type KeywordQuery = { tsquery: string; groups: string[][]; exact?: string };

/** How candidate pools are read: chosen per query from the planner's estimate, unless forced (tests, benchmarks). */
export type PoolStrategy = "walk-index" | "read-all";
export type SearchOptions = { strategy?: PoolStrategy };

/** One page of a keyword search, and the number of matches up to the cap (plus one). */
async function keywordPage(db: Database, params: SearchParams, query: KeywordQuery, { strategy }: SearchOptions) {
  const filters = filterConditions(params);
  const matchDocument = sql.join([...filters, sql`search_document @@ ${query.tsquery}::tsquery`], sql` and `);
  const matchHead = sql.join([...filters, sql`search_head @@ ${query.tsquery}::tsquery`], sql` and `);
  const relevance = params.sort === "relevance";
  const statistics = strategy ? undefined : await searchStatistics(db);
  const walks = (column: "search_document" | "search_head", wanted: number) =>
    statistics
      ? walksIndex(textShare(query.groups, statistics, column), filterShares(params, statistics), statistics.listed, wanted)
      : strategy === "walk-index";
  const order = orderBy(params.sort);
  const window = resultWindow(params);
  const rank = relevance
    ? [sql`ts_rank(${RANK_WEIGHTS}::float4[], search_document, ${query.tsquery}::tsquery) * (1 + 0.5 * static_score) desc`]
    : [];
  // With a corrected spelling, the profiles that match the words as typed come first.
  const exactFirst = query.exact ? [sql`(search_document @@ ${query.exact}::tsquery) desc`] : [];
  // For relevance, the pool in quality order may hold few of the strongest matches of a common
  // word (say, "evaluation" in titles among thousands of bio mentions): add the best head matches.
  const headPool = relevance
    ? sql`select * from (${candidatePool(matchHead, order, HEAD_POOL, walks("search_head", HEAD_POOL))}) h
          where (select count(*) from document_pool) > ${SEARCH_RESULT_CAP}
            and h.id not in (select id from document_pool)`
    : sql`select * from document_pool where false`;
  const rows = await db.execute<Record<string, unknown> & { matched: number }>(sql`
    with document_pool as materialized (
      ${candidatePool(matchDocument, order, SEARCH_RESULT_CAP + 1, walks("search_document", SEARCH_RESULT_CAP))}
    ),
    head_pool as materialized (${headPool}),
    candidates as (select * from document_pool union all select * from head_pool),
    page as (
      select id, ord from unnest(array(
        select id from candidates ${consultants}
        order by ${sql.join([...exactFirst, ...rank, ...order], sql`, `)}
        limit ${window.limit} offset ${window.offset}
      )) with ordinality as p(id, ord)
    )
    -- One row even for an empty page, to carry the count.
    select (select count(*) from document_pool)::int as matched, ${publicSelectList}
    from (select 1) as one
    left join (page join ${consultants} on ${consultants.id} = page.id and ${isListed}) on true
    order by page.ord`);
  return {
    matched: Number(rows[0]?.matched ?? 0),
    consultants: rows.filter((row) => row.id !== null).map(rowToPublicConsultant),
  };
}

/**
 * Searches listed consultants. With keywords: every word must match (accents ignored, stemmed,
 * the last word also as a prefix); when that finds little, rare or unknown words are corrected
 * to similar frequent ones. Without keywords: featured (quality) order, or the chosen sort.
 */
export async function searchConsultants(db: Database, params: SearchParams, options: SearchOptions = {}): Promise<SearchResult> {
  const allWords = params.keywords ? keywordWords(params.keywords) : [];
  if (allWords.length === 0) return listWithoutKeywords(db, params);
  // A place in any spelling ("Saigon", "TP.HCM") matches every spelling of it; the other words
  // are analysed as words (the last one completed, unless it ends a place's name).
  const mentions = findPlaceMentions(allWords);
  const inPlace = (index: number) => mentions.some((place) => index >= place.start && index < place.end);
  const words = allWords.filter((_, index) => !inPlace(index));
  const [places, analyzed] = await Promise.all([
    placeTerms(db, mentions),
    analyzeWords(db, words, !inPlace(allWords.length - 1)),
  ]);
  const placeQueries = places.map((place) => place.query);
  const placeGroups = places.map((place) => place.lexemes);
  const groups = [...analyzed.map((word) => word.lexemes), ...placeGroups];
  const tsquery = toTsquery(
    analyzed.map((word) => word.lexemes),
    placeQueries,
  );
  if (!tsquery) return listWithoutKeywords(db, params);

  let found = await keywordPage(db, params, { tsquery, groups }, options);
  let correctedKeywords: string | undefined;
  if (found.matched < LITTLE) {
    const corrections = await correctWords(db, analyzed);
    if (corrections.size > 0) {
      const correctedWordGroups = analyzed.map((word) => [
        ...new Set([...word.lexemes, ...(corrections.get(word.key)?.lexemes ?? [])]),
      ]);
      const correctedGroups = [...correctedWordGroups, ...placeGroups];
      const corrected = toTsquery(correctedWordGroups, placeQueries);
      const second = corrected
        ? await keywordPage(db, params, { tsquery: corrected, groups: correctedGroups, exact: tsquery }, options)
        : found;
      if (second.matched > found.matched) {
        found = second;
        let next = 0;
        correctedKeywords = allWords
          .map((word, index) => {
            if (inPlace(index)) return word;
            const analysis = analyzed[next++];
            return (analysis && corrections.get(analysis.key)?.word) ?? word;
          })
          .join(" ");
      }
    }
  }
  const page = result(params, found.matched, found.consultants);
  return correctedKeywords ? { ...page, correctedKeywords } : page;
}
