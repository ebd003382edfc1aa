import { describe, expect, it } from "vitest";
import { opportunitySearchSchema } from "./opportunities.ts";
import { parseLeniently } from "./search-params.ts";

// The /opportunities page reads a shared link leniently: a value the search refuses is dropped,
// the rest of the search kept (the API answers 400 for the same values).

describe("the opportunities page's search", () => {
  it("drops what it cannot read and keeps the rest", () => {
    const raw = { keywords: "evaluation", country: "Atlantis", sort: "oldest", page: "two", remote: "true" };
    expect(opportunitySearchSchema.safeParse(raw).success).toBe(false);
    expect(parseLeniently(opportunitySearchSchema, raw)).toEqual({
      keywords: "evaluation",
      remote: true,
      sort: "newest",
      page: 1,
    });
    expect(raw.country).toBe("Atlantis");
  });
});
