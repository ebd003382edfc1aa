import { describe, expect, it } from "vitest";
import { currentZoneName, defaultTimeZone, opportunitySearchSchema } from "./opportunities.ts";
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

// Tried as an NGO team (session 12): a Vietnamese organization's deadline read "end of day
// (Asia/Saigon)", ICU's old name; a Malaysian one's "(UTC)", 08:00 the next day in Kuala Lumpur.
describe("an organization's deadline zone", () => {
  it("is its country's zone under its current name, the capital's where the country has several", () => {
    expect(["VN", "MM", "TH", "MY", "ID", "PH"].map(defaultTimeZone)).toEqual([
      "Asia/Ho_Chi_Minh",
      "Asia/Yangon",
      "Asia/Bangkok",
      "Asia/Kuala_Lumpur",
      "Asia/Jakarta",
      "Asia/Manila",
    ]);
    // Opportunities stored before keep their old name; the pages show the current one.
    expect([currentZoneName("Asia/Saigon"), currentZoneName("Asia/Rangoon"), currentZoneName("Asia/Bangkok")]).toEqual([
      "Asia/Ho_Chi_Minh",
      "Asia/Yangon",
      "Asia/Bangkok",
    ]);
  });
});
