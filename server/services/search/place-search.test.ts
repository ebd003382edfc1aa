import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPlace } from "#common/places.ts";
import { createRuntime } from "#server/runtime.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { searchConsultants } from "./index.ts";

/** The process state a search keeps (its caches), as a server process has one. */
const runtime = createRuntime({ insights: null });

// Nobody lost to spelling: every spelling of a place finds the same consultants, whichever
// spelling they typed, through the keywords and through the location filter.

const params = (query: Record<string, string>) => searchParams({ limit: "100", ...query });

/** Ten sample places, each with two consultants who spelled it differently. */
const SAMPLES: { place: string; country: string; typed: [string, string] }[] = [
  { place: "Hanoi", country: "Vietnam", typed: ["Hà Nội", "Hanoi"] },
  { place: "Ho Chi Minh City", country: "Vietnam", typed: ["Saigon", "Hồ Chí Minh City"] },
  { place: "Yangon", country: "Myanmar", typed: ["Yangon", "Rangoon"] },
  { place: "Bangkok", country: "Thailand", typed: ["Bangkok", "Krung Thep"] },
  { place: "Cebu", country: "Philippines", typed: ["Cebu City", "Cebu"] },
  { place: "Phnom Penh", country: "Cambodia", typed: ["Phnom Penh", "Phnum Penh"] },
  { place: "Vientiane", country: "Laos", typed: ["Viangchan", "Vientiane"] },
  { place: "George Town", country: "Malaysia", typed: ["Penang", "George Town"] },
  { place: "Yogyakarta", country: "Indonesia", typed: ["Jogja", "Yogyakarta"] },
  { place: "Bandar Seri Begawan", country: "Brunei", typed: ["BSB", "Bandar Seri Begawan"] },
];

describe("places in any spelling", () => {
  const holder = {} as { db: TestDatabase };
  const expected = new Map<string, string[]>();

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    for (const [index, sample] of SAMPLES.entries()) {
      const names = sample.typed.map((_, typedIndex) => `Person ${index}-${typedIndex}`);
      for (const [typedIndex, typed] of sample.typed.entries()) {
        await insertListedConsultant(holder.db.db, {
          name: names[typedIndex],
          city: typed,
          location: `${typed}, ${sample.country}`,
          country: sample.country,
          bio: "Advises ministries and development partners on programme design.",
        });
      }
      expected.set(sample.place, names);
    }
    // Someone elsewhere in the same country, who no place search above may find.
    await insertListedConsultant(holder.db.db, {
      name: "Elsewhere",
      city: "Huế",
      location: "Huế, Vietnam",
      country: "Vietnam",
    });
  });
  afterAll(async () => {
    await holder.db?.close();
  });

  async function names(query: Record<string, string>) {
    const result = await searchConsultants({ db: holder.db.db, runtime }, params(query));
    return result.consultants.map((consultant) => consultant.name).sort();
  }

  it("finds the same consultants through every spelling, in the keywords and in the location filter", async () => {
    for (const sample of SAMPLES) {
      const place = findPlace(sample.place);
      expect(place?.name).toBe(sample.place);
      for (const spelling of place?.spellings ?? []) {
        expect(await names({ keywords: spelling }), `keywords ${spelling}`).toEqual(expected.get(sample.place));
        expect(await names({ location: spelling }), `location ${spelling}`).toEqual(expected.get(sample.place));
      }
    }
  });

  it("combines a place with other words and filters, and keeps the words of a place together", async () => {
    expect(await names({ keywords: "programme Saigon" })).toEqual(expected.get("Ho Chi Minh City"));
    expect(await names({ keywords: "TP.HCM design", location: "Vietnam" })).toEqual(expected.get("Ho Chi Minh City"));
    expect(await names({ keywords: "Rangoon", location: "Vietnam" })).toEqual([]);
    expect(await names({ keywords: "Hanoi", location: "Saigon" })).toEqual([]);
  });

  it("reads a country in any of its spellings", async () => {
    expect(await names({ location: "Burma" })).toEqual(expected.get("Yangon"));
    expect(await names({ keywords: "Burma" })).toEqual(expected.get("Yangon"));
    expect(await names({ location: "Viet Nam" })).toEqual(
      [...(expected.get("Hanoi") ?? []), ...(expected.get("Ho Chi Minh City") ?? []), "Elsewhere"].sort(),
    );
  });
});
