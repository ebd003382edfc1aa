import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "#common/search-params.ts";
import type { AssignmentInput } from "#common/track-record.ts";
import { createRuntime } from "#server/runtime.ts";
import { replaceTrackRecord } from "#server/services/consultants/track-record.ts";
import { searchConsultants } from "#server/services/search/index.ts";
import { UNSPACED_CORPUS } from "../../tests/fixtures/unspaced/corpus.ts";
import { UNICODE_BIO } from "../../tests/fixtures/zawgyi.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { backfillUnspacedWords, refreshUnspacedWords } from "./unspaced-words.ts";

// Issue 37: Thai, Lao, Khmer and Burmese text searchable. Each bio of the corpus (50 Thai, 22
// Khmer, Lao and Burmese) is a listed profile; each of its query words, typed alone in the search
// box, must find it. Before migration 0030 none did: PostgreSQL kept each run as one token.

const runtime = createRuntime({ insights: null });
let database: TestDatabase;
const ids = new Map<number, number>();

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [index, entry] of UNSPACED_CORPUS.entries()) {
    ids.set(index, await insertListedConsultant(database.db, { name: `Corpus ${index}`, bio: entry.text }));
  }
  // Written straight into the table (as the seed and imports do): the start-up backfill cuts them.
  await backfillUnspacedWords(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function names(keywords: string) {
  const parsed = parseSearchParams(new URLSearchParams({ keywords, limit: "100" }));
  if (!parsed.success) throw parsed.error;
  const result = await searchConsultants({ db: database.db, runtime }, parsed.data);
  return result.consultants.map((consultant) => consultant.name);
}

describe("Thai, Lao, Khmer and Burmese words in the search", () => {
  it("finds each bio of the corpus by each of its words typed alone (recall at least 95 %)", async () => {
    const misses: string[] = [];
    let queries = 0;
    const byLanguage = new Map<string, { found: number; total: number }>();
    for (const [index, entry] of UNSPACED_CORPUS.entries()) {
      for (const query of entry.queries) {
        queries++;
        const found = (await names(query)).includes(`Corpus ${index}`);
        const tally = byLanguage.get(entry.language) ?? { found: 0, total: 0 };
        byLanguage.set(entry.language, { found: tally.found + (found ? 1 : 0), total: tally.total + 1 });
        if (!found) misses.push(`${entry.language} “${query}” in “${entry.text}”`);
      }
    }
    const recall = (queries - misses.length) / queries;
    const summary = [...byLanguage].map(([language, { found, total }]) => `${language} ${found}/${total}`).join(", ");
    console.info(
      `unspaced-script recall: ${(recall * 100).toFixed(1)} % of ${queries} queries (${summary})\n${misses.join("\n")}`,
    );
    expect(UNSPACED_CORPUS.filter((entry) => entry.language === "th").length).toBeGreaterThanOrEqual(50);
    expect(UNSPACED_CORPUS.filter((entry) => entry.language !== "th").length).toBeGreaterThanOrEqual(20);
    expect(queries).toBeGreaterThanOrEqual(200);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  it("does not find a bio by a word it does not contain, and a query mixing English and Thai needs both", async () => {
    // A word of the field glossary also finds its concept's other forms ("ไข้เลือดออก" finds disease
    // surveillance); a word no concept has finds the one bio with it.
    expect(await names("โกโก้")).toEqual([`Corpus ${UNSPACED_CORPUS.findIndex((entry) => entry.text.includes("โกโก้"))}`]);
    expect(await names("ทุเรียน")).toEqual([]);
    const mixed = await insertListedConsultant(database.db, {
      name: "Mixed",
      title: "Evaluation Specialist",
      bio: "Led the final evaluation. มีประสบการณ์ด้านการประเมินผลโครงการชลประทาน",
    });
    await refreshUnspacedWords(database.db, [mixed]);
    expect(await names("evaluation ชลประทาน")).toEqual(["Mixed"]);
    expect(await names("evaluation ไข้เลือดออก")).toEqual([]);
  });

  it("reads a query typed in Zawgyi as the Unicode it stores", async () => {
    // Many Burmese phones still type Zawgyi; what they save is stored in Unicode (../services/burmese.ts),
    // and their queries must meet it: "ေက်းလက္" is Zawgyi for "ကျေးလက်" (rural).
    const id = await insertListedConsultant(database.db, { name: "Unicode Burmese", bio: UNICODE_BIO });
    await refreshUnspacedWords(database.db, [id]);
    const unicode = await names("ကျေးလက်");
    expect(unicode).toContain("Unicode Burmese");
    expect(await names("ေက်းလက္")).toEqual(unicode);
    expect(await names("ေက်းလက္ ေရႏွင့္")).toEqual(await names("ကျေးလက် ရေနှင့်"));
    expect(await names("ေက်းလက္ ေရႏွင့္")).toContain("Unicode Burmese");
  });

  it("ranks a word of the title as a title's word, not as a word of the bio (0050)", async () => {
    // The same Thai word, "สุขาภิบาล" (sanitation), in one profile's title and in another's bio:
    // the title's ranks first, as an English title's word does. Before 0050 every cut word was read
    // at the bio's weight, and the later profile (the bio's) came first on the tie.
    const inTitle = await insertListedConsultant(database.db, {
      name: "Title Thai",
      title: "ที่ปรึกษาด้านสุขาภิบาลชุมชน",
      bio: "Works with district health offices.",
    });
    const inBio = await insertListedConsultant(database.db, {
      name: "Bio Thai",
      title: "Development Consultant",
      bio: "Works with district health offices. ที่ปรึกษาด้านสุขาภิบาลชุมชน",
    });
    // As a profile kept its words before 0050: the bio's words, not yet the head's.
    await refreshUnspacedWords(database.db, [inTitle, inBio]);
    await database.db.execute(sql`update consultants set search_unspaced_head = null where id = ${inTitle}`);
    await backfillUnspacedWords(database.db);
    const found = await names("สุขาภิบาล");
    expect(found).toContain("Title Thai");
    expect(found.indexOf("Title Thai")).toBeLessThan(found.indexOf("Bio Thai"));
    const [row] = await database.db.execute<{ head: boolean }>(
      sql`select search_head @@ to_tsquery('search_english', 'สุขาภิบาล') as head from consultants where id = ${inTitle}`,
    );
    expect(row?.head).toBe(true);
  });

  it("reads the track record's words too, and keeps up when the text changes", async () => {
    const id = await insertListedConsultant(database.db, { name: "Track", bio: "Works across the Mekong region." });
    const assignment: AssignmentInput = {
      title: "ที่ปรึกษาโครงการบริหารจัดการลุ่มน้ำโขง",
      organization: "Mekong River Commission",
      donors: ["GIZ"],
      countries: ["Laos"],
      role: null,
      startDate: "2019-01",
      endDate: "2020-06",
      sector: null,
      description: "ສ້າງຄວາມເຂັ້ມແຂງໃຫ້ຄະນະກຳມະການລຸ່ມນ້ຳ",
    };
    await replaceTrackRecord(database.db, id, { assignments: [assignment] });
    await refreshUnspacedWords(database.db, [id]);
    expect(await names("ลุ่มน้ำ")).toContain("Track");
    expect(await names("ຄະນະກຳມະການ")).toEqual(["Track"]);
    await replaceTrackRecord(database.db, id, { assignments: [] });
    await refreshUnspacedWords(database.db, [id]);
    expect(await names("ຄະນະກຳມະການ")).toEqual([]);
  });
});
