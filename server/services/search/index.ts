import { findPlaceMentions } from "#common/places.ts";
import { SEARCH_RESULT_CAP, type SearchParams } from "#common/search.ts";
import type { ServiceDeps } from "../context.ts";
import { keywordPage } from "./keyword-page.ts";
import { listWithoutKeywords } from "./listing.ts";
import { placeTerms } from "./places.ts";
import { filterConditions } from "./query.ts";
import { result, type SearchOptions, type SearchResult } from "./result.ts";
import { analyzeWords, correctWords, keywordWords, LITTLE, toTsquery } from "./words.ts";

// The search engine (docs/decisions/006-search-engine.md). This file puts a keyword search
// together and keyword-page.ts reads a page of it; listing.ts answers a search without keywords,
// words.ts analyses the keywords, query.ts composes the SQL, counting.ts counts matches up to the
// cap, planner.ts decides how candidates are read, places.ts matches places in any spelling,
// result.ts shapes the answer.
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

export type { PoolStrategy, SearchOptions, SearchResult } from "./result.ts";

export { keywordWords };

/**
 * Searches listed consultants. With keywords: every word must match (accents ignored, stemmed,
 * the last word also as a prefix); when that finds little, rare or unknown words are corrected
 * to similar frequent ones. Without keywords: featured (quality) order, or the chosen sort.
 */
export async function searchConsultants(
  deps: Pick<ServiceDeps, "db" | "runtime">,
  params: SearchParams,
  searchOptions: SearchOptions = {},
): Promise<SearchResult> {
  const { db, runtime } = deps;
  const options = { ...searchOptions, statistics: searchOptions.statistics ?? (await runtime.statistics(db)) };
  const allWords = params.keywords ? keywordWords(params.keywords) : [];
  if (allWords.length === 0) return listWithoutKeywords(db, params, options);
  // A place in any spelling ("Saigon", "TP.HCM") matches every spelling of it; the other words
  // are analysed as words (the last one completed, unless it ends a place's name).
  const mentions = findPlaceMentions(allWords);
  const inPlace = (index: number) => mentions.some((place) => index >= place.start && index < place.end);
  const words = allWords.filter((_, index) => !inPlace(index));
  const [places, analyzed] = await Promise.all([
    placeTerms(db, mentions),
    analyzeWords(runtime.words, db, words, !inPlace(allWords.length - 1)),
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
  const alone = filterConditions(params).length === 1 && places.length === 0;
  const isOverCap = (reach: number[]) => alone && reach.length === 1 && (reach[0] ?? 0) > SEARCH_RESULT_CAP;
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
