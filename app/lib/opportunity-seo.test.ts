import { describe, expect, it } from "vitest";
import { COUNTRIES } from "#common/constants.ts";
import type { OpportunityView } from "#common/opportunities.ts";
import { opportunityJsonLd } from "./opportunity-seo.ts";

// The JobPosting's places: each of the ten countries by its ISO code (what Google for Jobs reads),
// and a remote assignment open to the ten when it names none.

const base = {
  id: 7,
  title: "Evaluation specialist",
  descriptionHtml: "<p>ToR</p>",
  publishedAt: "2026-11-01T00:00:00.000Z",
  createdAt: "2026-10-30T00:00:00.000Z",
  deadline: "2026-12-01T00:00:00.000Z",
  organization: { id: 1, name: "Mekong Water Alliance", slug: "mekong", verified: true },
  budget: null,
  minYearsExperience: 0,
} as unknown as OpportunityView;

describe("opportunityJsonLd", () => {
  it("names each of the ten countries by its ISO code", () => {
    const jsonLd = opportunityJsonLd({ ...base, countries: [...COUNTRIES], remote: false }, { url: "https://x.test/o" });
    expect(jsonLd.jobLocation?.map((place) => place.address.addressCountry)).toEqual([
      "ID",
      "TH",
      "VN",
      "PH",
      "MY",
      "SG",
      "MM",
      "KH",
      "LA",
      "BN",
    ]);
  });

  it("opens a remote assignment that names no country to the ten", () => {
    const jsonLd = opportunityJsonLd({ ...base, countries: [], remote: true }, { url: "https://x.test/o" });
    expect(jsonLd).toMatchObject({ jobLocationType: "TELECOMMUTE" });
    expect(jsonLd.applicantLocationRequirements?.map((country) => country.name)).toEqual([...COUNTRIES]);
    expect(jsonLd.jobLocation).toBeUndefined();
  });
});
