import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { FUNCTIONS_FILE, functionsSql } from "./functions.ts";

describe("server/db/functions.sql", () => {
  const holder = {} as { db: TestDatabase };
  beforeAll(async () => {
    holder.db = await createTestDatabase();
  });
  afterAll(async () => {
    await holder.db?.close();
  });

  it("holds every function and trigger of the migrated database as it is (npm run db:functions writes it)", async () => {
    const generated = await functionsSql(holder.db.sql);
    expect(generated).toContain("FUNCTION public.search_analyze_words(");
    expect(generated).toContain("CREATE TRIGGER");
    // Not the extensions' functions.
    expect(generated).not.toContain("FUNCTION public.unaccent(");
    expect(await readFile(FUNCTIONS_FILE, "utf8"), "server/db/functions.sql is stale: run npm run db:functions").toBe(generated);
  });
});
