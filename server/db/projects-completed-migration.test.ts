import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect } from "vitest";
import { insertConsultant } from "../../tests/setup/consultants.ts";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { rerunMigration } from "../../tests/setup/migrations.ts";
import { migrationsFolder } from "./migrate.ts";

// Migration 0038 recounts projects completed on profiles saved before the rule (issue 36: "55
// projects completed" beside 7 assignments): the number of completed assignments once a profile
// has assignments. Its statements are re-run here on rows written the old way.

const MIGRATION = "0038_projects_completed_backfill";

const it = databaseTest();

describe(`migration ${MIGRATION}`, () => {
  it("sets projects completed to the completed assignments, and leaves profiles without assignments alone", async ({
    database,
  }) => {
    const { sql } = database;
    const assignments = async (consultantId: number, ends: (string | null)[]) => {
      for (const [position, end] of ends.entries()) {
        await sql`insert into consultant_assignments
          (consultant_id, position, title, organization, donors, countries, start_date, end_date)
          values (${consultantId}, ${position}, ${`Assignment ${position + 1}`}, 'Ministry of Health', ${["UNICEF"]},
            ${["Vietnam"]}, '2015-01-01', ${end})`;
      }
    };
    // The old demo's number beside seven assignments, five of them finished.
    const inflated = await insertConsultant(sql, { projects_completed: 55 });
    await assignments(inflated.id, ["2016-01-01", "2017-01-01", "2018-01-01", "2019-01-01", "2020-01-01", null, null]);
    // "0 projects completed" beside two finished assignments.
    const zero = await insertConsultant(sql, { projects_completed: 0 });
    await assignments(zero.id, ["2019-06-01", "2021-03-01"]);
    // Only ongoing work: none completed yet.
    const ongoing = await insertConsultant(sql, { projects_completed: 4 });
    await assignments(ongoing.id, [null]);
    // No track record: the number stays until assignments exist.
    const untracked = await insertConsultant(sql, { projects_completed: 12 });
    const before = await sql<
      { id: number; static_score: number }[]
    >`select id, static_score from consultants where id = ${inflated.id}`;

    await rerunMigration(sql, MIGRATION);

    const rows = await sql<{ id: number; projects_completed: number; static_score: number }[]>`
      select id, projects_completed, static_score from consultants`;
    const count = new Map(rows.map((row) => [row.id, row.projects_completed]));
    expect(count.get(inflated.id)).toBe(5);
    expect(count.get(zero.id)).toBe(2);
    expect(count.get(ongoing.id)).toBe(0);
    expect(count.get(untracked.id)).toBe(12);
    // The search's static score counts projects: it follows the new number.
    expect(rows.find((row) => row.id === inflated.id)?.static_score).toBeLessThan(before[0]?.static_score ?? 0);
  });

  it("is in the journal after every earlier migration, so a database migrated before runs it", async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    };
    const entry = journal.entries.find((item) => item.tag === MIGRATION);
    expect(entry).toBeDefined();
    const earlier = journal.entries.filter((item) => item.tag < MIGRATION);
    expect(Math.max(...earlier.map((item) => item.when))).toBeLessThan(entry?.when ?? 0);
  });
});
