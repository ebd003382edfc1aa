import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsultant } from "../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { migrationsFolder } from "./migrate.ts";

// Migration 0011 puts existing profiles' cities in their canonical spelling and keeps the full
// location as typed. Its statements are re-run here on rows written the old way.

describe("migration 0011: cities in canonical spelling", () => {
  const holder = {} as { db: TestDatabase };
  beforeAll(async () => {
    holder.db = await createTestDatabase();
  });
  afterAll(async () => {
    await holder.db?.close();
  });

  it("normalises known cities, fills a missing city from the location, and leaves the rest as typed", async () => {
    const { sql } = holder.db;
    const saigon = await insertConsultant(sql, { city: "Sài Gòn", location: "District 3, Sài Gòn", country: "Vietnam" });
    const hcm = await insertConsultant(sql, { city: "TP.HCM", location: "TP.HCM, Vietnam", country: "Vietnam" });
    const noCity = await insertConsultant(sql, { city: null, location: "Rangoon, Myanmar", country: "Myanmar" });
    const unknown = await insertConsultant(sql, { city: "Little Village", location: "Little Village, Laos", country: "Laos" });
    // A spelling of a place in another country is not that place.
    const otherCountry = await insertConsultant(sql, { city: "Penang", location: "Penang, Thailand", country: "Thailand" });

    const migration = await readFile(path.join(migrationsFolder, "0011_trust.sql"), "utf8");
    await sql.begin(async (tx) => {
      for (const statement of migration.split("--> statement-breakpoint")) await tx.unsafe(statement);
    });

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
