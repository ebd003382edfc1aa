import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime } from "#server/runtime.ts";
import { insertPlainConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { relaxation, searchParams } from "../../../tests/setup/search-params.ts";
import { viewHomePage } from "../pages/home-page.ts";
import { searchConsultants, searchDirectory } from "./index.ts";

// Never a dead end (issue 33): a person's search that finds nothing answers what would find
// something, each relaxation counted as its own search counts it, and is counted (without who
// searched) for the admins' list of zero-result searches.

const runtime = createRuntime({ insights: null });
const log = { debug: () => {}, info: () => {}, warn: () => {}, error: (entry: object) => console.error(entry) };

describe("relaxations of a search that finds nothing", () => {
  const holder = {} as { db: TestDatabase };
  const deps = () => ({ db: holder.db.db, readDb: holder.db.db, runtime, log });
  const direct = (query: string) =>
    searchConsultants({ db: holder.db.db, runtime }, searchParams(Object.fromEntries(new URLSearchParams(query))));

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const profiles = [
      { name: "Mangrove Restorer", bio: "Mangrove restoration along the delta.", country: "Vietnam", availableForWork: false },
      { name: "Mangrove Surveyor", bio: "Mangrove surveys for fisheries.", country: "Cambodia", availableForWork: false },
      { name: "Hydrology Modeller", bio: "Hydrology models of river basins.", country: "Vietnam", availableForWork: true },
      { name: "Cadastre Mapper", bio: "Cadastre mapping for land titles.", country: "Laos", availableForWork: true },
    ];
    for (const profile of profiles) await insertPlainConsultant(holder.db.db, { ...profile, location: profile.country });
  });
  afterAll(async () => {
    await holder.db?.close();
  });

  it("offers the keywords without each word, with the counts their own searches give", async () => {
    const found = await searchDirectory(deps(), searchParams({ keywords: "mangrove hydrology" }));
    expect(found.total).toBe(0);
    expect(found.relaxations).toEqual([
      relaxation({ words: ["hydrology"] }, 2, "?keywords=mangrove"),
      relaxation({ words: ["mangrove"] }, 1, "?keywords=hydrology"),
    ]);
    for (const relaxation of found.relaxations ?? []) {
      expect((await direct(relaxation.query.slice(1))).total).toBe(relaxation.count);
    }
  });

  it("offers each word alone when no pair of them finds anything", async () => {
    const found = await searchDirectory(deps(), searchParams({ keywords: "mangrove hydrology cadastre" }));
    expect(found.total).toBe(0);
    expect(found.relaxations?.map((relaxation) => [relaxation.query, relaxation.count, relaxation.drop])).toEqual([
      ["?keywords=mangrove", 2, { words: ["hydrology", "cadastre"] }],
      ["?keywords=hydrology", 1, { words: ["mangrove", "cadastre"] }],
      ["?keywords=cadastre", 1, { words: ["mangrove", "hydrology"] }],
    ]);
  });

  it("says which filter to remove and how many each removal gives, keywords kept", async () => {
    const found = await searchDirectory(
      deps(),
      searchParams({ keywords: "mangrove", availability: "available", location: "Vietnam" }),
    );
    expect(found.total).toBe(0);
    expect(found.relaxations).toEqual([
      relaxation({ filter: "availability", value: "available" }, 1, "?keywords=mangrove&location=Vietnam"),
    ]);
    // Both filters left out one at a time: the location alone still finds nothing, so it is not offered.
    expect((await direct("keywords=mangrove&availability=available")).total).toBe(0);
    expect((await direct("keywords=mangrove&location=Vietnam")).total).toBe(1);
  });

  it("offers the search without a location no one is in, an empty list when nothing would find anything, none when something was found", async () => {
    const nothing = await searchDirectory(deps(), searchParams({ keywords: "mangrove", location: "Brunei" }));
    expect(nothing.relaxations).toEqual([relaxation({ filter: "location", value: "Brunei" }, 2, "?keywords=mangrove")]);
    const none = await searchDirectory(deps(), searchParams({ keywords: "qqzzxv" }));
    expect(none).toMatchObject({ total: 0, relaxations: [] });
    const some = await searchDirectory(deps(), searchParams({ keywords: "mangrove" }));
    expect(some.total).toBe(2);
    expect(some.relaxations).toBeUndefined();
  });

  it("reads a concept typed as several words as those words when no one writes of the concept ('water sanitation hygiene')", async () => {
    await insertPlainConsultant(holder.db.db, { name: "Piped Schemes", bio: "Piped water schemes and sanitation for towns." });
    await insertPlainConsultant(holder.db.db, { name: "Water Modeller", bio: "Water resources models." });
    // One concept (WASH) that no profile names: without the words, a bare zero.
    const found = await searchDirectory(deps(), searchParams({ keywords: "water sanitation hygiene" }));
    expect(found.total).toBe(0);
    expect(found.expandedTerms?.map((expanded) => expanded.concept)).toEqual(["wash"]);
    expect(found.relaxations).toEqual([relaxation({ words: ["hygiene"] }, 1, "?keywords=water+sanitation")]);
    const withMore = await searchDirectory(deps(), searchParams({ keywords: "water, sanitation and hygiene schools" }));
    expect(withMore.relaxations?.map((relaxation) => [relaxation.query, relaxation.count, relaxation.drop])).toEqual([
      ["?keywords=water", 2, { words: ["sanitation", "hygiene", "schools"] }],
      ["?keywords=sanitation", 1, { words: ["water", "hygiene", "schools"] }],
    ]);
    for (const relaxation of [...(found.relaxations ?? []), ...(withMore.relaxations ?? [])]) {
      expect((await direct(relaxation.query.slice(1))).total).toBe(relaxation.count);
    }
    // An acronym stays one term: nothing to offer without it.
    expect((await searchDirectory(deps(), searchParams({ keywords: "WASH" }))).relaxations).toEqual([]);
  });

  it("counts the searches that found nothing per day and per search, storing nothing of who searched", async () => {
    await holder.db.sql`delete from search_zero_results`;
    await searchDirectory(deps(), searchParams({ keywords: "Mangrove  Hydrology" }));
    await searchDirectory(deps(), searchParams({ keywords: "mangrove hydrology", page: 2, sort: "experience" }));
    await searchDirectory(deps(), searchParams({ keywords: "mangrove" }));
    const rows = await holder.db.sql`select * from search_zero_results`;
    expect(rows).toEqual([{ day: expect.anything(), query: "keywords=mangrove+hydrology", searches: 2 }]);
    // An acronym keeps its capitals: "WASH" is the concept, "wash" the word (another search).
    await holder.db.sql`delete from search_zero_results`;
    await searchDirectory(deps(), searchParams({ keywords: "WASH Hydrology" }));
    await searchDirectory(deps(), searchParams({ keywords: "ToT  mangrove" }));
    const acronyms = await holder.db.sql`select query from search_zero_results order by query`;
    expect(acronyms.map((row) => row.query)).toEqual(["keywords=ToT+mangrove", "keywords=WASH+hydrology"]);
  });

  it("counts the home page's searches by people, not a crawler's nor the warm-up's (no user agent)", async () => {
    await holder.db.sql`delete from search_zero_results`;
    const params = searchParams({ keywords: "mangrove cadastre" });
    const browser = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
    for (const userAgent of [undefined, null, "", "Googlebot/2.1 (+http://www.google.com/bot.html)", browser])
      expect((await viewHomePage(deps(), params, { userAgent })).results?.total).toBe(0);
    const rows = await holder.db.sql`select * from search_zero_results`;
    expect(rows).toEqual([{ day: expect.anything(), query: "keywords=mangrove+cadastre", searches: 1 }]);
  });
});
