import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchParams } from "#common/search.ts";
import { createDatabase } from "#server/db/client.ts";
import { generateConsultants } from "#server/db/seed/generate.ts";
import { copyConsultants } from "#server/db/seed/seed.ts";
import { createRuntime } from "#server/runtime.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { searchConsultants } from "./index.ts";
import { type Statistics, searchStatistics } from "./planner.ts";
import type { SearchOptions } from "./result.ts";

/** The process state a search keeps (its caches), as a server process has one. */
const runtime = createRuntime({ insights: null });

// Every connection keeps one generic plan per statement (server/db/client.ts): made without the
// words' and filters' values, so it must read the way the search chose from the statistics, whatever
// those values are. The planner would otherwise read the 50 000 matches of a word half the
// profiles use through its index where the search walks the featured order for the first hundred,
// or every English speaker through the languages' index. What a plan can read does not depend on
// the table's size: with sequential scans off, and with plain index scans off too where a walk is
// checked (a walk is one), the plan shows which other index the planner could have read.

/** The generic plans, as EXPLAIN (GENERIC_PLAN) shows them, of the statements a search sends. */
async function genericPlans(database: TestDatabase, params: SearchParams, options: SearchOptions, walks: boolean) {
  const statements: string[] = [];
  const watched = createDatabase(database.url, {
    max: 1,
    onQuery: (statement) => {
      // Not the driver's type look-up nor the statistics' reads (no parameters, nothing to choose).
      if (statement.includes("$1") && !statement.includes("pg_stats")) statements.push(statement);
    },
  });
  try {
    await searchConsultants({ db: watched.db, runtime }, params, options);
  } finally {
    await watched.close();
  }
  expect(statements.length).toBeGreaterThan(0);
  return database.sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`;
    if (walks) await tx`set local enable_indexscan = off`;
    const plans: string[] = [];
    for (const statement of statements) {
      const rows = await tx.unsafe<{ "QUERY PLAN": string }[]>(`explain (generic_plan) ${statement}`);
      plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    return plans.join("\n\n");
  });
}

describe("generic plans read the way the search chose", () => {
  const holder = {} as { db: TestDatabase; statistics: Statistics };

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const generated = [...generateConsultants({ count: 1100, seed: 53, uniqueSuffix: true, emailTag: "generic" })].map(
      (consultant, index) => ({ ...consultant, city: index % 10 === 0 ? "Hanoi" : consultant.city }),
    );
    await copyConsultants(holder.db.sql, generated);
    await holder.db.sql`analyze consultants`;
    holder.statistics = await searchStatistics(holder.db.db);
  });

  afterAll(async () => {
    await holder.db?.close();
  });

  it("walks the featured order for a word the search walks, reading neither text index", async () => {
    const plans = await genericPlans(holder.db, searchParams({ keywords: "evaluation" }), { strategy: "walk-index" }, true);
    expect(plans).not.toContain("consultants_search_document_idx");
    expect(plans).not.toContain("consultants_search_head_idx");
  });

  it("walks the featured order for a listing most profiles pass, not the languages' index", async () => {
    // Planned as a directory of 100 000, where so many pass that the listing walks at once.
    const statistics = { ...holder.statistics, listed: 100_000 };
    const plans = await genericPlans(holder.db, searchParams({ languages: "English" }), { statistics }, true);
    expect(plans).not.toContain("consultants_languages_idx");
  });

  it("reads a word's matches through the document's index and tests the city on each, or the city's profiles testing each document", async () => {
    const params = searchParams({ keywords: "evaluation", location: "Hanoi" });
    // Without statistics, through the document's index.
    const byWords = await genericPlans(holder.db, params, { strategy: "read-all" }, false);
    expect(byWords).toContain("consultants_search_document_idx");
    expect(byWords).not.toContain("consultants_city_idx");
    // A listing of Healthcare in Hanoi: the city holds fewer profiles than the specialization.
    const listing = await genericPlans(
      holder.db,
      searchParams({ location: "Hanoi", expertise: "Healthcare" }),
      { statistics: holder.statistics },
      false,
    );
    expect(listing).toContain("consultants_city_idx");
    expect(listing).not.toContain("consultants_search_document_idx");
  });
});
