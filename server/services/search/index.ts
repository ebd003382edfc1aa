import { findPlaceMentions } from "#common/places.ts";
import { SEARCH_RESULT_CAP, type SearchParams } from "#common/search.ts";
import type { Database } from "#server/db/client.ts";
import type { ServiceDeps } from "../context.ts";
import { keywordPage } from "./keyword-page.ts";
import type { KeywordWords } from "./keyword-plan.ts";
import { listWithoutKeywords } from "./listing.ts";
import { type PlaceTerm, placeTerms } from "./places.ts";
import { filterConditions } from "./query.ts";
import { type PlanningOptions, result, type SearchOptions, type SearchResult } from "./result.ts";
import { analyzeWords, correctWords, keywordWords, LITTLE, toTsquery, type WordAnalysis } from "./words.ts";

// The search engine (docs/decisions/006-search-engine.md). This file puts a keyword search
// together; keyword-plan.ts decides how a page of it is read (a plan, from the statistics
// planner.ts keeps), keyword-sql.ts writes a plan's statement, keyword-page.ts runs the plans;
// listing.ts answers a search without keywords, words.ts analyses the keywords, query.ts holds the
// SQL fragments, counting.ts counts matches up to the cap, places.ts matches places in any
// spelling, tiers.ts names the quality tiers, result.ts shapes the answer.
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

export type { KeywordPlan, PoolStrategy, Refinement } from "./keyword-plan.ts";
export { REFINEMENTS } from "./keyword-plan.ts";
export type { SearchOptions, SearchResult } from "./result.ts";

export { keywordWords };

/** The plans a search ran (keyword-plan.ts planKind, or the listing's), logged at debug level. */
export type SearchLog = { debug: (entry: { plans: string[]; corrected?: boolean }, message: string) => void };

/** What a search uses: the database, this process's caches, and a log for the plans it ran. */
export type SearchDeps = Pick<ServiceDeps, "db" | "runtime"> & { log?: SearchLog };

/**
 * Searches listed consultants. With keywords: every word must match (accents ignored, stemmed,
 * the last word also as a prefix); when that finds little, rare or unknown words are corrected
 * to similar frequent ones. Without keywords: featured (quality) order, or the chosen sort.
 */
export async function searchConsultants(
  deps: SearchDeps,
  params: SearchParams,
  searchOptions: SearchOptions = {},
): Promise<SearchResult> {
  const { db, runtime } = deps;
  const options = { ...searchOptions, statistics: searchOptions.statistics ?? (await runtime.statistics(db)) };
  const allWords = params.keywords ? keywordWords(params.keywords) : [];
  const keywords = allWords.length > 0 ? await analyzeKeywords(deps, params, allWords) : undefined;
  if (!keywords) {
    const listed = await listWithoutKeywords(db, params, options);
    deps.log?.debug({ plans: listed.plans }, "search plans");
    return listed.result;
  }
  const found = await keywordPage(db, params, keywords.words, options);
  const corrected = found.matched < LITTLE ? await correctedPage(db, params, keywords, options) : undefined;
  const better = corrected && corrected.page.matched > found.matched ? corrected : undefined;
  const plans = [...found.plans, ...(corrected?.page.plans ?? [])];
  deps.log?.debug({ plans, corrected: better !== undefined }, "search plans");
  const answer = better?.page ?? found;
  const page = result(params, answer.matched, answer.consultants);
  return better ? { ...page, correctedKeywords: better.keywords } : page;
}

/** The keywords analysed: the words as words (the last one completed) and the places in any spelling. */
type AnalyzedKeywords = {
  allWords: string[];
  inPlace: (index: number) => boolean;
  analyzed: WordAnalysis[];
  places: PlaceTerm[];
  words: KeywordWords;
};

/** Keyword words analysed, or undefined when only stop words are left (a listing then). */
async function analyzeKeywords(
  { db, runtime }: SearchDeps,
  params: SearchParams,
  allWords: string[],
): Promise<AnalyzedKeywords | undefined> {
  // A place in any spelling ("Saigon", "TP.HCM") matches every spelling of it; the other words
  // are analysed as words (the last one completed, unless it ends a place's name).
  const mentions = findPlaceMentions(allWords);
  const inPlace = (index: number) => mentions.some((place) => index >= place.start && index < place.end);
  const [places, analyzed] = await Promise.all([
    placeTerms(db, mentions),
    analyzeWords(
      runtime.words,
      db,
      allWords.filter((_, index) => !inPlace(index)),
      !inPlace(allWords.length - 1),
    ),
  ]);
  const groups = analyzed.map((word) => word.lexemes);
  const tsquery = toTsquery(
    groups,
    places.map((place) => place.query),
  );
  if (!tsquery) return undefined;
  const words = { tsquery, groups: [...groups, ...places.map((place) => place.lexemes)] };
  return {
    allWords,
    inPlace,
    analyzed,
    places,
    words: {
      ...words,
      overCap: overCap(
        params,
        places,
        analyzed.map((word) => word.reach),
      ),
    },
  };
}

/**
 * One word, no place, no filter: the words dictionary counts the profiles using it (or its most
 * used completion) exactly, and every one of them matches, so past the cap there is nothing to count.
 */
function overCap(params: SearchParams, places: PlaceTerm[], reach: number[]) {
  const alone = filterConditions(params).length === 1 && places.length === 0;
  return alone && reach.length === 1 && (reach[0] ?? 0) > SEARCH_RESULT_CAP;
}

/**
 * The page with rare or unknown words corrected to similar frequent ones, the words as typed first,
 * and the keywords as corrected; undefined when nothing was corrected.
 */
async function correctedPage(db: Database, params: SearchParams, keywords: AnalyzedKeywords, options: PlanningOptions) {
  const { analyzed, places } = keywords;
  const corrections = await correctWords(db, analyzed);
  if (corrections.size === 0) return undefined;
  const groups = analyzed.map((word) => [...new Set([...word.lexemes, ...(corrections.get(word.key)?.lexemes ?? [])])]);
  const tsquery = toTsquery(
    groups,
    places.map((place) => place.query),
  );
  if (!tsquery) return undefined;
  const reach = analyzed.map((word) => Math.max(word.reach, corrections.get(word.key)?.ndoc ?? 0));
  const words = {
    tsquery,
    groups: [...groups, ...places.map((place) => place.lexemes)],
    exact: keywords.words.tsquery,
    overCap: overCap(params, places, reach),
  };
  const page = await keywordPage(db, params, words, options);
  let next = 0;
  const correctedWords = keywords.allWords.map((word, index) => {
    if (keywords.inPlace(index)) return word;
    const analysis = analyzed[next++];
    return (analysis && corrections.get(analysis.key)?.word) ?? word;
  });
  return { page, keywords: correctedWords.join(" ") };
}
