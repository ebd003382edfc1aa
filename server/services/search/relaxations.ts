import { sql } from "drizzle-orm";
import { type SearchParams, searchQueryString } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import type { KeywordTerm } from "./keywords.ts";
import type { RelaxableFilter, Relaxation } from "./result.ts";

// Never a dead end (issue 33): a search that finds nothing answers what would find something.
// When every term must match and nothing matches all of them, the keywords without one term (or,
// when none of those finds anything either, each term alone); when filters empty the result, the
// search without each filter. Each with how many it finds and the search itself as a query string.

/** The parameters of a search that can be relaxed: keywords, a page, and filters. */
type Relaxable = { keywords?: string | undefined; page: number };

/** A search with one thing left out, before it is counted. */
export type Candidate<P extends Relaxable = SearchParams, F extends string = RelaxableFilter> = {
  drop: Relaxation<F>["drop"];
  params: P;
};

/** How a relaxed search is counted: the total of its first page. */
export type CountSearch<P = SearchParams> = (params: P) => Promise<{ total: number; totalIsCapped: boolean }>;

/**
 * A search's own relaxations: the search without each of its filters, and a search as the query
 * string of its link. The consultants' (filterCandidates, searchQueryString) or the opportunities'.
 */
export type Relaxing<P extends Relaxable, F extends string> = {
  filters: (params: P) => Candidate<P, F>[];
  queryString: (params: P) => string;
};

/** A term of the keywords that narrows the search (a stop word matches everything). */
function narrows(term: KeywordTerm) {
  if (term.kind === "word") return term.analysis.lexemes.length > 0;
  return true;
}

/** The keywords made of some of the terms, as typed ("M&E" stays "M&E"). */
function keywordsOf(terms: KeywordTerm[]) {
  return terms.map((term) => term.typed).join(" ");
}

/** The keywords without one term each; or each term alone (`alone`). */
function wordCandidates<P extends Relaxable>(params: P, terms: KeywordTerm[], alone: boolean): Candidate<P, never>[] {
  return terms.map((term, index) => {
    const kept = alone ? [term] : terms.filter((_, other) => other !== index);
    const dropped = alone ? terms.filter((_, other) => other !== index) : [term];
    return {
      drop: { words: dropped.map((each) => each.typed) },
      params: { ...params, keywords: keywordsOf(kept), page: 1 },
    };
  });
}

/**
 * The terms with each concept typed as several words ("water sanitation hygiene", "bình đẳng
 * giới") read as those words: when nothing finds the concept, its words may each still find
 * something ("water sanitation" without "hygiene"). An acronym ("M&E") stays one term.
 */
function spelledOut(terms: KeywordTerm[]): KeywordTerm[] {
  return terms.flatMap((term): KeywordTerm[] =>
    term.kind === "concept" && /\s/u.test(term.typed)
      ? term.analyses.map((analysis, offset) => ({
          kind: "word",
          start: term.start + offset,
          end: term.start + offset + 1,
          typed: analysis.word,
          analysis,
        }))
      : [term],
  );
}

/** The search without each of its filters (a list filter without each of its values). */
export function filterCandidates(params: SearchParams): Candidate[] {
  const single = (["location", "expertise", "experience", "availability", "workedIn"] as const).flatMap((filter): Candidate[] => {
    const value = params[filter];
    return value ? [{ drop: { filter, value }, params: { ...params, [filter]: undefined, page: 1 } }] : [];
  });
  const lists = (["languages", "donor"] as const).flatMap((filter): Candidate[] =>
    (params[filter] ?? []).map((value) => ({
      drop: { filter: filter satisfies RelaxableFilter, value },
      params: { ...params, [filter]: (params[filter] ?? []).filter((other) => other !== value), page: 1 },
    })),
  );
  return [...single, ...lists];
}

/** The candidates counted, those that find something, most first. */
async function counted<P extends Relaxable, F extends string>(
  candidates: Candidate<P, F>[],
  count: CountSearch<P>,
  queryString: (params: P) => string,
): Promise<Relaxation<F>[]> {
  const totals = await Promise.all(candidates.map((candidate) => count(candidate.params)));
  return candidates
    .map((candidate, index) => ({ candidate, total: totals[index] ?? { total: 0, totalIsCapped: false } }))
    .filter(({ total }) => total.total > 0)
    .sort((a, b) => b.total.total - a.total.total)
    .map(({ candidate, total }) => ({
      drop: candidate.drop,
      count: total.total,
      countIsCapped: total.totalIsCapped,
      query: queryString(candidate.params),
    }));
}

/** The consultants' relaxations: their filters, their query strings (the home page's). */
export const CONSULTANT_RELAXING: Relaxing<SearchParams, RelaxableFilter> = {
  filters: filterCandidates,
  queryString: searchQueryString,
};

/**
 * The keywords' relaxations: without one term; when none of those finds anything and there are
 * three terms or more, each term alone.
 */
async function termRelaxations<P extends Relaxable, F extends string>(
  params: P,
  narrowing: KeywordTerm[],
  count: CountSearch<P>,
  queryString: (params: P) => string,
): Promise<Relaxation<F>[]> {
  const without = narrowing.length >= 2 ? await counted<P, F>(wordCandidates(params, narrowing, false), count, queryString) : [];
  if (without.length > 0 || narrowing.length < 3) return without;
  return counted<P, F>(wordCandidates(params, narrowing, true), count, queryString);
}

/**
 * What would find something when a search found nothing: the keywords' relaxations (without one
 * term; when none of those finds anything and there are three terms or more, each term alone;
 * when still none does, the same with a concept typed as several words read as those words:
 * "water sanitation hygiene" finds nothing where no one writes of WASH, "water sanitation" may)
 * and the filters' (without each, as `relaxing` lists them: the consultants' or the
 * opportunities'), each counted; none that finds nothing.
 */
export async function relaxationsOf<P extends Relaxable, F extends string>(
  params: P,
  terms: KeywordTerm[],
  count: CountSearch<P>,
  relaxing: Relaxing<P, F>,
): Promise<Relaxation<F>[]> {
  const narrowing = terms.filter(narrows);
  const { queryString } = relaxing;
  const [byTerm, filters] = await Promise.all([
    termRelaxations<P, F>(params, narrowing, count, queryString),
    counted(relaxing.filters(params), count, queryString),
  ]);
  const words = spelledOut(narrowing).filter(narrows);
  const byWord =
    byTerm.length === 0 && words.length > narrowing.length ? await termRelaxations<P, F>(params, words, count, queryString) : [];
  return [...byTerm, ...byWord, ...filters];
}

/**
 * A word of the keywords as the zero-result list counts it: in lower case ("Blorp" is "blorp"),
 * unless written with capitals past its first letter ("WASH", "ToT", "M&E"), which the glossary
 * reads as an acronym and not as the ordinary word: lower-cased, the list's link and its "Add as
 * a synonym" would be another search.
 */
function zeroResultWord(word: string) {
  return /\p{Lu}/u.test(word.slice(1)) ? word : word.toLowerCase();
}

/** The search as the zero-result list counts it: its keywords (zeroResultWord) and its filters, no page or order. */
export function zeroResultQuery(params: SearchParams): string {
  const keywords = params.keywords?.normalize("NFC").trim().split(/\s+/).map(zeroResultWord).join(" ");
  return searchQueryString({ ...params, keywords, page: 1, sort: "relevance", limit: undefined }).slice(1, 501);
}

/** One more search that found nothing today (who searched is not stored). */
export async function countZeroResult(db: Executor, params: SearchParams) {
  const query = zeroResultQuery(params);
  if (!query) return;
  await db.execute(sql`
    insert into search_zero_results (day, query, searches) values (current_date, ${query}, 1)
    on conflict (day, query) do update set searches = search_zero_results.searches + 1`);
}
