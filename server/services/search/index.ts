import { sql } from "drizzle-orm";
import { findPlaceMentions } from "#common/places.ts";
import { SEARCH_RESULT_CAP, type SearchParams, type SortValue } from "#common/search.ts";
import type { PublicConsultant } from "#common/views.ts";
import type { Executor } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";
import { isListed, publicConsultantColumns } from "../consultants/read-model.ts";
import type { ServiceDeps } from "../context.ts";
import { placeTerms } from "./places.ts";
import { filterShares, searchStatistics, textShare, walksIndex } from "./planner.ts";
import {
  candidatePool,
  filterConditions,
  HEAD_POOL,
  indexedMatch,
  ORDER_COLUMNS,
  orderBy,
  publicSelectList,
  QUALITY_POOL,
  RANK_WEIGHTS,
  resultWindow,
  rowToPublicConsultant,
} from "./query.ts";
import { analyzeWords, correctWords, keywordWords, LITTLE, toTsquery } from "./words.ts";

// The search engine (docs/decisions/006-search-engine.md). This file puts a search together;
// words.ts analyses the keywords, query.ts composes the SQL, planner.ts decides how candidates
// are read, places.ts matches places in any spelling.
//
// PostgreSQL full-text search over a weighted document per profile, kept current by triggers
// (migration 0007_search.sql):
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

export { keywordWords };

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

/**
 * Without keywords: a listing in the requested order, and a count that stops at the cap. With
 * filters, one query reads up to the cap of matching profiles through the document's index (the
 * filters are facet lexemes of it, intersected inside the index): when that is all of them, it
 * counts them and sorts the page from them. Only when more match does the page come from walking
 * the order's index, testing each profile's columns, which is what the planner would do in any
 * case, and what costs tens of thousands of rows when few match and the filters correlate with
 * the order (experienced-but-junior profiles are few at the top of the featured order, say), or
 * when filters that are common alone never meet (a donor of health work and one of roads).
 * Filters the statistics say most profiles pass skip the first read.
 */
async function listWithoutKeywords(db: Executor, params: SearchParams, options: SearchOptions): Promise<SearchResult> {
  const conditions = filterConditions(params);
  const where = sql.join(conditions, sql` and `);
  const { offset, limit } = resultWindow(params);
  const order = sql.join(orderBy(params.sort), sql`, `);
  const walk = () =>
    limit === 0
      ? Promise.resolve([])
      : db.select(publicConsultantColumns).from(consultants).where(where).orderBy(sql`${order}`).limit(limit).offset(offset);

  // Expected to exceed the cap many times over (no filter, or filters most profiles pass): count and walk at once.
  const statistics = await searchStatistics(db);
  const share = filterShares(params, statistics).reduce((product, value) => product * value, 1);
  if (conditions.length === 1 || statistics.listed * share > BROAD_LISTING * SEARCH_RESULT_CAP) {
    const [rows, [counted]] = await Promise.all([
      walk(),
      db.execute<{ matched: number }>(
        sql`select count(*)::int as matched from (select 1 from ${consultants} where ${where} limit ${SEARCH_RESULT_CAP + 1}) m`,
      ),
    ]);
    return result(params, Number(counted?.matched ?? 0), rows);
  }
  const rows = await db.execute<Record<string, unknown> & { matched: number }>(sql`
    with matches as materialized (select ${ORDER_COLUMNS} from ${consultants} where ${indexedMatch(params)} limit ${SEARCH_RESULT_CAP + 1}),
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
  if (matched <= SEARCH_RESULT_CAP)
    return result(params, matched, rows.filter((row) => row.id !== null).map(rowToPublicConsultant));
  return result(params, matched, await pageOfMany(db, params, statistics.listed, options));
}

/**
 * A listing page when more than the cap are known to match: at least 1 in listed ÷ 1 001 does,
 * so walking the order's index for it reads about (offset + limit) × listed ÷ 1 001 profiles if
 * they are spread evenly. Walk a bounded stretch of the index (a LIMIT makes the planner walk; it
 * would otherwise guess from the filters' estimates, which miss correlation, and read and sort
 * thousands); if the page is not in it, read every match through the document's index and sort.
 */
async function pageOfMany(db: Executor, params: SearchParams, listed: number, { strategy }: SearchOptions) {
  const { offset, limit } = resultWindow(params);
  if (limit === 0) return [];
  const order = sql.join(orderBy(params.sort), sql`, `);
  // Forced (tests, benchmarks): the whole index, or no walk at all.
  const stretch =
    strategy === "walk-index"
      ? listed + 1
      : Math.max(WALK_MIN, Math.ceil((WALK_SLACK * (offset + limit) * listed) / (SEARCH_RESULT_CAP + 1)));
  if (strategy !== "read-all") {
    const walked = await db.execute<Record<string, unknown>>(sql`
      select ${publicSelectList}
      from (select * from ${consultants} where ${isListed} order by ${order} limit ${stretch}) ${consultants}
      where ${sql.join(filterConditions(params), sql` and `)}
      order by ${order} limit ${limit} offset ${offset}`);
    if (walked.length === limit) return walked.map(rowToPublicConsultant);
  }
  const read = await db.execute<Record<string, unknown>>(sql`
    select ${publicSelectList}
    from (select * from ${consultants} where ${indexedMatch(params)} offset 0) ${consultants}
    order by ${order} limit ${limit} offset ${offset}`);
  return read.map(rowToPublicConsultant);
}

/** The stretch of an order's index walked for a page: this many times what evenly spread matches need, at least WALK_MIN. */
const WALK_SLACK = 4;
const WALK_MIN = 2_000;

/** Up to this many matches, relevance ranks them all; past it, a pool of the best (see keywordPage). */
const RANK_ALL = QUALITY_POOL + HEAD_POOL;

/** A listing expected to match this many times the cap is walked at once, without first reading up to the cap. */
const BROAD_LISTING = 10;

type KeywordQuery = {
  tsquery: string;
  groups: string[][];
  exact?: string;
  /** Known to match more than SEARCH_RESULT_CAP profiles (from the words dictionary): no need to count. */
  overCap?: boolean;
};

/** How candidate pools are read: chosen per query from the planner's estimate, unless forced (tests, benchmarks). */
export type PoolStrategy = "walk-index" | "read-all";
export type SearchOptions = { strategy?: PoolStrategy };

/** One page of a keyword search, and the number of matches up to the cap (plus one). */
async function keywordPage(db: Executor, params: SearchParams, query: KeywordQuery, { strategy }: SearchOptions) {
  const filters = filterConditions(params);
  const words = sql`${query.tsquery}::tsquery`;
  const matchDocument = {
    walked: sql.join([...filters, sql`search_document @@ ${words}`], sql` and `),
    indexed: indexedMatch(params, words),
  };
  // The head carries no facets: its matches are few, read through its index and tested by column.
  const headMatch = sql.join([...filters, sql`search_head @@ ${words}`], sql` and `);
  const relevance = params.sort === "relevance";
  const statistics = strategy ? undefined : await searchStatistics(db);
  const walks = (column: "search_document" | "search_head", wanted: number) =>
    statistics
      ? walksIndex(textShare(query.groups, statistics, column), filterShares(params, statistics), statistics.listed, wanted)
      : strategy === "walk-index";
  const order = orderBy(params.sort);
  const window = resultWindow(params);
  const rank = relevance
    ? [sql`ts_rank(${RANK_WEIGHTS}::float4[], search_document, ${words}) * (1 + 0.5 * static_score) desc`]
    : [];
  // With a corrected spelling, the profiles that match the words as typed come first.
  const exactFirst = query.exact ? [sql`(search_document @@ ${query.exact}::tsquery) desc`] : [];
  const ranked = Math.max(QUALITY_POOL, window.offset + window.limit);
  // Known to be over the cap: the pool holds only what is ranked (relevance) or paged.
  const poolSize = query.overCap ? (relevance ? ranked : window.offset + window.limit) : SEARCH_RESULT_CAP + 1;
  const matched = query.overCap ? sql`${SEARCH_RESULT_CAP + 1}::int` : sql`(select count(*) from document_pool)::int`;
  // For relevance, the pool in quality order may hold few of the strongest matches of a common
  // word (say, "evaluation" in titles among thousands of bio mentions). Past RANK_ALL matches,
  // relevance ranks the best head matches and the best `ranked` of the quality pool; up to it, all.
  const pooled = query.overCap ? sql`true` : sql`(select count(*) from document_pool) > ${RANK_ALL}::int`;
  const rankedOnly = relevance ? sql`limit case when ${pooled} then ${ranked}::int end` : sql``;
  const headPool = relevance
    ? sql`select * from (${candidatePool({ walked: headMatch, indexed: headMatch }, order, HEAD_POOL, walks("search_head", HEAD_POOL))}) h
          where ${pooled} and h.id not in (select id from ranked_pool)`
    : sql`select * from ranked_pool where false`;
  const rows = await db.execute<Record<string, unknown> & { matched: number }>(sql`
    with document_pool as materialized (
      ${candidatePool(matchDocument, order, poolSize, walks("search_document", poolSize))}
    ),
    ranked_pool as materialized (select * from document_pool ${consultants} order by ${sql.join(order, sql`, `)} ${rankedOnly}),
    head_pool as materialized (${headPool}),
    candidates as (select * from ranked_pool union all select * from head_pool),
    page as (
      select id, ord from unnest(array(
        select id from candidates ${consultants}
        order by ${sql.join([...exactFirst, ...rank, ...order], sql`, `)}
        limit ${window.limit} offset ${window.offset}
      )) with ordinality as p(id, ord)
    )
    -- One row even for an empty page, to carry the count.
    select ${matched} as matched, ${publicSelectList}
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
export async function searchConsultants(
  deps: Pick<ServiceDeps, "db">,
  params: SearchParams,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const { db } = deps;
  const allWords = params.keywords ? keywordWords(params.keywords) : [];
  if (allWords.length === 0) return listWithoutKeywords(db, params, options);
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
  if (!tsquery) return listWithoutKeywords(db, params, options);

  // One word, no place, no filter: the words dictionary counts the profiles using it (or its most
  // used completion) exactly, and every one of them matches, so past the cap there is nothing to count.
  const isOverCap = (reach: number[]) =>
    filterConditions(params).length === 1 && places.length === 0 && reach.length === 1 && (reach[0] ?? 0) > SEARCH_RESULT_CAP;
  const overCap = isOverCap(analyzed.map((word) => word.reach));
  let found = await keywordPage(db, params, { tsquery, groups, overCap }, options);
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
        ? await keywordPage(
            db,
            params,
            {
              tsquery: corrected,
              groups: correctedGroups,
              exact: tsquery,
              overCap: isOverCap(analyzed.map((word) => Math.max(word.reach, corrections.get(word.key)?.ndoc ?? 0))),
            },
            options,
          )
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
