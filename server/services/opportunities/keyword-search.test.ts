import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect } from "vitest";
import { mergeAdditions } from "#common/glossary/glossary.ts";
import { opportunitySearchSchema } from "#common/opportunities.ts";
import { createDatabase } from "#server/db/client.ts";
import { backfillUnspacedWords } from "#server/db/unspaced-words.ts";
import { createRuntime } from "#server/runtime.ts";
import { continueRetag, GlossaryCache, startRetag, syncConceptForms } from "#server/services/search/concepts.ts";
import type { TestDatabase } from "../../../tests/setup/database.ts";
import { databaseTest } from "../../../tests/setup/fixtures.ts";
import { relaxation } from "../../../tests/setup/search-params.ts";
import { refreshSearchDocuments } from "./opportunities.ts";
import { searchWith } from "./search.ts";

// The opportunities' keywords forgive what people type as the consultants' do (issue 32: "the same
// typo, accent and place-spelling tolerance"): a typo is corrected from the directory's words, a
// Vietnamese ToR is found typed without its accents, a place in any of its spellings. On the demo
// directory (its profiles make the words dictionary the corrector reads) with opportunities of
// one organization written here, and only the ones that say it come.

const it = databaseTest({ demo: true })
  /** The opportunities of this file, written once for its tests, and `found`/`finds` on them. */
  .extend("seeded", { scope: "file" }, async ({ database }) => {
    const { ids, organizationId } = await seed(database);
    /** Writes one more opportunity, known to `found` and `finds` by `key`. */
    const add = async (key: string, opportunity: Opportunity) => {
      ids.set(await insert(database, organizationId, key, opportunity), key);
    };
    return { ids, organizationId, add, ...finder(database, ids) };
  });
const runtime = createRuntime({ insights: null });

const OPPORTUNITIES = {
  evaluation: {
    title: "Final evaluation of a rural water programme",
    description: "An independent final evaluation of a rural water supply programme in three provinces.",
    countries: ["Cambodia"],
  },
  gender: {
    title: "Chuyên gia tư vấn bình đẳng giới",
    description: "Hỗ trợ lồng ghép bình đẳng giới trong kế hoạch phát triển kinh tế xã hội của thành phố Đà Nẵng, năm 2027.",
    countries: ["Vietnam"],
  },
  danang: {
    title: "Urban drainage engineer for Đà Nẵng",
    description: "Design review of the city's drainage and flood control works.",
    countries: ["Vietnam"],
  },
  procurement: {
    title: "Procurement specialist for water utilities",
    description: "Procurement planning and contract management for the water utilities of Phnom Penh and Siem Reap.",
    countries: ["Cambodia"],
  },
  hanoi: {
    title: "Equality of access to schools in Hà Nội",
    description: "A study of school access for the children of migrant workers in Hà Nội's outer districts.",
    countries: ["Vietnam"],
  },
  thai: {
    title: "ที่ปรึกษาด้านความเท่าเทียมทางเพศ",
    description: "สนับสนุนการบูรณาการความเท่าเทียมทางเพศในแผนพัฒนาท้องถิ่นและฝึกอบรมเจ้าหน้าที่เทศบาล",
    countries: ["Thailand"],
  },
  me: {
    title: "Mid-term review of a livelihoods project",
    description: "Design the monitoring and evaluation framework and train the district teams in data quality.",
    countries: ["Laos"],
  },
};
type Opportunity = { title: string; description: string; countries: string[] };

async function insert(database: TestDatabase, organizationId: number, key: string, opportunity: Opportunity) {
  const [row] = await database.sql<{ id: number }[]>`
    insert into opportunities (organization_id, slug, title, description, description_html, countries,
      duration_value, duration_unit, deadline_date, deadline, time_zone, status, published_at)
    values (${organizationId}, ${key}, ${opportunity.title}, ${opportunity.description},
      ${`<p>${opportunity.description}</p>`}, ${opportunity.countries}, 3, 'months',
      (now() + interval '30 days')::date, now() + interval '30 days', 'Asia/Ho_Chi_Minh', 'published', now())
    returning id`;
  const id = row?.id ?? 0;
  await refreshSearchDocuments(database.db, [id]);
  return id;
}

async function seed(database: TestDatabase) {
  const [organization] = await database.sql<{ id: number }[]>`
    insert into organizations (name, slug, kind, country, verified_at, verification_method)
    values ('Mekong Typing Trust', 'mekong-typing-trust', 'ngo', 'VN', now(), 'admin') returning id`;
  const organizationId = organization?.id ?? 0;
  const ids = new Map<number, string>();
  for (const [key, opportunity] of Object.entries(OPPORTUNITIES)) {
    ids.set(await insert(database, organizationId, key, opportunity), key);
  }
  return { ids, organizationId };
}

/** `found(keywords)`: the opportunities they find, by key, and the correction; `finds`: expects those keys and no correction. */
function finder(database: TestDatabase, ids: Map<number, string>) {
  const found = async (keywords: string) => {
    const page = await searchWith({ readDb: database.db, runtime }, opportunitySearchSchema.parse({ keywords }), new Date());
    return { keys: page.opportunities.map((item) => ids.get(item.id)).sort(), corrected: page.correctedKeywords };
  };
  const finds = async (keywords: string, keys: string[]) =>
    expect(await found(keywords), keywords).toEqual({ keys, corrected: undefined });
  return { found, finds };
}

describe("the opportunities' keywords forgive typos, missing accents and place spellings (issue 32)", () => {
  it("finds the opportunities that say it, and no others", async ({ seeded }) => {
    const { found, finds } = seeded;

    // A typo: corrected from the directory's words (evaluation is in 59 of the demo's 150 profiles).
    expect(await found("evalution")).toEqual({ keys: ["evaluation", "me"], corrected: "evaluation" });
    await finds("evaluation", ["evaluation", "me"]);
    expect(await found("evalution water")).toEqual({ keys: ["evaluation"], corrected: "evaluation water" });
    // (This one needs no correction: it stems as procurement does.)
    await finds("procurment", ["procurement"]);

    // Vietnamese typed without its accents, or with them.
    // (The Thai ToR names gender equality in Thai: the concept finds it too.)
    await finds("binh dang gioi", ["gender", "thai"]);
    await finds("bình đẳng giới", ["gender", "thai"]);
    await finds("BINH DANG GIOI", ["gender", "thai"]);

    // A place in any of its spellings, and only that place.
    for (const place of ["Da Nang", "Đà Nẵng", "Danang", "da nang"]) {
      expect(await found(place), place).toEqual({ keys: ["danang", "gender"], corrected: undefined });
    }
    await finds("Ha Noi", ["hanoi"]);
    await finds("binh dang gioi da nang", ["gender"]);
    await finds("drainage Da Nang", ["danang"]);
  });
});

// The consultants' search understands the field glossary (issue 33); the opportunities' is the same
// search (issue 32): a ToR is tagged with the concepts it names in any form, and a term typed in
// any form of a concept finds it, in English, Bahasa Indonesia or Vietnamese.
describe("the opportunities' keywords speak the field's language (issues 32 and 33)", () => {
  it("finds a ToR by an acronym or a local-language form of a concept it names in another", async ({ seeded }) => {
    const { finds } = seeded;

    // The ToR says "monitoring and evaluation", never "M&E".
    await finds("M&E", ["me"]);
    await finds("MEL", ["me"]);
    await finds("giám sát và đánh giá", ["me"]);
    // An English ToR about a rural water supply, by the Vietnamese and the Bahasa for clean water.
    await finds("nước sạch", ["evaluation"]);
    await finds("nuoc sach", ["evaluation"]);
    await finds("air bersih", ["evaluation"]);
    // A Vietnamese ToR on gender equality (and the Thai one), by the Bahasa and the English.
    await finds("kesetaraan gender", ["gender", "thai"]);
    await finds("gender equality", ["gender", "thai"]);
    // A concept and a place, both to match.
    await finds("air bersih Cambodia", ["evaluation"]);
    await finds("M&E Cambodia", []);
  });

  it("finds a ToR written in Thai by a word inside it, and by a concept it names in Thai (issue 37)", async ({
    database,
    seeded,
  }) => {
    const { ids, finds } = seeded;

    // Words in the middle of runs without spaces: the ToR's text cut with ICU's dictionaries.
    await finds("สนับสนุน", ["thai"]);
    await finds("ฝึกอบรม", ["thai"]);
    await finds("เทศบาล", ["thai"]);
    // Gender equality named in Thai inside the title: the Thai form finds it with the Vietnamese one.
    await finds("ความเท่าเทียมทางเพศ", ["gender", "thai"]);

    // Written before its words were cut (migration 0045): the start-up's backfill cuts them and
    // writes the document again.
    await database.sql`update opportunities set search_unspaced = null,
      search_document = ts_delete(search_document, string_to_array(search_unspaced, ' '))
      where search_unspaced is not null`;
    await finds("เทศบาล", []);
    const rewritten = await backfillUnspacedWords(database.db, {
      table: "opportunities",
      refresh: (rows) => refreshSearchDocuments(database.db, rows),
    });
    expect(rewritten).toBe(1);
    await finds("เทศบาล", ["thai"]);
    // The title's words at the title's weight (A, 0050), the ToR's at the ToR's: "ปรึกษา" is only
    // in the title, "เทศบาล" only in the ToR.
    const [weights] = await database.sql<{ title: boolean; tor: boolean }[]>`select
        search_document @@ to_tsquery('search_english', 'ปรึกษา:A') as title,
        search_document @@ to_tsquery('search_english', 'เทศบาล:A') as tor
      from opportunities where id = ${[...ids].find(([, key]) => key === "thai")?.[0] ?? 0}`;
    expect(weights).toEqual({ title: true, tor: false });
  });

  it("finds a ToR written before its concepts were tagged, once the migration or the retag has tagged it", async ({
    database,
    seeded,
  }) => {
    const { add, finds } = seeded;

    // Written before migration 0044: documents without their concepts, which it tags.
    await database.sql`update opportunities set search_document = search_without_concepts(search_document)`;
    await finds("M&E", []);
    const migration = readFileSync(
      fileURLToPath(new URL("../../db/migrations/0044_opportunity_concepts.sql", import.meta.url)),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint")) await database.sql.unsafe(statement);
    await finds("M&E", ["me"]);
    await finds("nước sạch", ["evaluation"]);

    // Written before the glossary's forms changed: an admin adds a form of clean water.
    await add("blorp", {
      title: "School facilities survey",
      description: "Repair of the blorpwater tanks of forty schools.",
      countries: ["Cambodia"],
    });
    await finds("nước sạch", ["evaluation"]);
    const base = new GlossaryCache().base();
    const { glossary, rejected } = mergeAdditions(base, [
      { conceptId: "drinking-water-supply", language: "en", text: "blorpwater" },
    ]);
    expect(rejected).toEqual([]);
    const retag = async () => {
      await startRetag(database.db);
      // One run of the job goes through the profiles, then the opportunities.
      expect(await continueRetag(database.db)).toBe(false);
    };
    expect(await syncConceptForms(database.db, glossary)).toBe(1);
    await retag();
    await finds("nước sạch", ["blorp", "evaluation"]);
    // The form taken away again: the tag goes with it.
    expect(await syncConceptForms(database.db, base)).toBe(1);
    await retag();
    await finds("nước sạch", ["evaluation"]);
  });
});

/** Five ToRs about boreholes (a word no profile of the demo directory uses), written once: their keys. */
let boreholes: Promise<string[]> | undefined;
function boreholesIn(database: TestDatabase, { ids, organizationId }: { ids: Map<number, string>; organizationId: number }) {
  boreholes ??= (async () => {
    const countries = ["Cambodia", "Laos", "Cambodia", "Vietnam", "Cambodia"];
    for (const [index, country] of countries.entries()) {
      const key = `borehole${index}`;
      ids.set(
        await insert(database, organizationId, key, {
          title: `Borehole siting survey, lot ${index + 1}`,
          description: "Geophysical siting and supervision of borehole drilling for village schools.",
          countries: [country],
        }),
        key,
      );
    }
    return countries.map((_, index) => `borehole${index}`);
  })();
  return boreholes;
}

// Never a dead end (issues 32 and 33), as the consultants' search: a search that finds nothing
// answers what would find something, and a typo is corrected from the words the opportunities
// themselves use (opportunity_words, migration 0046), not only from the profiles'.
describe("the opportunities' search is never a dead end, and corrects from the opportunities' own words (issues 32 and 33)", () => {
  it("corrects a word only ToRs use, and leaves a word one ToR uses alone", async ({ database, seeded }) => {
    const { add, found, finds } = seeded;
    const boreholes = await boreholesIn(database, seeded);
    expect(await found("borehle")).toEqual({ keys: boreholes, corrected: "borehole" });
    await finds("borehole", boreholes);
    // The profiles' typos are corrected as before ("sanitation" is in 8 of the demo's profiles).
    await add("sanitation", {
      title: "Sanitation marketing adviser",
      description: "Design a sanitation marketing campaign with the provincial health department.",
      countries: ["Laos"],
    });
    expect(await found("sanitaton")).toEqual({ keys: ["sanitation"], corrected: "sanitation" });
    expect(await found("evaluaton")).toEqual({ keys: ["evaluation", "me"], corrected: "evaluation" });

    // "Walter" is one letter from "water", which many profiles use and two ToRs say; one ToR names
    // the Walter Foundation: the word has a match of its own and is not "corrected".
    await add("walter", {
      title: "Clinic network review for a family foundation",
      description: "Review the Walter Foundation's network of rural clinics.",
      countries: ["Laos"],
    });
    await finds("walter", ["walter"]);
    // Unpublished, its words leave the dictionary with it: now a typo of "water".
    await database.sql`update opportunities set status = 'closed' where slug = 'walter'`;
    expect((await found("walter")).corrected).toBe("water");
  });

  it("answers, when nothing matches, the keywords without a word and the search without a filter, each counted", async ({
    database,
    seeded,
  }) => {
    await boreholesIn(database, seeded);
    const search = (query: Record<string, string>) =>
      searchWith({ readDb: database.db, runtime }, opportunitySearchSchema.parse(query), new Date());

    // No ToR says both: each word alone finds some, the most first.
    const words = await search({ keywords: "borehole drainage" });
    expect(words.total).toBe(0);
    expect(words.relaxations).toEqual([
      relaxation({ words: ["drainage"] }, 5, "?keywords=borehole"),
      relaxation({ words: ["borehole"] }, 1, "?keywords=drainage"),
    ]);
    // Filters: the search without each (Thailand has no borehole; only three are in Cambodia).
    const filters = await search({ keywords: "borehole", country: "Thailand", remote: "true", sort: "deadline" });
    expect(filters.total).toBe(0);
    expect(filters.relaxations).toEqual([]);
    const country = await search({ keywords: "borehole", country: "Thailand", sort: "deadline" });
    expect(country.relaxations).toEqual([
      relaxation({ filter: "country", value: "Thailand" }, 5, "?keywords=borehole&sort=deadline"),
    ]);
    // The relaxed search is the link's: what it finds is what was counted.
    expect((await search({ keywords: "borehole", sort: "deadline" })).total).toBe(5);
    // Nothing to relax, or something found: no relaxations.
    expect((await search({ keywords: "zzyzx" })).relaxations).toEqual([]);
    expect((await search({ keywords: "borehole" })).relaxations).toBeUndefined();
  });

  it("asks the corrector once for a search that found nothing and all its relaxations", async ({ database, seeded }) => {
    await boreholesIn(database, seeded);
    const statements: string[] = [];
    const counted = createDatabase(database.url, { max: 1, onQuery: (query) => statements.push(query) });
    try {
      const query = { keywords: "borehle", country: "Thailand", sort: "deadline" };
      const answer = await searchWith({ readDb: counted.db, runtime }, opportunitySearchSchema.parse(query), new Date());
      // Corrected to "borehole", still none in Thailand; without the country, the five (corrected too).
      expect(answer.total).toBe(0);
      expect(answer.relaxations).toEqual([
        relaxation({ filter: "country", value: "Thailand" }, 5, "?keywords=borehle&sort=deadline"),
      ]);
      expect(statements.filter((statement) => statement.includes('from "opportunity_words" w'))).toHaveLength(1);

      // The relaxations without a word correct the other words from what the search was told:
      // still one question to the dictionary (it was asked for "borehle drainage", then for
      // "drainage" and for "borehle" alone).
      statements.length = 0;
      const words = await searchWith(
        { readDb: counted.db, runtime },
        opportunitySearchSchema.parse({ keywords: "borehle drainage" }),
        new Date(),
      );
      expect(words.total).toBe(0);
      expect(words.relaxations).toEqual([
        relaxation({ words: ["drainage"] }, 5, "?keywords=borehle"),
        relaxation({ words: ["borehle"] }, 1, "?keywords=drainage"),
      ]);
      expect(statements.filter((statement) => statement.includes('from "opportunity_words" w'))).toHaveLength(1);
    } finally {
      await counted.close();
    }
  });
});
