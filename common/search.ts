import { EXPERIENCE_LEVELS, PAGE_SIZE, type SORT_OPTIONS } from "./constants.ts";

// A search, as the URL carries it: the parameters of spec section 3 plus sort. The URL is the
// state, so a search is a shareable link. This module is free of zod so the browser bundle
// stays small; the validating schema is in search-params.ts.

/** Totals are exact up to this many matches; above it the response says "1,000+" and paging stops there. */
export const SEARCH_RESULT_CAP = 1000;
export const MAX_KEYWORDS_LENGTH = 200;
export const MAX_LANGUAGES = 10;
export const MAX_DONORS = 5;
/** Saved searches (issue 13): how many per person, their name and query lengths, searches per alert. */
export const SAVED_SEARCH_LIMITS = { perUser: 20, name: 120, query: 2000, perDigest: 10 } as const;

export type SortValue = (typeof SORT_OPTIONS)[number]["value"];
export type ExperienceValue = (typeof EXPERIENCE_LEVELS)[number]["value"];
export type AvailabilityValue = "available" | "unavailable";

export type SearchParams = {
  keywords?: string;
  /** A country (canonical name) or a city. */
  location?: string;
  /** Matches the primary or a secondary specialization. */
  expertise?: string;
  experience?: ExperienceValue;
  /** All must match. */
  languages: string[];
  availability?: AvailabilityValue;
  /** Funding donors of the consultant's assignments (issue 12); all must match. */
  donor?: string[];
  /** A country where one of the consultant's assignments took place (not where they live). */
  workedIn?: string;
  page: number;
  limit: number;
  sort: SortValue;
  /**
   * Profiles this viewer must not see (issue 31: hidden from an organization they belong to).
   * Never read from a URL; absent for a visitor, so a signed-out search is unchanged.
   */
  hidden?: readonly number[];
};

/** The filters a relaxation may leave out (a list filter one value at a time). */
export type RelaxableFilter = "location" | "expertise" | "experience" | "availability" | "workedIn" | "languages" | "donor";

/**
 * When a search found nothing (issue 33): something that would find some. `drop` is what is left
 * out (words of the keywords as typed, or one filter's value), `query` that search as a query string.
 */
export type SearchRelaxation<F extends string = RelaxableFilter> = {
  drop: { words: string[] } | { filter: F; value: string };
  count: number;
  countIsCapped: boolean;
  query: string;
};

/** The canonical query string of a search: defaults left out, so equal searches have equal URLs. */
export function searchQueryString(params: Partial<SearchParams>): string {
  const query = new URLSearchParams();
  if (params.keywords) query.set("keywords", params.keywords);
  if (params.location) query.set("location", params.location);
  if (params.expertise) query.set("expertise", params.expertise);
  if (params.experience) query.set("experience", params.experience);
  if (params.languages && params.languages.length > 0) query.set("languages", params.languages.join(","));
  if (params.availability) query.set("availability", params.availability);
  if (params.donor && params.donor.length > 0) query.set("donor", params.donor.join(","));
  if (params.workedIn) query.set("workedIn", params.workedIn);
  if (params.sort && params.sort !== "relevance") query.set("sort", params.sort);
  if (params.limit && params.limit !== PAGE_SIZE) query.set("limit", String(params.limit));
  if (params.page && params.page > 1) query.set("page", String(params.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The heading reads 'Search Results' when keywords, location or expertise is set (spec, Home). */
export function isSearching(params: Partial<SearchParams>) {
  return Boolean(params.keywords || params.location || params.expertise);
}

export type ActiveFilter = { key: string; label: string; params: SearchParams };

/** One removable chip per active filter; removing one resets paging (spec section 4). */
export function activeFilters(params: SearchParams): ActiveFilter[] {
  const base = { ...params, page: 1 };
  const chips: ActiveFilter[] = [];
  if (params.keywords) chips.push({ key: "keywords", label: `“${params.keywords}”`, params: { ...base, keywords: undefined } });
  if (params.location) chips.push({ key: "location", label: params.location, params: { ...base, location: undefined } });
  if (params.expertise) chips.push({ key: "expertise", label: params.expertise, params: { ...base, expertise: undefined } });
  if (params.experience) {
    const level = EXPERIENCE_LEVELS.find((item) => item.value === params.experience);
    chips.push({ key: "experience", label: level?.label ?? params.experience, params: { ...base, experience: undefined } });
  }
  for (const language of params.languages) {
    chips.push({
      key: `language-${language}`,
      label: language,
      params: { ...base, languages: params.languages.filter((item) => item !== language) },
    });
  }
  if (params.availability) {
    chips.push({
      key: "availability",
      label: params.availability === "available" ? "Available for work" : "Not available",
      params: { ...base, availability: undefined },
    });
  }
  for (const donor of params.donor ?? []) {
    chips.push({
      key: `donor-${donor}`,
      label: `Funded by ${donor}`,
      params: { ...base, donor: params.donor?.filter((item) => item !== donor) },
    });
  }
  if (params.workedIn) {
    chips.push({ key: "workedIn", label: `Worked in ${params.workedIn}`, params: { ...base, workedIn: undefined } });
  }
  return chips;
}
