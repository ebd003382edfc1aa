import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeAdditions } from "#common/glossary/glossary.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { continueRetag, GlossaryCache, retagPending, startRetag, syncConceptForms } from "./concepts.ts";

// The documents' concept lexemes (migration 0028): written with the profile, and again for every
// profile when the glossary's forms change (a new file, an admin's synonym).

describe("profiles tagged with the glossary's concepts", () => {
  const holder = {} as { db: TestDatabase; glossary: GlossaryCache };

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    holder.glossary = new GlossaryCache();
  });
  afterAll(async () => {
    await holder.db?.close();
  });

  async function concepts(id: number, column: "search_head" | "search_document" = "search_document") {
    const rows = await holder.db.sql<{ lexeme: string; weights: string[] }[]>`
      select lexeme, weights from unnest((select ${holder.db.sql(column)} from consultants where id = ${id}))
      where lexeme like '#k:%' order by lexeme`;
    return rows.map((row) => `${row.lexeme}:${row.weights.join("")}`);
  }

  it("tags a profile with each concept it names, at the weight of the best field, in the head too", async () => {
    const id = await insertListedConsultant(holder.db.db, {
      title: "Monitoring and Evaluation Officer",
      primarySpecialization: "Technology",
      secondarySpecializations: [],
      bio: "Designed the M&E system of a rural water supply programme.",
    });
    expect(await concepts(id)).toEqual(expect.arrayContaining(["#k:monitoring-evaluation:A", "#k:drinking-water-supply:D"]));
    expect(await concepts(id, "search_head")).toContain("#k:monitoring-evaluation:A");
    expect(await concepts(id, "search_head")).not.toContain("#k:drinking-water-supply:D");
    // The bio changes: its concepts follow.
    await holder.db.sql`update consultants set bio = 'Trains district health staff.' where id = ${id}`;
    expect(await concepts(id)).not.toContain("#k:drinking-water-supply:D");
    expect(await concepts(id)).toContain("#k:monitoring-evaluation:A");
  });

  it("writes the forms once, and tags every profile again when a form is added", async () => {
    const base = holder.glossary.base();
    // The template database has the file's forms already (as the app writes them at start-up).
    expect(await syncConceptForms(holder.db.db, base)).toBe(0);
    const id = await insertListedConsultant(holder.db.db, { bio: "Known for zorbling the water points." });
    expect(await concepts(id)).not.toContain("#k:drinking-water-supply:D");

    const { glossary, rejected } = mergeAdditions(base, [
      { conceptId: "drinking-water-supply", language: "en", text: "zorbling" },
    ]);
    expect(rejected).toEqual([]);
    expect(await syncConceptForms(holder.db.db, glossary)).toBe(1);
    await startRetag(holder.db.db);
    expect(await retagPending(holder.db.db)).toBe(true);
    // One run of the job goes through this small directory; nothing is left for the next.
    expect(await continueRetag(holder.db.db)).toBe(false);
    expect(await retagPending(holder.db.db)).toBe(false);
    expect(await concepts(id)).toContain("#k:drinking-water-supply:D");

    // The form taken away again: the tag goes with it.
    expect(await syncConceptForms(holder.db.db, base)).toBe(1);
    await startRetag(holder.db.db);
    await continueRetag(holder.db.db);
    expect(await concepts(id)).not.toContain("#k:drinking-water-supply:D");
  });

  it("reads the admins' additions again after a directory change, and merges them again only when they changed", async () => {
    const cache = new GlossaryCache();
    const first = await cache.get(holder.db.db);
    cache.drop();
    expect(await cache.get(holder.db.db)).toBe(first);
    await holder.db
      .sql`insert into glossary_additions (concept_id, language, text) values ('drinking-water-supply', 'en', 'blorpwater')`;
    const unchanged = await cache.get(holder.db.db);
    expect(unchanged).toBe(first);
    cache.drop();
    const merged = await cache.get(holder.db.db);
    expect(merged).not.toBe(first);
    expect(merged.byId.get("drinking-water-supply")?.terms.en?.map((form) => form.text)).toContain("blorpwater");
    expect(first.byId.get("drinking-water-supply")?.terms.en?.map((form) => form.text)).not.toContain("blorpwater");
    cache.drop();
    expect(await cache.get(holder.db.db)).toBe(merged);
    await holder.db.sql`delete from glossary_additions`;
  });
});
