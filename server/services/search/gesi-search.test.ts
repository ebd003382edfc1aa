import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_SPECIALIZATIONS } from "#common/constants.ts";
import { parseSearchParams } from "#common/search-params.ts";
import { createRuntime } from "#server/runtime.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { getDirectoryStats } from "../stats.ts";
import { searchConsultants } from "./index.ts";

/** The process state a search keeps (its caches), as a server process has one. */
const runtime = createRuntime({ insights: null });

describe("Gender & Social Inclusion is searchable like every area", () => {
  const holder = {} as { db: TestDatabase };
  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const { db } = holder.db;
    await insertListedConsultant(db, { name: "Primary", primarySpecialization: "Gender & Social Inclusion" });
    await insertListedConsultant(db, {
      name: "Secondary",
      primarySpecialization: "Education",
      secondarySpecializations: ["Gender & Social Inclusion", "Water and sanitation"],
    });
    await insertListedConsultant(db, { name: "Neither", primarySpecialization: "Finance" });
  });
  afterAll(async () => {
    await holder.db?.close();
  });

  it("is one of the ten search areas, and the expertise filter finds it as primary or secondary (any case)", async () => {
    expect(SEARCH_SPECIALIZATIONS).toHaveLength(10);
    expect(SEARCH_SPECIALIZATIONS).toContain("Gender & Social Inclusion");
    for (const expertise of ["Gender & Social Inclusion", "gender & social inclusion"]) {
      const parsed = parseSearchParams(new URLSearchParams({ expertise }));
      if (!parsed.success) throw parsed.error;
      expect(parsed.data.expertise).toBe("Gender & Social Inclusion");
      const found = await searchConsultants({ db: holder.db.db, runtime }, parsed.data);
      expect(found.consultants.map((consultant) => consultant.name).sort()).toEqual(["Primary", "Secondary"]);
    }
  });

  it("counts in the stats only the areas the tiles show", async () => {
    // Gender & Social Inclusion, Education, Finance: a free-text secondary is not an area.
    expect((await getDirectoryStats(holder.db.db)).totalSpecializations).toBe(3);
  });
});
