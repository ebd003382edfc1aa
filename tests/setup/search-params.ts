import type { SearchParams } from "#common/search.ts";
import { parseSearchParams } from "#common/search-params.ts";

/** A search's parameters as the API parses them from a query string; a test's typo fails loudly. */
export function searchParams(query: Record<string, string | number>): SearchParams {
  const parsed = parseSearchParams(new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])));
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

/**
 * One of a search's relaxations as the answer gives it, its count under the cap: what it drops (a
 * filter or words), how many it would find, and the query of that search.
 */
export function relaxation(drop: { filter: string; value: string } | { words: string[] }, count: number, query: string) {
  return { drop, count, countIsCapped: false, query };
}
