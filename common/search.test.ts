import { describe, expect, it } from "vitest";
import { activeFilters, isSearching, type SearchParams, searchQueryString } from "./search.ts";

const base: SearchParams = { languages: [], page: 1, limit: 12, sort: "relevance" };

describe("search URLs", () => {
  it("leave defaults out, so equal searches share one URL", () => {
    expect(searchQueryString(base)).toBe("");
    expect(
      searchQueryString({ ...base, keywords: "water", location: "Laos", languages: ["Lao", "Thai"], page: 3, sort: "recent" }),
    ).toBe("?keywords=water&location=Laos&languages=Lao%2CThai&sort=recent&page=3");
  });

  it("read 'Search Results' only for keywords, location or expertise", () => {
    expect(isSearching(base)).toBe(false);
    expect(isSearching({ ...base, experience: "4-7", availability: "available" })).toBe(false);
    expect(isSearching({ ...base, expertise: "Finance" })).toBe(true);
  });

  it("make one chip per filter, each removing only itself and going back to page 1", () => {
    const params: SearchParams = {
      ...base,
      keywords: "water",
      location: "Laos",
      experience: "15+",
      languages: ["Lao", "Thai"],
      availability: "available",
      page: 4,
    };
    const chips = activeFilters(params);
    expect(chips.map((chip) => chip.label)).toEqual(["“water”", "Laos", "15+ years", "Lao", "Thai", "Available for work"]);
    const lao = chips.find((chip) => chip.label === "Lao");
    expect(lao?.params).toEqual({ ...params, languages: ["Thai"], page: 1 });
    expect(chips[0]?.params.keywords).toBeUndefined();
  });
});
