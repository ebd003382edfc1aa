import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "#server/db/client.ts";
import { generateConsultants } from "#server/db/seed/generate.ts";
import { copyConsultants } from "#server/db/seed/seed.ts";
import { createRuntime } from "#server/runtime.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { searchConsultants } from "./index.ts";
import { type Statistics, searchStatistics } from "./planner.ts";

/** The process state a search keeps (its caches), as a server process has one. */
const runtime = createRuntime({ insights: null });

// A listing whose filters are each common but never meet: half the profiles live in Thailand and
// speak Thai, half in Vietnam and speak Vietnamese. Planned as a directory of a million profiles
// with the same shares, the statistics expect a quarter of a million Thai-based Vietnamese
// speakers, and the listing would count and walk every profile to find none.

describe("a listing whose filters never meet", () => {
  const holder = {} as { db: TestDatabase; statistics: Statistics };

  // Thousands of generated profiles copied and analysed: about a minute on a busy machine.
  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const generated = [...generateConsultants({ count: 2400, seed: 21, uniqueSuffix: true, emailTag: "meet" })].map(
      (consultant, index) => {
        const thai = index % 2 === 0;
        return {
          ...consultant,
          country: thai ? ("Thailand" as const) : ("Vietnam" as const),
          city: thai ? "Bangkok" : "Hanoi",
          location: thai ? "Bangkok, Thailand" : "Hanoi, Vietnam",
          languages: thai ? ["English", "Thai"] : ["English", "Vietnamese"],
        };
      },
    );
    await copyConsultants(holder.db.sql, generated);
    await holder.db.sql`analyze consultants`;
    holder.statistics = { ...(await searchStatistics(holder.db.db)), listed: 1_000_000 };
  }, 180_000);

  afterAll(async () => {
    await holder.db?.close();
  });

  /** A search on one connection, and how many profiles it read (sequentially or fetched through an index). */
  async function searchCounted(query: Record<string, string>) {
    const counted = createDatabase(holder.db.url, { max: 1 });
    const read = async () => {
      // Flush this connection's statistics at the end of the next statement, then read them.
      await counted.sql`select pg_stat_force_next_flush()`;
      const [row] = await counted.sql<{ rows: string }[]>`
        select seq_tup_read + coalesce(idx_tup_fetch, 0) as rows from pg_stat_user_tables where relname = 'consultants'`;
      return Number(row?.rows);
    };
    await read();
    const before = await read();
    const found = await searchConsultants({ db: counted.db, runtime }, searchParams(query), { statistics: holder.statistics });
    const rowsRead = (await read()) - before;
    await counted.close();
    return { found, rowsRead };
  }

  it("tests the top of the featured order, then reads the few matches through the document's index", async () => {
    const { found, rowsRead } = await searchCounted({ location: "Thailand", languages: "Vietnamese" });
    expect(found.total).toBe(0);
    expect(found.consultants).toEqual([]);
    // The probe's 500 profiles (and a stray row or two): not the 2 400 of a walk through the featured order, nor a count of every Thai profile.
    expect(rowsRead).toBeLessThan(600);
  });

  it("lists filters that do meet as reading every match lists them", async () => {
    const queries: Record<string, string>[] = [
      { location: "Thailand", languages: "Thai" },
      { location: "Thailand", languages: "Thai", page: "9", sort: "experience" },
    ];
    for (const query of queries) {
      const { found } = await searchCounted(query);
      const read = await searchConsultants({ db: holder.db.db, runtime }, searchParams(query), { strategy: "read-all" });
      expect(found.total).toBe(1000);
      expect(found.totalIsCapped).toBe(true);
      expect(found.consultants).toHaveLength(12);
      expect(found.consultants.every((consultant) => consultant.country === "Thailand")).toBe(true);
      expect(found.consultants.map((consultant) => consultant.id)).toEqual(read.consultants.map((consultant) => consultant.id));
    }
  });
});
