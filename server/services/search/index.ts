import type { SearchParams } from "#common/search.ts";
import type { PublicConsultant } from "#common/views.ts";
import type { Database } from "#server/db/client.ts";
import type { ServiceDeps } from "../context.ts";
import { keywordPage } from "./keyword-page.ts";
import { type AnalyzedKeywords, analyzeKeywords, correctedKeywords, keywordQuery, withConceptReach } from "./keywords.ts";
import { listWithoutKeywords } from "./listing.ts";
import { CONSULTANT_RELAXING, countZeroResult, relaxationsOf } from "./relaxations.ts";
import { type PlanningOptions, result, type SearchOptions, type SearchResult } from "./result.ts";
import { keywordWords, LITTLE, profilesCorrector } from "./words.ts";

// The search engine (docs/decisions/006-search-engine.md). This file puts a keyword search
// together; keyword-plan.ts decides how a page of it is read (a plan, from the statistics
// planner.ts keeps), keyword-sql.ts writes a plan's statement, keyword-page.ts runs the plans;
// listing.ts answers a search without keywords, keywords.ts reads the keywords as terms (words,
// places, concepts of the field glossary: concepts.ts), words.ts analyses words, query.ts holds the
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
export type { Relaxation, SearchOptions, SearchResult } from "./result.ts";

export { keywordWords };

/** The plans a search ran (keyword-plan.ts planKind, or the listing's), logged at debug level. */
export type SearchLog = { debug: (entry: { plans: string[]; corrected?: boolean }, message: string) => void };

/** What a search uses: the database, this process's caches, and a log for the plans it ran. */
export type SearchDeps = Pick<ServiceDeps, "db" | "runtime"> & { log?: SearchLog };

/** Searches listed consultants (findConsultants): the engine alone, as the saved searches' alerts and the benches use it. */
export async function searchConsultants(
  deps: SearchDeps,
  params: SearchParams,
  searchOptions: SearchOptions = {},
): Promise<SearchResult> {
  return (await findConsultants(deps, params, searchOptions)).result;
}

/**
 * One page of a search, in the order the search answers it, without counting the matches where
 * that costs a read of its own (a listing; result.ts pageOnly): for callers that show no total,
 * such as the suggestions' ladder (opportunities/matching.ts).
 */
export async function searchPage(deps: SearchDeps, params: SearchParams): Promise<PublicConsultant[]> {
  return (await findConsultants(deps, params, { pageOnly: true })).result.consultants;
}

/**
 * Whether a search that found nothing is counted for the admins' list: asked only then. The home
 * page counts people, not crawlers nor its own warm-up (server/http/warm-up.ts, no user agent).
 */
export type ZeroResultCounting = { countZeroResults?: () => boolean };

/**
 * A person's search, from the home page or the API: read from the replica when there is one; one
 * that finds nothing answers what would find something (`relaxations`, relaxations.ts) and is
 * counted for the admins' list of zero-result searches (without who searched).
 */
export async function searchDirectory(
  deps: Pick<ServiceDeps, "db" | "readDb" | "runtime" | "log">,
  params: SearchParams,
  { countZeroResults = () => true }: ZeroResultCounting = {},
): Promise<SearchResult> {
  const reading = { ...deps, db: deps.readDb };
  const found = await findConsultants(reading, params);
  if (found.result.total > 0) return found.result;
  const count = async (relaxed: SearchParams) => (await findConsultants(reading, { ...relaxed, limit: 1 })).result;
  const [relaxations] = await Promise.all([
    relaxationsOf(params, found.keywords?.terms ?? [], count, CONSULTANT_RELAXING),
    countZeroResults()
      ? countZeroResult(deps.db, params).catch((error: unknown) => {
          deps.log.error({ err: error }, "counting a zero-result search failed");
        })
      : undefined,
  ]);
  return { ...found.result, relaxations };
}

/**
 * Searches listed consultants. With keywords: every term must match (a word: accents ignored,
 * stemmed, the last one also as a prefix; a place in any spelling; a concept of the field glossary
 * in any of its forms, ranked slightly below the form typed); when a word matches nothing at all
 * and is no known name, it is corrected to a similar frequent one. Without keywords: featured
 * (quality) order, or the chosen sort. Answers the result and the keywords as analysed.
 */
async function findConsultants(
  deps: SearchDeps,
  params: SearchParams,
  searchOptions: SearchOptions = {},
): Promise<{ result: SearchResult; keywords?: AnalyzedKeywords }> {
  const { db, runtime } = deps;
  const options = { ...searchOptions, statistics: searchOptions.statistics ?? (await runtime.statistics(db)) };
  const allWords = params.keywords ? keywordWords(params.keywords) : [];
  const keywords = params.keywords && allWords.length > 0 ? await analyzeKeywords(deps, params.keywords) : undefined;
  const terms = keywords && (await withConceptReach(deps, params, keywords.terms));
  const words = terms && keywordQuery(params, terms);
  if (!keywords || !words) {
    const listed = await listWithoutKeywords(db, params, options);
    deps.log?.debug({ plans: listed.plans }, "search plans");
    return { result: listed.result };
  }
  const found = await keywordPage(db, params, words, options);
  const corrected = found.matched < LITTLE ? await correctedPage(db, params, keywords, options) : undefined;
  const better = corrected && corrected.page.matched > found.matched ? corrected : undefined;
  const plans = [...found.plans, ...(corrected?.page.plans ?? [])];
  deps.log?.debug({ plans, corrected: better !== undefined }, "search plans");
  const answer = better?.page ?? found;
  const page = result(params, answer.matched, answer.consultants);
  return {
    keywords,
    result: {
      ...page,
      ...(better ? { correctedKeywords: better.keywords } : {}),
      ...(keywords.expandedTerms.length > 0 ? { expandedTerms: keywords.expandedTerms } : {}),
    },
  };
}

/**
 * The page with the words that match nothing corrected to similar ones profiles use
 * (keywords.ts correctedKeywords), and the keywords as corrected; undefined when nothing was
 * corrected. (The words as typed match nothing, so no exact match is put first.)
 */
async function correctedPage(db: Database, params: SearchParams, keywords: AnalyzedKeywords, options: PlanningOptions) {
  const corrected = await correctedKeywords(db, keywords, profilesCorrector(options.statistics.listed));
  if (!corrected) return undefined;
  const query = keywordQuery(params, corrected.terms);
  if (!query) return undefined;
  const page = await keywordPage(db, params, query, options);
  return { page, keywords: corrected.keywords };
}
