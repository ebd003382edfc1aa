import { describe, expect, it } from "vitest";
import { expectAnswers } from "../tests/setup/examples.ts";
import { parseSearchParams, parseSearchParamsLeniently } from "./search-params.ts";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));
const messageOf = (query: string) => {
  const result = parse(query);
  if (result.success) throw new Error(`expected ${query} to be rejected`);
  return result.error.issues[0]?.message;
};

describe("search parameters", () => {
  it("defaults to page 1, 12 per page, relevance, no filters", () => {
    expect(parse("").data).toEqual({ languages: [], page: 1, limit: 12, sort: "relevance" });
  });

  it("trims, treats empty and 'all' as no filter, and canonicalizes known values", () => {
    const { data } = parse(
      "keywords=%20health%20&location=vietnam&expertise=HEALTHCARE&experience=8-15%20years&languages=thai,%20Lao,,thai&availability=Available&sort=Experience",
    );
    expect(data).toEqual({
      keywords: "health",
      location: "Vietnam",
      expertise: "Healthcare",
      experience: "8-15",
      languages: ["Thai", "Lao"],
      availability: "available",
      page: 1,
      limit: 12,
      sort: "experience",
    });
    expect(parse("location=all&expertise=&availability=all&experience=All").data).toMatchObject({
      location: undefined,
      expertise: undefined,
      availability: undefined,
      experience: undefined,
    });
  });

  it("keeps a city as location and reads repeated languages (the form's checkboxes)", () => {
    expect(parse("location=Hà Nội&languages=Thai&languages=Khmer").data).toMatchObject({
      location: "Hà Nội",
      languages: ["Thai", "Khmer"],
    });
  });

  it("rejects nonsense with a message naming the parameter", () => {
    expectAnswers(messageOf, [
      ["page=0", "Page must be a whole number of at least 1"],
      ["page=two", "Page must be a whole number of at least 1"],
      ["page=1.5", "Page must be a whole number of at least 1"],
      ["limit=101", "Limit must be a whole number from 1 to 100"],
      ["sort=price", "Sort must be one of relevance, experience, location, recent"],
      ["experience=2-5", "Experience must be one of 1-3, 4-7, 8-15, 15+"],
      ["availability=sometimes", "Availability must be available or unavailable"],
      [`keywords=${"a".repeat(201)}`, "Keywords must be at most 200 characters"],
      [`languages=${Array.from({ length: 11 }, (_, i) => `L${i}`).join(",")}`, "Choose at most 10 languages"],
    ]);
  });

  it("leniently drops only the bad values (pages: a mangled shared link still works)", () => {
    expect(parseSearchParamsLeniently(new URLSearchParams("keywords=water&page=-3&sort=nope&limit=5"))).toEqual({
      keywords: "water",
      languages: [],
      page: 1,
      limit: 5,
      sort: "relevance",
    });
  });
});
