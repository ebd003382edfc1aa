import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeAdditions } from "#common/glossary/glossary.ts";
import { opportunitySearchSchema } from "#common/opportunities.ts";
import { createRuntime } from "#server/runtime.ts";
import { refreshSearchDocuments } from "#server/services/opportunities/opportunities.ts";
import { searchWith } from "#server/services/opportunities/search.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { rerunMigration } from "../../../tests/setup/migrations.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { continueRetag, GlossaryCache, retagAll, retagPending, startRetag, syncConceptForms } from "./concepts.ts";
import { searchConsultants } from "./index.ts";

const runtime = createRuntime({ insights: null });

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

// An acronym that is also an ordinary word (WASH, MEL, ToT: standalone: false in the glossary) is
// read in the query only as written in capitals; the documents, which lose their case when parsed,
// get its concept from the capitals of the text as written (migration 0048): "WASH" tags a profile
// or a ToR, "wash" does not.
describe("acronyms written in a profile's or a ToR's text (issue 33)", () => {
  const holder = {} as { db: TestDatabase; profiles: Map<string, number>; tors: Map<number, string> };
  /** Each text, as a profile's bio and as a ToR's description; the keywords that must find it. */
  const TEXTS: Record<string, { text: string; title?: string; finds: string[] }> = {
    wash: { text: "Led the WASH programme in Lao PDR for four years.", finds: ["WASH"] },
    gesi: { text: "GESI adviser to the provincial health department.", finds: ["GESI"] },
    me: { text: "Designed the M&E framework of a livelihoods project.", finds: ["M&E", "MEL"] },
    pfm: { text: "Supported PFM reform in the Ministry of Finance.", finds: ["PFM"] },
    mel: { text: "Wrote the MEL plan and trained the district teams.", finds: ["MEL", "M&E"] },
    tot: { text: "Ran a ToT for provincial trainers.", finds: ["ToT", "TOT"] },
    title: { text: "Works with district governments.", title: "WASH Specialist", finds: ["WASH"] },
    word: { text: "Taught children to wash their hands; Mel and her team ran the tot and meal clubs.", finds: [] },
    // Capitals that mean something else in a text (the glossary's tagsText: false).
    api: { text: "Wrote the REST API of the DHIS2 integration.", finds: [] },
    pm: { text: "Adviser to the PM's office on air quality (PM 2.5).", finds: [] },
    km: { text: "Supervised the upgrading of 120 KM of rural roads.", finds: [] },
    gap: { text: "Prepared the GAP of the loan with the women's union.", finds: [] },
    ea: { text: "Prepared the EA and the environmental management plan.", finds: [] },
  };

  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const { db, sql } = holder.db;
    holder.profiles = new Map();
    for (const [key, { text, title }] of Object.entries(TEXTS)) {
      const id = await insertListedConsultant(db, {
        name: `Cased ${key}`,
        title: title ?? "Consultant",
        primarySpecialization: "Technology",
        secondarySpecializations: [],
        bio: text,
      });
      holder.profiles.set(key, id);
    }
    const [organization] = await sql<{ id: number }[]>`
      insert into organizations (name, slug, kind, country, verified_at, verification_method)
      values ('Capitals Trust', 'capitals-trust', 'ngo', 'LA', now(), 'admin') returning id`;
    holder.tors = new Map();
    for (const [key, { text, title }] of Object.entries(TEXTS)) {
      const [row] = await sql<{ id: number }[]>`
        insert into opportunities (organization_id, slug, title, description, description_html, countries,
          duration_value, duration_unit, deadline_date, deadline, time_zone, status, published_at)
        values (${organization?.id ?? 0}, ${`cased-${key}`}, ${title ?? "Short-term consultant"}, ${text}, ${`<p>${text}</p>`},
          ${["Laos"]}, 3, 'months', (now() + interval '30 days')::date, now() + interval '30 days', 'Asia/Vientiane',
          'published', now())
        returning id`;
      holder.tors.set(row?.id ?? 0, key);
    }
    await refreshSearchDocuments(db, [...holder.tors.keys()]);
  });
  afterAll(async () => {
    await holder.db?.close();
  });

  async function profilesFound(keywords: string) {
    const found = await searchConsultants({ db: holder.db.db, runtime }, searchParams({ keywords, limit: 100 }));
    const keys = new Map([...holder.profiles].map(([key, id]) => [id, key]));
    return found.consultants.flatMap((consultant) => keys.get(consultant.id) ?? []).sort();
  }
  async function torsFound(keywords: string) {
    const page = await searchWith({ readDb: holder.db.db, runtime }, opportunitySearchSchema.parse({ keywords }), new Date());
    return page.opportunities.flatMap((item) => holder.tors.get(item.id) ?? []).sort();
  }
  const expected = (keywords: string) =>
    Object.entries(TEXTS)
      .filter(([, { finds }]) => finds.includes(keywords))
      .map(([key]) => key)
      .sort();

  it.each(["WASH", "GESI", "M&E", "PFM", "MEL", "ToT", "TOT"])(
    "%s finds the profiles and the ToRs that write it, not the ones saying the ordinary word",
    async (keywords) => {
      expect(await profilesFound(keywords)).toEqual(expected(keywords));
      expect(await torsFound(keywords)).toEqual(expected(keywords));
    },
  );

  it.each([
    ["api", "climate adaptation", "API"],
    ["pm", "project management", "PM"],
    ["km", "knowledge management", "KM"],
    ["gap", "good agricultural practices", "GAP"],
    ["ea", "executing agency", "EA"],
  ])("tags no concept from capitals that mean something else in a text (%s is no %s)", async (key, spelled, acronym) => {
    expect(await profilesFound(spelled)).not.toContain(key);
    expect(await torsFound(spelled)).not.toContain(key);
    // Typed in a query, the acronym still names its concept.
    const typed = await searchConsultants({ db: holder.db.db, runtime }, searchParams({ keywords: acronym }));
    const [concept] =
      (await searchConsultants({ db: holder.db.db, runtime }, searchParams({ keywords: spelled }))).expandedTerms ?? [];
    expect(typed.expandedTerms?.map((expanded) => expanded.concept)).toEqual([concept?.concept]);
  });

  it("tags the documents written before (migration 0048, then the start-up's retag)", async () => {
    const { sql, db } = holder.db;
    // Written the old way: no capitals kept, so no concept from them.
    await sql`update consultants c set search_head = ts_delete(c.search_head, array(select lexeme from unnest(c.search_head)
        where lexeme like '#u:%' or lexeme = '#k:wash')),
      search_document = ts_delete(c.search_document, array(select lexeme from unnest(c.search_document)
        where lexeme like '#u:%' or lexeme = '#k:wash'))`;
    await sql`update opportunities o set search_document = ts_delete(o.search_document, array(select lexeme
      from unnest(o.search_document) where lexeme like '#u:%' or lexeme = '#k:wash'))`;
    expect(await profilesFound("WASH")).toEqual([]);
    expect(await torsFound("WASH")).toEqual([]);
    await rerunMigration(sql, "0048_search_capitals");
    await retagAll(db);
    expect(await profilesFound("WASH")).toEqual(["title", "wash"]);
    expect(await torsFound("WASH")).toEqual(["title", "wash"]);
    expect(await profilesFound("TOT")).toEqual(["tot"]);
  });

  it("finds the ordinary word, typed in lower case, as a word wherever it is written", async () => {
    expect(await profilesFound("wash")).toEqual(["title", "wash", "word"]);
    expect(await torsFound("wash")).toEqual(["title", "wash", "word"]);
  });
});
