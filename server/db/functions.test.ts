import { readFile } from "node:fs/promises";
import { describe, expect } from "vitest";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { FUNCTIONS_FILE, functionsSql } from "./functions.ts";

const it = databaseTest();

describe("server/db/functions.sql", () => {
  it("holds every function and trigger of the migrated database as it is (npm run db:functions writes it)", async ({
    database,
  }) => {
    const generated = await functionsSql(database.sql);
    expect(generated).toContain("FUNCTION public.search_analyze_words(");
    expect(generated).toContain("CREATE TRIGGER");
    // Not the extensions' functions.
    expect(generated).not.toContain("FUNCTION public.unaccent(");
    expect(await readFile(FUNCTIONS_FILE, "utf8"), "server/db/functions.sql is stale: run npm run db:functions").toBe(generated);
  });
});
