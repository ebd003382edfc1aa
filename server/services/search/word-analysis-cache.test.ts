import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "#server/db/client.ts";
import { generateConsultants } from "#server/db/seed/generate.ts";
import { copyConsultants } from "#server/db/seed/seed.ts";
import { createRuntime } from "#server/runtime.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { searchConsultants } from "./index.ts";

/** The process state a search keeps (its caches), as a server process has one. */
const runtime = createRuntime({ insights: null });

// The words' analysis (stems, counts in the dictionary, completions of the last word) is kept
// per database pool for a minute and dropped whenever the directory changes, as every write
// service announces: a word searched again costs no round trip, and the counts that decide
// corrections and counting are those of the directory as it is.

describe("the words' analysis between searches", () => {
  const holder = {} as { db: TestDatabase };

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    await copyConsultants(holder.db.sql, generateConsultants({ count: 60, seed: 41, uniqueSuffix: true, emailTag: "words" }));
  });

  afterAll(async () => {
    await holder.db?.close();
  });

  it("analyses words once while the directory stays the same, and again once it changes", async () => {
    const statements: string[] = [];
    const watched = createDatabase(holder.db.url, { max: 2, onQuery: (statement) => statements.push(statement) });
    const analyses = () => statements.filter((statement) => statement.includes("search_analyze_words")).length;
    const search = (keywords: string) => searchConsultants({ db: watched.db, runtime }, searchParams({ keywords }));
    try {
      // "quokkaolog" completes to no word of the directory yet.
      expect((await search("quokkaolog")).total).toBe(0);
      expect((await search("quokkaolog")).total).toBe(0);
      expect(analyses()).toBe(1);

      // A profile with the word is listed; the analysis is not asked for again until a change is
      // announced, so the kept one completes the word to nothing yet (and one profile's word is
      // no correction: issue 33, a suggestion must have many matches).
      const [newcomer] = [...generateConsultants({ count: 1, seed: 42, uniqueSuffix: true, emailTag: "newcomer" })];
      if (!newcomer) throw new Error("no consultant generated");
      await copyConsultants(holder.db.sql, [{ ...newcomer, title: "Quokkaologist" }]);
      expect((await search("quokkaolog")).total).toBe(0);
      expect(analyses()).toBe(1);

      // Every write service announces its change: the next search analyses the words again.
      runtime.directory.changed();
      const found = await search("quokkaolog");
      expect(analyses()).toBe(2);
      expect(found.total).toBe(1);
      expect(found.consultants[0]?.title).toBe("Quokkaologist");
    } finally {
      await watched.close();
    }
  });
});
