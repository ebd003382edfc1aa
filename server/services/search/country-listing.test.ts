import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "#server/db/client.ts";
import { generateConsultants } from "#server/db/seed/generate.ts";
import { copyConsultants } from "#server/db/seed/seed.ts";
import { createRuntime } from "#server/runtime.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { type SearchOptions, searchConsultants, searchPage } from "./index.ts";
import { type Statistics, searchStatistics } from "./planner.ts";

/** The process state a search keeps (its caches), as a server process has one. */
const runtime = createRuntime({ insights: null });

// A listing of one country with another filter, past the cap: its page is walked in that
// country's own featured order. Thai profiles that also speak Vietnamese lead the featured order;
// a walk of everyone's order would find none of the page in its stretch and read every match.

describe("a country's listing past the cap", () => {
  const holder = {} as { db: TestDatabase };

  // Thousands of generated profiles copied and analysed: about a minute on a busy machine.
  beforeAll(async () => {
    holder.db = await createTestDatabase();
    // 2 200 Thai profiles, all stronger than the 1 100 Vietnamese ones: walking everyone's featured
    // order, the least stretch (2 000 profiles) holds no Vietnamese profile at all.
    const generated = [...generateConsultants({ count: 3300, seed: 15, uniqueSuffix: true, emailTag: "country" })].map(
      (consultant, index) => {
        const thai = index % 3 !== 0;
        return {
          ...consultant,
          country: thai ? ("Thailand" as const) : ("Vietnam" as const),
          city: thai ? "Bangkok" : "Hanoi",
          location: thai ? "Bangkok, Thailand" : "Hanoi, Vietnam",
          languages: ["English", "Vietnamese"],
          ...(thai
            ? { projectsCompleted: 90, availableForWork: true }
            : { rating: 0, projectsCompleted: 0, availableForWork: false }),
        };
      },
    );
    await copyConsultants(holder.db.sql, generated);
    await holder.db.sql`analyze consultants`;
  }, 180_000);

  afterAll(async () => {
    await holder.db?.close();
  });

  const search = (query: Record<string, string | number>, options: SearchOptions = {}) =>
    searchConsultants({ db: holder.db.db, runtime }, searchParams(query), options);

  it("walks the country's own order for the page, and lists what reading every match lists", async () => {
    const statements: string[] = [];
    const counted = createDatabase(holder.db.url, { max: 1, onQuery: (query) => statements.push(query) });
    await searchConsultants({ db: counted.db, runtime }, searchParams({ location: "Vietnam", languages: "Vietnamese" }));
    for (const page of [1, 7, 83]) {
      const query = { location: "Vietnam", languages: "Vietnamese", page };
      statements.length = 0;
      const chosen = await searchConsultants({ db: counted.db, runtime }, searchParams(query));
      // Up to the cap through the document's index, then the walk: the page is in the walked stretch.
      expect(statements, `page ${page}`).toHaveLength(2);
      const read = await search(query, { strategy: "read-all" });
      expect(chosen.total).toBe(1000);
      expect(chosen.totalIsCapped).toBe(true);
      expect(chosen.consultants.length).toBe(12);
      expect(chosen.consultants.every((consultant) => consultant.country === "Vietnam")).toBe(true);
      expect(
        chosen.consultants.map((consultant) => consultant.id),
        `page ${page}`,
      ).toEqual(read.consultants.map((consultant) => consultant.id));
    }
    await counted.close();
  });

  it("answers the page alone (searchPage) without the read that only counts, and the same page", async () => {
    const statements: string[] = [];
    const counted = createDatabase(holder.db.url, { max: 1, onQuery: (query) => statements.push(query) });
    const engine = { db: counted.db, runtime };
    await searchConsultants(engine, searchParams({}));
    // Past the cap, read through the document's index (counted up to the cap, then walked), and a
    // listing without filters (walked and counted at once): one statement each for the page alone.
    const queries: Record<string, string | number>[] = [
      { location: "Vietnam", languages: "Vietnamese" },
      { location: "Vietnam", languages: "Vietnamese", page: 7 },
      {},
    ];
    for (const query of queries) {
      statements.length = 0;
      const whole = await searchConsultants(engine, searchParams(query));
      expect(statements, JSON.stringify(query)).toHaveLength(2);
      expect(whole.totalIsCapped).toBe(true);
      statements.length = 0;
      const page = await searchPage(engine, searchParams(query));
      expect(statements, JSON.stringify(query)).toHaveLength(1);
      expect(statements[0]).not.toContain("count(");
      expect(page.map((consultant) => consultant.id)).toEqual(whole.consultants.map((consultant) => consultant.id));
      expect(page).toHaveLength(12);
    }
    await counted.close();
  });

  it("reads every match for a deep page of filters the statistics expect few to pass, rather than walk for it", async () => {
    // Planned as a directory of 100 000 where 2 % speak Vietnamese: page 83 would be about 50 000
    // profiles down the featured order, where reading the 2 000 matches and sorting them is cheap.
    const real = await searchStatistics(holder.db.db);
    const languages = real.columns.languages;
    if (!languages) throw new Error("no statistics of languages");
    const statistics: Statistics = {
      listed: 100_000,
      columns: { ...real.columns, languages: { ...languages, shares: new Map([["Vietnamese", 0.02]]) } },
    };
    const statements: string[] = [];
    const counted = createDatabase(holder.db.url, { max: 1, onQuery: (query) => statements.push(query) });
    const query = { languages: "Vietnamese", page: 83 };
    await searchConsultants({ db: counted.db, runtime }, searchParams(query), { statistics });
    statements.length = 0;
    const chosen = await searchConsultants({ db: counted.db, runtime }, searchParams(query), { statistics });
    await counted.close();
    // Up to the cap through the document's index, then every match read and sorted: no walk.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toContain("offset 0");
    const walked = await search(query, { strategy: "walk-index" });
    expect(chosen.consultants.map((consultant) => consultant.id)).toEqual(walked.consultants.map((consultant) => consultant.id));
    expect(chosen.consultants).toHaveLength(12);
  });
});
