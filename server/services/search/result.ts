import { SEARCH_RESULT_CAP, type SearchParams, type SearchRelaxation, type SortValue } from "#common/search.ts";
import type { PublicConsultant } from "#common/views.ts";
import type { PoolStrategy, Refinement } from "./keyword-plan.ts";
import type { Statistics } from "./planner.ts";

// What a search answers, and how its candidates may be forced to be read (tests, benchmarks).

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
  /** Set when a word matched nothing: the results are those of its corrected spelling (words.ts correctWords). */
  correctedKeywords?: string;
  /** The terms of the field glossary the keywords named, and the forms they also matched (issue 33). */
  expandedTerms?: ExpandedTerm[];
  /** A person's search that found nothing: what would find something (relaxations.ts). */
  relaxations?: SearchRelaxation[];
};

export type { RelaxableFilter, SearchRelaxation as Relaxation } from "#common/search.ts";

/** A term of the keywords that is a concept of the field glossary: what was typed, the concept, its forms searched. */
export type ExpandedTerm = { typed: string; concept: string; forms: string[] };

/** How a search is planned: from the statistics, unless forced (tests, benchmarks). */
export type SearchOptions = {
  /** Forced (tests, benchmarks): how the candidate pools are read (see keyword-plan.ts). */
  strategy?: PoolStrategy;
  /** bench:plans: planned as if these branches of the planner did not exist. */
  without?: ReadonlySet<Refinement>;
  /** The planner's statistics to plan a search with (tests: a directory larger than theirs). */
  statistics?: Statistics;
  /**
   * The page alone (searchPage: the suggestions' ladder): a listing does not count its matches, so
   * the answer's total is only a lower bound. The page is the same either way.
   */
  pageOnly?: boolean;
};
/** The options a search is planned with: the statistics given, or else the runtime's. */
export type PlanningOptions = SearchOptions & { statistics: Statistics };

export function result(params: SearchParams, matched: number, consultants: PublicConsultant[]): SearchResult {
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
