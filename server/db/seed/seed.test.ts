import { describe, expect } from "vitest";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { databaseTest } from "../../../tests/setup/fixtures.ts";
import { DEMO_DIRECTORY_SIZE, seedDemoDirectory } from "./demo.ts";
import { type GeneratedConsultant, generateConsultants } from "./generate.ts";
import { bulkLoadConsultants, copyConsultants } from "./seed.ts";

const it = databaseTest();

const silent = { info: () => {} };

describe("generateConsultants", () => {
  it("is deterministic for a seed", () => {
    const a = [...generateConsultants({ count: 20, seed: 7 })];
    const b = [...generateConsultants({ count: 20, seed: 7 })];
    const c = [...generateConsultants({ count: 20, seed: 8 })];
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it("spreads the demo over every country and specialization with unique e-mails", () => {
    const all = [...generateConsultants({ count: DEMO_DIRECTORY_SIZE })];
    expect(new Set(all.map((c) => c.country))).toEqual(new Set(COUNTRIES));
    expect(new Set(all.map((c) => c.primarySpecialization))).toEqual(new Set(PROFILE_SPECIALIZATIONS));
    expect(new Set(all.map((c) => c.email.toLowerCase())).size).toBe(all.length);
    expect(new Set(all.map((c) => c.availableForWork))).toEqual(new Set([true, false]));
    expect(Math.min(...all.map((c) => c.yearsExperience))).toBeLessThanOrEqual(3);
    expect(Math.max(...all.map((c) => c.yearsExperience))).toBeGreaterThan(15);
    for (const consultant of all) expect(consultant.bio.length).toBeGreaterThan(100);
  });
});

describe("seeding", () => {
  it("loads the demo directory once, approved and listed, and never again", async ({ database }) => {
    expect(await seedDemoDirectory(database.db, database.sql, silent)).toBe(DEMO_DIRECTORY_SIZE);
    expect(await seedDemoDirectory(database.db, database.sql, silent)).toBe(0);
    const [row] = await database.sql<{ total: number; approved: number }[]>`
      select count(*)::int as total, count(*) filter (where status = 'approved')::int as approved from consultants`;
    expect(row).toEqual({ total: DEMO_DIRECTORY_SIZE, approved: DEMO_DIRECTORY_SIZE });
  });

  it("copies text with quotes, commas, accents and newlines intact", async ({ database }) => {
    const [sample] = [...generateConsultants({ count: 1, seed: 99, uniqueSuffix: true })];
    const tricky = {
      ...sample!,
      email: "tricky@example.org",
      name: 'Trần "Bo", Jr.',
      bio: 'Line one, with "quotes"\nand a second line \\ backslash.',
      languages: ['Lao "x"', "Thai"],
    };
    await copyConsultants(database.sql, [tricky]);
    const [row] = await database.sql`select name, bio, languages from consultants where email = 'tricky@example.org'`;
    expect(row).toEqual({ name: tricky.name, bio: tricky.bio, languages: tricky.languages });
  });
});

describe("a rejected load", () => {
  it("fails with PostgreSQL's error instead of hanging, and writes nothing", async ({ database }) => {
    const [sample] = [...generateConsultants({ count: 1, seed: 3, uniqueSuffix: true, emailTag: "rejected" })];
    const [before] = await database.sql<{ total: number }[]>`select count(*)::int as total from consultants`;
    // A country longer than its column: PostgreSQL refuses the whole statement.
    const bad = { ...sample!, country: "X".repeat(200) as GeneratedConsultant["country"] };
    await expect(copyConsultants(database.sql, [sample!, bad])).rejects.toThrow(/too long/);
    const [after] = await database.sql<{ total: number }[]>`select count(*)::int as total from consultants`;
    expect(after?.total).toBe(before?.total);
  });
});

describe("bulk loading", () => {
  it("indexes every profile for search, fills the words dictionary, and leaves GIN fastupdate off", async ({ database }) => {
    const { sql } = database;
    await sql`truncate consultants restart identity cascade`;
    const progress: number[] = [];
    const written = await bulkLoadConsultants(
      sql,
      generateConsultants({ count: 2500, seed: 5, uniqueSuffix: true, emailTag: "bulk" }),
      { batchSize: 700, parallel: 2, onProgress: (count) => progress.push(count) },
    );
    expect(written).toBe(2500);
    expect(progress.at(-1)).toBe(2500);
    expect(progress.length).toBeGreaterThan(1);
    const [counts] = await sql<{ total: number; indexed: number; evaluation: number }[]>`
      select count(*)::int as total,
        count(*) filter (where search_document <> ''::tsvector and search_head <> ''::tsvector and static_score > 0)::int as indexed,
        count(*) filter (where search_profile_text(consultants) ~* '\\mevaluation\\M')::int as evaluation
      from consultants`;
    expect(counts).toMatchObject({ total: 2500, indexed: 2500 });
    const [word] = await sql<{ ndoc: number }[]>`select ndoc from search_words where word = 'evaluation'`;
    expect(word?.ndoc).toBe(counts?.evaluation);
    const options = await sql<{ name: string; options: string[] }[]>`
      select c.relname as name, c.reloptions as options
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where i.indrelid = 'consultants'::regclass and a.amname = 'gin'`;
    expect(options.length).toBeGreaterThanOrEqual(4);
    for (const index of options) expect(index.options).toContain("fastupdate=off");
    // Built in one pass: about as compact as the same index rebuilt now (merging the pending
    // lists left them twelve times larger). Within twice the rebuild: PostgreSQL 18 builds a GIN
    // index with parallel workers when some are free, and the pages they fill differ (CI measured
    // a loaded head index 24 %, then 68 % (47 pages against 28) larger than its rebuild), plus two
    // pages: a small index is a few pages, and CI once measured the languages index at 5 against 3.
    const PAGE = 8192;
    for (const { name } of options) {
      const [loaded] = await sql<{ bytes: number }[]>`select pg_relation_size(${name}::regclass)::int as bytes`;
      await sql`reindex index ${sql(name)}`;
      const [rebuilt] = await sql<{ bytes: number }[]>`select pg_relation_size(${name}::regclass)::int as bytes`;
      expect(loaded?.bytes, name).toBeLessThanOrEqual((rebuilt?.bytes ?? 0) * 2 + 2 * PAGE);
    }
  });
});
