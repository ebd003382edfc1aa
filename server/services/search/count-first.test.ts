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

// Words expected to match many times the cap in a large directory are counted first, up to the
// cap, through the document's index (keyword-plan.ts, `first`), after walking the featured order
// when most profiles use them (`first+walk`); the page is then read as over the cap, or, when
// fewer match, read again counting every match. All 1 100 profiles have "water" and "engineer" in
// their titles, half "pump" too, and every bio mentions a water pump engineer (no term of the
// field glossary). Planned as a directory of a million profiles where each of those words is in
// 8 % of them (or, for the walk, in 60 %).

/** A count of its own: the statement that only counts matches up to the cap. */
const COUNT_ONLY = /^select count\(\*\)::int as matched from/;

describe("counting first a search expected to pass the cap", () => {
  const holder = {} as { db: TestDatabase; statistics: Statistics; common: Statistics };

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const generated = [...generateConsultants({ count: 1100, seed: 31, uniqueSuffix: true, emailTag: "proof" })].map(
      (consultant, index) => ({
        ...consultant,
        title: index % 2 === 0 ? "Water Pump Engineer" : "Water Sanitation Engineer",
        bio: `${consultant.bio} Known as a water pump engineer. Trained in M&E.`,
      }),
    );
    await copyConsultants(holder.db.sql, generated);
    await holder.db.sql`analyze consultants`;
    // The glossary (with its additions) is read once per process: not one of the statements counted.
    await runtime.glossary.get(holder.db.db);
    const real = await searchStatistics(holder.db.db);
    const uncommon = {
      shares: new Map([
        ["water", 0.08],
        ["pump", 0.08],
        ["engin", 0.08],
      ]),
      floor: 0.0001,
    };
    holder.statistics = {
      listed: 1_000_000,
      columns: { ...real.columns, search_document: uncommon, search_head: uncommon },
    };
    const common = { ...uncommon, shares: new Map([...uncommon.shares.keys()].map((word) => [word, 0.6])) };
    holder.common = {
      ...holder.statistics,
      columns: { ...holder.statistics.columns, search_document: common, search_head: common },
    };
  });

  afterAll(async () => {
    await holder.db?.close();
  });

  /** A search planned with the large directory's statistics, the statements it sent and the plans it ran. */
  async function searchWatched(query: Record<string, string>, statistics = holder.statistics) {
    const statements: string[] = [];
    const plans: string[] = [];
    const watched = createDatabase(holder.db.url, {
      max: 2,
      // Not the driver's own look-up of array types when it first connects.
      onQuery: (statement) => statement.includes("pg_catalog.pg_type") || statements.push(statement.trim()),
    });
    const log = { debug: (entry: { plans: string[] }) => plans.push(...entry.plans) };
    const found = await searchConsultants({ db: watched.db, runtime, log }, searchParams(query), { statistics });
    await watched.close();
    // The same search with every match read and counted: what it must answer.
    const expected = await searchConsultants({ db: holder.db.db, runtime }, searchParams(query), { strategy: "walk-index" });
    expect(found.consultants.map((c) => c.id)).toEqual(expected.consultants.map((c) => c.id));
    expect(found.total).toBe(expected.total);
    return { found, statements, plans };
  }

  it("counts the profiles naming a concept once, then knows it passes the cap (issue 33)", async () => {
    const statements: string[] = [];
    const watched = createDatabase(holder.db.url, {
      max: 2,
      onQuery: (statement) => statement.includes("pg_catalog.pg_type") || statements.push(statement.trim()),
    });
    try {
      const search = () =>
        searchConsultants({ db: watched.db, runtime }, searchParams({ keywords: "M&E" }), { statistics: holder.statistics });
      const first = await search();
      expect(first).toMatchObject({ total: 1000, totalIsCapped: true });
      expect(statements.filter((statement) => COUNT_ONLY.test(statement))).toHaveLength(1);
      statements.length = 0;
      const second = await search();
      expect(second).toMatchObject({ total: 1000, totalIsCapped: true });
      expect(second.consultants.map((c) => c.id)).toEqual(first.consultants.map((c) => c.id));
      // Known from the first count: the page alone, nothing counted.
      expect(statements.filter((statement) => COUNT_ONLY.test(statement))).toEqual([]);
      expect(statements).toHaveLength(1);
    } finally {
      await watched.close();
    }
  });

  it("counts up to the cap first, then reads the page as over it", async () => {
    const { found, statements, plans } = await searchWatched({ keywords: "water engineer" });
    expect(found).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(plans).toEqual(["first read/read"]);
    // The words' analysis, the count and the page.
    expect(statements).toHaveLength(3);
    expect(statements.filter((statement) => COUNT_ONLY.test(statement))).toHaveLength(1);
  });

  it("walks the featured order before counting words most profiles use", async () => {
    const { found, statements, plans } = await searchWatched({ keywords: "water engineer" }, holder.common);
    expect(found).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(plans).toEqual(["first+walk walk/walk"]);
    // The walk found more than the cap: no count through the document's index.
    expect(statements.filter((statement) => COUNT_ONLY.test(statement))).toHaveLength(1);
    expect(statements.filter((statement) => COUNT_ONLY.test(statement))[0]).toContain("order by");
  });

  it("reads the search again, counted, when fewer than the cap match", async () => {
    const { found, statements, plans } = await searchWatched({ keywords: "water pump", location: "Vietnam" });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(1000);
    expect(found.totalIsCapped).toBe(false);
    expect(plans[0]).toMatch(/^first /);
    expect(plans.at(-1)).toMatch(/^in-pool /);
    // The words, the count, and the page read with every match counted.
    expect(statements).toHaveLength(3);
  });
});
