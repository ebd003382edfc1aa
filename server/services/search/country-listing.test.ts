import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "#server/db/client.ts";
import { generateConsultants } from "#server/db/seed/generate.ts";
import { copyConsultants } from "#server/db/seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { type SearchOptions, searchConsultants } from "./index.ts";

// A listing of one country with another filter, past the cap: its page is walked in that
// country's own featured order. Thai profiles that also speak Vietnamese lead the featured order;
// a walk of everyone's order would find none of the page in its stretch and read every match.

describe("a country's listing past the cap", () => {
  const holder = {} as { db: TestDatabase };

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
  });

  afterAll(async () => {
    await holder.db?.close();
  });

  const search = (query: Record<string, string | number>, options: SearchOptions = {}) =>
    searchConsultants({ db: holder.db.db }, searchParams(query), options);

  it("walks the country's own order for the page, and lists what reading every match lists", async () => {
    const statements: string[] = [];
    const counted = createDatabase(holder.db.url, { max: 1, onQuery: (query) => statements.push(query) });
    await searchConsultants({ db: counted.db }, searchParams({ location: "Vietnam", languages: "Vietnamese" }));
    for (const page of [1, 7, 83]) {
      const query = { location: "Vietnam", languages: "Vietnamese", page };
      statements.length = 0;
      const chosen = await searchConsultants({ db: counted.db }, searchParams(query));
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
});
