import { describe, expect } from "vitest";
import { insertConsultant } from "../../tests/setup/consultants.ts";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { rerunMigration } from "../../tests/setup/migrations.ts";

// Migration 0011 puts existing profiles' cities in their canonical spelling and keeps the full
// location as typed. Its statements are re-run here on rows written the old way.

const it = databaseTest();

describe("migration 0011: cities in canonical spelling", () => {
  it("normalises known cities, fills a missing city from the location, and leaves the rest as typed", async ({ database }) => {
    const { sql } = database;
    const saigon = await insertConsultant(sql, { city: "Sài Gòn", location: "District 3, Sài Gòn", country: "Vietnam" });
    const hcm = await insertConsultant(sql, { city: "TP.HCM", location: "TP.HCM, Vietnam", country: "Vietnam" });
    const noCity = await insertConsultant(sql, { city: null, location: "Rangoon, Myanmar", country: "Myanmar" });
    const unknown = await insertConsultant(sql, { city: "Little Village", location: "Little Village, Laos", country: "Laos" });
    // A spelling of a place in another country is not that place.
    const otherCountry = await insertConsultant(sql, { city: "Penang", location: "Penang, Thailand", country: "Thailand" });

    await rerunMigration(sql, "0011_trust");

    const rows = await sql<{ id: number; city: string | null; location: string }[]>`
      select id, city, location from consultants order by id`;
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(saigon.id)).toMatchObject({ city: "Ho Chi Minh City", location: "District 3, Sài Gòn" });
    expect(byId.get(hcm.id)).toMatchObject({ city: "Ho Chi Minh City", location: "TP.HCM, Vietnam" });
    expect(byId.get(noCity.id)).toMatchObject({ city: "Yangon", location: "Rangoon, Myanmar" });
    expect(byId.get(unknown.id)?.city).toBe("Little Village");
    expect(byId.get(otherCountry.id)?.city).toBe("Penang");
  });
});
