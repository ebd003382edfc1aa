import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "#server/db/client.ts";
import { generateConsultants } from "#server/db/seed/generate.ts";
import { copyConsultants } from "#server/db/seed/seed.ts";
import { createRuntime } from "#server/runtime.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { type SearchOptions, searchConsultants } from "./index.ts";
import { type Statistics, searchStatistics } from "./planner.ts";
import { candidatePool, indexedMatch, orderBy, qualityTiers, tieredPool } from "./query.ts";
import { tierLexeme } from "./tiers.ts";

/** The process state a search keeps (its caches), as a server process has one. */
const runtime = createRuntime({ insights: null });

// The featured order's quality tiers as lexemes of the search document (migration 0017): the best
// matches by quality of a word many profiles use are read from the top tiers only. All 1 100
// profiles mention evaluation in their bios; planned as a directory of 100 000 where 3 % do
// ("cocoa", "hydropower"), the search reads its quality pool from the top tiers.

/** The pool read from the top tiers only. */
const TIERED = /with tiered as materialized/;
/** The head pool read from the head's top tiers. */
const HEAD_TIERED = /head_tiered as materialized/;

describe("quality tiers", () => {
  const holder = {} as { db: TestDatabase; statistics: Statistics };

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const generated = [...generateConsultants({ count: 1100, seed: 41, uniqueSuffix: true, emailTag: "tiers" })].map(
      (consultant) => ({ ...consultant, bio: `${consultant.bio} Known for evaluation work, and as a Zorblat.` }),
    );
    await copyConsultants(holder.db.sql, generated);
    // "Zorblat" in every document, and in the head (the title) of all but the best 150 by
    // quality: a word's quality pool then holds no head match, and its head pool all of them.
    await holder.db.sql`
      update consultants set title = title || ', Zorblat'
      where id not in (select id from consultants order by static_score desc, id desc limit 150)`;
    await holder.db.sql`analyze consultants`;
    const real = await searchStatistics(holder.db.db);
    const document = real.columns.search_document;
    if (!document) throw new Error("no statistics of search_document");
    holder.statistics = {
      listed: 100_000,
      columns: {
        ...real.columns,
        search_document: { ...document, shares: new Map([...document.shares, ["evalu", 0.03]]) },
      },
    };
  });

  afterAll(async () => {
    await holder.db?.close();
  });

  /** A search planned with `options`, checked against every match read in order, and whether it read the head's top tiers. */
  async function searchPlanned(query: Record<string, string>, options: SearchOptions) {
    const statements: string[] = [];
    const watched = createDatabase(holder.db.url, {
      max: 2,
      onQuery: (statement) => statement.includes("pg_catalog.pg_type") || statements.push(statement.trim()),
    });
    const found = await searchConsultants({ db: watched.db, runtime }, searchParams(query), options);
    await watched.close();
    const expected = await searchConsultants({ db: holder.db.db, runtime }, searchParams(query), { strategy: "walk-index" });
    expect(found.consultants.map((c) => c.id)).toEqual(expected.consultants.map((c) => c.id));
    expect(found.total).toBe(expected.total);
    return { found, headTiers: statements.filter((statement) => HEAD_TIERED.test(statement)).length };
  }

  /** Planned as the large directory with "Zorblat" in 2 % of the heads and 3 % of the documents, and `tiers` as the tiers' shares. */
  async function zorblatStatistics(tiers?: Map<string, number>): Promise<Statistics> {
    const [{ lexeme } = { lexeme: "" }] = await holder.db.sql<{ lexeme: string }[]>`
      select (tsvector_to_array(to_tsvector('search_english', 'Zorblat')))[1] as lexeme`;
    const { columns } = holder.statistics;
    const document = columns.search_document;
    const head = columns.search_head;
    if (!document || !head) throw new Error("no statistics of the search columns");
    return {
      listed: 100_000,
      columns: {
        ...columns,
        search_document: { ...document, shares: new Map([...document.shares, [lexeme, 0.03], ...(tiers ?? [])]) },
        search_head: { ...head, shares: new Map([...head.shares, [lexeme, 0.02]]) },
      },
    };
  }

  describe("the head's quality tiers (migration 0018)", () => {
    it("reads the best head matches of a word in thousands of heads from the top tiers, with the same results", async () => {
      // Here the top tiers hold the best 5 % of 1 100 profiles, all inside the quality pool, so the
      // read from them would find no head match past it and fall back to reading every one. Planned
      // as a directory whose tiers from 5 up hold 30 % of it (at 100 000 profiles the pool is the
      // best 0.5 % of a common word's matches, and its tier holds thousands past it).
      const tiers = new Map([10, 9, 8, 7, 6, 5].map((tier) => [tierLexeme(tier), tier === 5 ? 0.3 : 0]));
      const statistics = await zorblatStatistics(tiers);
      for (const query of [{ keywords: "zorblat" }, { keywords: "zorblat", page: "3" }] as Record<string, string>[]) {
        const { found, headTiers } = await searchPlanned(query, { statistics });
        expect(found, JSON.stringify(query)).toMatchObject({ total: 1000, totalIsCapped: true });
        expect(headTiers, JSON.stringify(query)).toBe(1);
      }
      // Two words of a phrase: the count is not known, and the head matches also prove it.
      const { found } = await searchPlanned({ keywords: "zorblat evaluation" }, { statistics });
      expect(found).toMatchObject({ total: 1000, totalIsCapped: true });
    });

    it("finds a profile whose title has just come to match in its tier, at once", async () => {
      // The best profile past the quality pool (the best hundred by quality) has no Zorblat in its
      // title; once it has, it is the best head match the head pool reads from the top tiers.
      const [next] = await holder.db.sql<{ id: number }[]>`
        select id from consultants order by static_score desc, id desc offset 100 limit 1`;
      if (!next) throw new Error("no profile past the quality pool");
      await holder.db.sql`update consultants set title = title || ', Zorblat' where id = ${next.id}`;
      const { found, headTiers } = await searchPlanned({ keywords: "zorblat" }, { strategy: "quality-tiers" });
      expect(headTiers).toBe(1);
      expect(found.consultants.map((c) => c.id)).toContain(next.id);
    });

    it("reads every head match when the top tiers hold fewer than the pool", async () => {
      // The statistics say 40 % of the profiles are in the top tier; here, fewer than 100 are.
      const [top] = await holder.db.sql<{ n: number }[]>`
        select count(*)::int as n from consultants where floor(static_score * 10) >= 10`;
      expect(top?.n).toBeLessThan(100);
      const statistics = await zorblatStatistics(new Map([[tierLexeme(10), 0.4]]));
      // Most of the quality pool are head matches already: a page past it shows those of the head pool.
      for (const page of ["1", "9"]) {
        const { found, headTiers } = await searchPlanned({ keywords: "zorblat", page }, { statistics });
        expect(found).toMatchObject({ total: 1000, totalIsCapped: true });
        expect(headTiers).toBe(1);
      }
    });
  });

  /** Each profile's tier lexemes, and the tier its static score puts it in. */
  async function tiers() {
    return holder.db.sql<{ id: number; lexemes: string[]; tier: number }[]>`
      select id, tier, array(select lexeme from unnest(search_document) u where lexeme like '#q:%') as lexemes
      from (select id, search_document, floor(static_score * 10)::int as tier from consultants) c order by id`;
  }

  it("gives every document the one tier lexeme of its static score, and moves it when the score changes", async () => {
    const before = await tiers();
    expect(before).toHaveLength(1100);
    for (const row of before) expect(row.lexemes, String(row.id)).toEqual([`#q:${row.tier}`]);
    expect(new Set(before.map((row) => row.tier)).size).toBeGreaterThan(3);

    // A rating earned, a photo added: the score and the tier rise; the bio is not parsed again.
    const lowest = before.reduce((low, row) => (row.tier < low.tier ? row : low));
    await holder.db.sql`
      update consultants set rating = 100, projects_completed = 50, available_for_work = true,
        profile_photo_url = '/uploads/tiers.webp' where id = ${lowest.id}`;
    const after = (await tiers()).find((row) => row.id === lowest.id);
    expect(after).toMatchObject({ tier: 10, lexemes: ["#q:10"] });
    // Read from the top tiers, the word's results still agree with every match read in order.
    const params = searchParams({ keywords: "evaluation" });
    const tiered = await searchConsultants({ db: holder.db.db, runtime }, params, { strategy: "quality-tiers" });
    const walked = await searchConsultants({ db: holder.db.db, runtime }, params, { strategy: "walk-index" });
    expect(tiered.consultants.map((c) => c.id)).toEqual(walked.consultants.map((c) => c.id));
  });

  it("reads the quality pool of a word in 3 % of a large directory from the top tiers, with the same results", async () => {
    const statements: string[] = [];
    const watched = createDatabase(holder.db.url, {
      max: 2,
      onQuery: (statement) => statement.includes("pg_catalog.pg_type") || statements.push(statement.trim()),
    });
    for (const query of [{ keywords: "evaluation" }, { keywords: "evaluation", page: "3" }] as Record<string, string>[]) {
      statements.length = 0;
      const found = await searchConsultants({ db: watched.db, runtime }, searchParams(query), { statistics: holder.statistics });
      const expected = await searchConsultants({ db: holder.db.db, runtime }, searchParams(query), { strategy: "walk-index" });
      expect(found.consultants.map((c) => c.id)).toEqual(expected.consultants.map((c) => c.id));
      expect(found).toMatchObject({ total: 1000, totalIsCapped: true });
      expect(
        statements.filter((statement) => TIERED.test(statement)),
        JSON.stringify(query),
      ).toHaveLength(1);
    }
    // Another order than the featured one has no use for the tiers.
    statements.length = 0;
    await searchConsultants({ db: watched.db, runtime }, searchParams({ keywords: "evaluation", sort: "experience" }), {
      statistics: holder.statistics,
    });
    expect(statements.filter((statement) => TIERED.test(statement))).toEqual([]);
    await watched.close();
  });

  it("reads every match when the top tiers hold fewer than the pool", async () => {
    const params = searchParams({ keywords: "evaluation" });
    const words = sql`'evalu'::tsquery`;
    const match = { walked: sql`status = 'approved' and search_document @@ ${words}`, indexed: indexedMatch(params, words) };
    const ids = async (pool: ReturnType<typeof sql>) =>
      (await holder.db.db.execute<{ id: number }>(sql`select id from (${pool}) p order by static_score desc, id desc`)).map(
        (row) => row.id,
      );
    const everything = await ids(candidatePool(match, orderBy("relevance"), 150, false));
    expect(everything).toHaveLength(150);
    // The same 150 either way, once each, whether the tiers read hold too few or enough.
    const held: boolean[] = [];
    for (const from of [10, 9, 7, 0]) {
      const [inTiers] = await holder.db.sql<{ n: number }[]>`
        select count(*)::int as n from consultants where floor(static_score * 10) >= ${from}`;
      held.push((inTiers?.n ?? 0) >= 150);
      const tiered = indexedMatch(params, sql`(${words} && ${qualityTiers(from)})`);
      expect(await ids(tieredPool(match, tiered, 150)), `from tier ${from}`).toEqual(everything);
    }
    expect(held).toContain(true);
    expect(held).toContain(false);
  });
});
