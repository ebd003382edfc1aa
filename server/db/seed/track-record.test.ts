import { describe, expect } from "vitest";
import { DONORS } from "#common/track-record.ts";
import { databaseTest } from "../../../tests/setup/fixtures.ts";
import { generateConsultants } from "./generate.ts";
import { copyConsultants } from "./seed.ts";

const it = databaseTest();

describe("generated track records (issue 12)", () => {
  it("gives every consultant 3–8 dated assignments with listed donors, education and language levels", async ({ database }) => {
    const written = await copyConsultants(database.sql, generateConsultants({ count: 40, seed: 7 }));
    expect(written).toBe(40);
    const rows = await database.sql<
      {
        assignments: number;
        education: number;
        donors: string[];
        countries: string[];
        levels: Record<string, string>;
        country: string;
      }[]
    >`
      select (select count(*) from consultant_assignments a where a.consultant_id = c.id)::int as assignments,
             (select count(*) from consultant_education e where e.consultant_id = c.id)::int as education,
             c.track_donors as donors, c.track_countries as countries, c.language_levels as levels, c.country
      from consultants c`;
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      expect(row.assignments).toBeGreaterThanOrEqual(3);
      expect(row.assignments).toBeLessThanOrEqual(8);
      expect(row.education).toBeGreaterThanOrEqual(1);
      expect(row.donors.every((donor) => (DONORS as readonly string[]).includes(donor))).toBe(true);
      expect(row.countries.length).toBeGreaterThan(0);
      expect(Object.keys(row.levels).length).toBeGreaterThan(0);
    }
    // Most consultants worked in their own country at some point.
    expect(rows.filter((row) => row.countries.includes(row.country)).length).toBeGreaterThan(20);
    const [bad] = await database.sql<{ count: number }[]>`
      select count(*)::int from consultant_assignments where end_date < start_date or start_date > now()`;
    expect(bad?.count).toBe(0);
  });
});
