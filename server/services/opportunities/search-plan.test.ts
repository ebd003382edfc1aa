import { describe, expect } from "vitest";
import { opportunitySearchSchema } from "#common/opportunities.ts";
import { createDatabase } from "#server/db/client.ts";
import { createRuntime } from "#server/runtime.ts";
import type { TestDatabase } from "../../../tests/setup/database.ts";
import { databaseTest } from "../../../tests/setup/fixtures.ts";
import { opportunitiesMatching } from "./matching.ts";
import { searchWith } from "./search.ts";

// Every connection plans a statement once, without its values (force_generic_plan,
// server/db/client.ts). The opportunities' indexes are limited to published ones; a statement that
// passed 'published' as a parameter could not use them, and read and sorted every opportunity with
// its ToR (0.9 s a page at 20 000). Each statement of the list, its count and Opportunities for you
// is planned here as the app plans it (EXPLAIN (GENERIC_PLAN), sequential scans off so that only
// an index the statement can prove usable is chosen) and must read through a published-only index.

const it = databaseTest();

const PUBLISHED_ONLY = /opportunities_(published|deadline|words_facets|facets|matching)_idx/;

type SearchDeps = Parameters<typeof searchWith>[0];

/** The statements `run` sends, as the app sends them (on a connection of their own, traced). */
async function statementsOf(database: TestDatabase, run: (deps: SearchDeps) => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const traced = createDatabase(database.url, { max: 1, onQuery: (query) => statements.push(query) });
  const runtime = createRuntime({ insights: null });
  try {
    await run({ readDb: traced.db, runtime });
  } finally {
    await runtime.close();
    await traced.close();
  }
  return statements;
}

/** Each statement's generic plan, sequential scans off: only an index it can prove usable is chosen. */
async function genericPlans(database: TestDatabase, statements: string[]): Promise<string[]> {
  return database.sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`;
    const plans: string[] = [];
    for (const text of statements) {
      plans.push((await tx.unsafe(`explain (generic_plan) ${text}`)).map((row) => Object.values(row)[0]).join("\n"));
    }
    return plans;
  });
}

describe("the opportunities' statements under one generic plan", () => {
  it("read through the indexes limited to published opportunities", async ({ database }) => {
    const statements = await statementsOf(database, async (deps) => {
      const now = new Date();
      for (const query of ["sort=newest", "sort=deadline", "specialization=Healthcare&country=Vietnam", "keywords=evaluation"]) {
        await searchWith(deps, opportunitySearchSchema.parse(Object.fromEntries(new URLSearchParams(query))), now);
      }
      await opportunitiesMatching(
        deps.readDb,
        {
          primarySpecialization: "Healthcare",
          secondarySpecializations: [],
          country: "Vietnam",
          workedIn: [],
          donors: [],
          languages: ["English"],
          yearsExperience: 10,
        },
        { now, limit: 10 },
      );
    });
    // The statements that choose among the opportunities (Opportunities for you then reads its few by key).
    const reads = statements.filter((text) => text.includes(`"opportunities"."status" = 'published'`));
    expect(reads.length).toBeGreaterThanOrEqual(9);
    const plans = await genericPlans(database, reads);
    reads.forEach((text, index) => {
      expect(plans[index], text).toMatch(PUBLISHED_ONLY);
    });
  });
  it("intersect the keywords and a filter in one index scan, never testing the words on each ToR of the filter", async ({
    database,
  }) => {
    // Planned without their values, the words and a country looked equally rare, and the filters'
    // index alone was read: each of Vietnam's ToRs (2 437 at 20 000) was taken out of its TOAST to
    // test the words, 22-43 ms a statement, up to five statements for a search that finds nothing
    // (its count, its page, its relaxations). Migration 0049 puts the document in the filters' index.
    const statements = await statementsOf(database, async (deps) => {
      const now = new Date();
      for (const query of ["keywords=water+supply+zzqx&country=Vietnam", "keywords=evaluation&specialization=Healthcare"]) {
        await searchWith(deps, opportunitySearchSchema.parse(Object.fromEntries(new URLSearchParams(query))), now);
      }
    });
    const reads = statements.filter(
      (text) => text.includes('"search_document" @@') && /"(countries|specializations)" @>/.test(text),
    );
    // Each search's page and count, and the relaxations' counts that keep the country.
    expect(reads.length).toBeGreaterThanOrEqual(5);
    // Planned on a few thousand ToRs, as the planner sees a directory (a few rows are read by any index).
    await database.sql`
      with org as (insert into organizations (slug, name, kind, country) values ('plans', 'Plans', 'ngo', 'TH') returning id)
      insert into opportunities (organization_id, slug, title, description, description_html, countries, specializations,
        duration_value, duration_unit, deadline_date, deadline, time_zone, status, published_at, search_document)
      select org.id, 'plan-' || n, 'Opportunity ' || n, 'text', '<p>text</p>', array[(array['Vietnam', 'Laos', 'Cambodia'])[1 + n % 3]],
        array[(array['Healthcare', 'Education', 'Governance', 'Agriculture'])[1 + n % 4]], 3, 'months', current_date + 30,
        now() + interval '30 days', 'UTC', 'published', now() - n * interval '1 minute',
        to_tsvector('english', (array['water supply', 'evaluation', 'gender', 'procurement', 'health'])[1 + n % 5])
      from org, generate_series(1, 3000) n`;
    await database.sql`vacuum analyze opportunities`;
    const plans = await genericPlans(database, reads);
    await database.sql`delete from opportunities where slug like 'plan-%'`;
    await database.sql`vacuum analyze opportunities`;
    reads.forEach((text, index) => {
      expect(plans[index], text).toMatch(/Index Cond: \(\(search_document @@ \$\d+\) AND \((countries|specializations) @> /);
      expect(plans[index], text).not.toMatch(/Filter: .*search_document @@/);
    });
  });
  it("read the remote ones through their own index (remote=true read every open opportunity)", async ({ database }) => {
    const statements = await statementsOf(database, (deps) =>
      searchWith(deps, opportunitySearchSchema.parse({ remote: "true" }), new Date()),
    );
    const reads = statements.filter((text) => text.includes(`"opportunities"."is_remote"`));
    // The page's ids and its count.
    expect(reads.length).toBeGreaterThanOrEqual(2);
    const plans = await genericPlans(database, reads);
    reads.forEach((text, index) => {
      expect(text, "a literal predicate, not a parameter").not.toMatch(/"is_remote" = \$/);
      expect(plans[index], text).toMatch(/opportunities_remote_idx/);
    });
  });
  it("walk Opportunities for you's candidates newest first from their covering index, sorting nothing", async ({ database }) => {
    const profile = {
      primarySpecialization: "Healthcare",
      secondarySpecializations: ["Education", "Governance"],
      country: "Vietnam",
      workedIn: ["Laos"],
      donors: ["UNICEF"],
      languages: ["English"],
      yearsExperience: 10,
    };
    const statements = await statementsOf(database, async (deps) => {
      const now = new Date();
      // The page's (the consultant's interests left out) and the digest's (published since, not announced).
      await opportunitiesMatching(deps.readDb, profile, { now, limit: 10, consultantId: 1 });
      await opportunitiesMatching(deps.readDb, profile, {
        now,
        limit: 10,
        consultantId: 1,
        notAnnounced: true,
        publishedAfter: new Date(now.getTime() - 7 * 86_400_000),
      });
    });
    const reads = statements.filter((text) => text.includes(`"opportunities"."specializations" &&`));
    expect(reads).toHaveLength(2);
    const plans = await genericPlans(database, reads);
    for (const [index, plan] of plans.entries()) {
      // The facets' index would read every opportunity of the profile's fields from the heap and sort them all.
      expect(plan, reads[index]).toMatch(/Index Only Scan using opportunities_matching_idx/);
      expect(plan, reads[index]).not.toMatch(/Sort|opportunities_facets_idx|Bitmap Heap Scan on opportunities /);
      // The fields are tested on the rows walked (the subquery's OFFSET 0): a plan that could
      // take them into account chooses by a guessed share of matches, and read them all.
      expect(plan, reads[index]).toMatch(/Subquery Scan on opportunities .*\n\s+Filter: .*\(opportunities\.specializations && /);
    }
    // The digest's walk starts at the newest and stops at the first opportunity published before the week.
    expect(plans[1]).toMatch(/Index Cond: \(published_at > /);
  });
});
