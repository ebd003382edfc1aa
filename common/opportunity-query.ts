import type { OpportunitySearch } from "./opportunities.ts";
import type { SearchRelaxation } from "./search.ts";

// The opportunities' search as a URL, and what a search that found nothing answers (issue 33):
// for the list page's links in the browser, without the schemas (zod) of opportunities.ts.

/** The filters of the opportunities' search a relaxation may leave out (issue 33: never a dead end). */
export const OPPORTUNITY_FILTERS = ["specialization", "country", "donor", "language", "remote", "deadlineSoon"] as const;
export type OpportunityFilter = (typeof OPPORTUNITY_FILTERS)[number];

/** A search that would find opportunities when one found none, as the consultants' `relaxations` (common/search.ts). */
export type OpportunityRelaxation = SearchRelaxation<OpportunityFilter>;

/** The query string of an opportunities' search ("" or "?…"): defaults and the first page left out, as /opportunities reads it. */
export function opportunityQueryString(params: Partial<OpportunitySearch>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === "page" || value === undefined || value === false) continue;
    if (key === "sort" && value === "newest") continue;
    query.set(key, String(value));
  }
  if (params.page && params.page > 1) query.set("page", String(params.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}
