import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateConsultants } from "#server/db/seed/generate.ts";
import { copyConsultants } from "#server/db/seed/seed.ts";
import { createRuntime } from "#server/runtime.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { type PoolStrategy, searchConsultants } from "./index.ts";

// Issue 31: profiles hidden from a viewer's organizations (SearchParams.hidden) never appear in
// any of the search's plans, and every other profile still does, in the same order; without
// `hidden` the search is the visitor's, unchanged.

const runtime = createRuntime({ insights: null });
const STRATEGIES: (PoolStrategy | undefined)[] = [undefined, "walk-index", "read-all", "quality-tiers"];
const QUERIES: Record<string, string>[] = [
  { keywords: "evaluation" },
  { keywords: "evaluation", sort: "experience" },
  { keywords: "evaluation", location: "Vietnam" },
  { keywords: "evaluation health" },
  {},
  { sort: "recent" },
  { location: "Thailand" },
  { languages: "English", experience: "8-15" },
];

describe("a search with profiles hidden from the viewer", () => {
  const holder = {} as { db: TestDatabase; hidden: number[] };

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const generated = [...generateConsultants({ count: 400, seed: 31, uniqueSuffix: true, emailTag: "hidden" })].map(
      (consultant) => ({ ...consultant, bio: `${consultant.bio} Known for evaluation work.` }),
    );
    await copyConsultants(holder.db.sql, generated);
    await holder.db.sql`analyze consultants`;
    // The best profiles by quality (the first page of most orders) and some others.
    const rows = await holder.db.sql<{ id: number }[]>`
      (select id from consultants order by static_score desc, id desc limit 6)
      union (select id from consultants where id % 37 = 0)`;
    holder.hidden = rows.map((row) => row.id);
  }, 120_000);

  afterAll(async () => {
    await holder.db?.close();
  });

  it("leaves them out of every plan, and keeps every other profile in its place", async () => {
    const failures: string[] = [];
    for (const query of QUERIES) {
      for (const strategy of STRATEGIES) {
        const deps = { db: holder.db.db, runtime };
        const everyone = await searchConsultants(deps, searchParams({ ...query, limit: 100 }), { strategy });
        const hidden = await searchConsultants(
          deps,
          { ...searchParams({ ...query, limit: 12 }), hidden: holder.hidden },
          { strategy },
        );
        const expected = everyone.consultants.map((c) => c.id).filter((id) => !holder.hidden.includes(id));
        const got = hidden.consultants.map((c) => c.id);
        const hiddenMatches = everyone.consultants.filter((c) => holder.hidden.includes(c.id)).length;
        const label = `${JSON.stringify(query)} ${strategy ?? "planned"}`;
        if (got.some((id) => holder.hidden.includes(id))) failures.push(`${label}: shows a hidden profile`);
        // Relevance among equals may differ by plan; the set of the first page's profiles may not.
        if (JSON.stringify([...got].sort()) !== JSON.stringify(expected.slice(0, 12).sort())) {
          failures.push(`${label}: ${got} instead of ${expected.slice(0, 12)}`);
        }
        if (!everyone.totalIsCapped && everyone.total <= 100 && hidden.total !== everyone.total - hiddenMatches) {
          failures.push(`${label}: total ${hidden.total}, expected ${everyone.total - hiddenMatches}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("is the visitor's search when nothing is hidden", async () => {
    const deps = { db: holder.db.db, runtime };
    const plain = await searchConsultants(deps, searchParams({ keywords: "evaluation" }));
    const empty = await searchConsultants(deps, { ...searchParams({ keywords: "evaluation" }), hidden: [] });
    expect(empty).toEqual(plain);
  });
});
