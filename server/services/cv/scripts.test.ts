import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { CV_FORMATS } from "./formats.ts";
import { breakWords, scriptRuns } from "./pdf-kit.ts";
import type { CvData } from "./render.ts";

// The CV PDF in the scripts consultants here write in (issue 37): Thai, Lao, Khmer and Burmese
// set in their Noto families and wrapped between words inside the margins, Vietnamese with its
// diacritics, and what no font can show left out rather than drawn as boxes. Read back from the
// PDF with pdf.js: every piece of text and where it stands on its page.

const THAI_BIO =
  "นักเศรษฐศาสตร์ด้านการพัฒนาที่มีประสบการณ์มากกว่าสิบห้าปีในการออกแบบและประเมินผลโครงการด้านการจัดการทรัพยากรน้ำและการปรับตัวต่อการเปลี่ยนแปลงสภาพภูมิอากาศ " +
  "เคยทำงานร่วมกับธนาคารพัฒนาเอเชียโครงการพัฒนาแห่งสหประชาชาติและกรมชลประทานในภาคตะวันออกเฉียงเหนือของประเทศไทยและลุ่มน้ำโขงตอนล่าง " +
  "มีความเชี่ยวชาญในการวิเคราะห์ต้นทุนและผลประโยชน์การจัดทำกรอบผลลัพธ์และการฝึกอบรมเจ้าหน้าที่ภาครัฐระดับจังหวัดในการติดตามและประเมินผลโครงการลงทุนด้านโครงสร้างพื้นฐาน";
const KHMER =
  "អ្នកជំនាញផ្នែកសុខភាពសាធារណៈដែលមានបទពិសោធន៍ជាងដប់ឆ្នាំក្នុងការធ្វើការជាមួយក្រសួងសុខាភិបាលនិងអង្គការមិនមែនរដ្ឋាភិបាលនៅតាមខេត្តនានានៃប្រទេសកម្ពុជា";
const LAO = "ຊ່ຽວຊານດ້ານການພັດທະນາຊົນນະບົດທີ່ມີປະສົບການຫຼາຍກວ່າສິບປີໃນການເຮັດວຽກກັບກະຊວງກະສິກຳແລະປ່າໄມ້ແລະອົງການຈັດຕັ້ງສາກົນໃນແຂວງພາກໃຕ້ຂອງລາວ";
const BURMESE = "ကျေးလက်ဖွံ့ဖြိုးရေးနှင့်စိုက်ပျိုးရေးကဏ္ဍတွင်နှစ်ပေါင်းဆယ်နှစ်ကျော်အတွေ့အကြုံရှိသောအကြံပေးပုဂ္ဂိုလ်ဖြစ်ပြီးကမ္ဘာ့ဘဏ်နှင့်ကုလသမဂ္ဂအဖွဲ့အစည်းများနှင့်အတူလုပ်ကိုင်ခဲ့သည်";
const CHINESE = "公共卫生专家，在马来西亚和新加坡有十二年的卫生系统工作经验，曾与世界卫生组织合作。";
const MIXED_ARABIC = "Team leader في مشروع المياه 2020 in Jordan.";
const ARABIC = "أعمل في مجال التنمية منذ عشر سنوات مع وزارة المياه والري (الأردن).";
const VIETNAMESE = "Chuyên gia đánh giá chương trình y tế với mười hai năm kinh nghiệm tại các tỉnh miền núi phía Bắc Việt Nam.";

function cv(overrides: Partial<CvData> = {}): CvData {
  return {
    name: "Apinya Rattanakorn",
    title: "Water Resources Economist",
    location: "Khon Kaen, Thailand",
    country: "Thailand",
    email: null,
    phone: null,
    yearsExperience: 15,
    primarySpecialization: "Environment",
    secondarySpecializations: ["Agriculture"],
    bio: THAI_BIO,
    languages: ["Thai", "English"],
    languageLevels: { Thai: "native", English: "fluent" },
    availableForWork: true,
    availableFrom: null,
    dailyRate: null,
    assignments: [
      {
        id: 1,
        title: "Mekong Water Governance Programme",
        organization: "Mekong River Commission",
        donors: ["Asian Development Bank"],
        countries: ["Thailand", "Laos"],
        role: "Team Leader",
        startDate: "2020-01",
        endDate: null,
        sector: "Environment",
        description: `Led the economic appraisal. ${THAI_BIO}`,
      },
    ],
    education: [],
    updatedAt: new Date("2026-11-01T00:00:00Z"),
    ...overrides,
  };
}

type Item = { text: string; page: number; x: number; right: number; y: number };

async function itemsOf(bytes: Uint8Array): Promise<{ items: Item[]; width: number }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const items: Item[] = [];
  let width = 0;
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    width = page.view[2] ?? 0;
    for (const item of (await page.getTextContent()).items) {
      if (!("str" in item) || !item.str.trim()) continue;
      const x = item.transform[4] ?? 0;
      items.push({ text: item.str, page: number, x, right: x + item.width, y: item.transform[5] ?? 0 });
    }
  }
  await document.cleanup();
  return { items, width };
}

/**
 * The lines of text (items on one baseline, a mark raised a few points over it included) in
 * which every letter is Thai, in the order they were written; spaces and zero-width spaces left
 * out. SARA AM is drawn, and read back, as NIKHAHIT and SARA AA (pdf-kit.ts's clean): one "ำ".
 */
function thaiLines(items: Item[]): string[] {
  const lines: { page: number; y: number; text: string }[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last && last.page === item.page && Math.abs(last.y - item.y) < 5) last.text += item.text;
    else lines.push({ page: item.page, y: item.y, text: item.text });
  }
  return lines
    .map((line) => line.text.replace(/[\s\u200B]/gu, "").replace(/\u0E4D\u0E32/gu, "\u0E33"))
    .filter((text) => /^\p{Script=Thai}+$/u.test(text));
}

/** Where `text`'s words end, counted in characters other than spaces. */
function wordEnds(text: string): Set<number> {
  const ends = new Set<number>();
  let count = 0;
  for (const { segment } of new Intl.Segmenter("th", { granularity: "word" }).segment(text)) {
    count += segment.replace(/\s/gu, "").length;
    ends.add(count);
  }
  return ends;
}

const MARGIN_SLACK = 0.5;

describe("the CV PDF in the region's scripts", () => {
  for (const format of ["standard", "europass", "eu"] as const) {
    it(`${format}: wraps a long Thai bio inside the margins, breaking lines only between words`, async () => {
      const { items, width } = await itemsOf(await CV_FORMATS[format].render(cv(), { generatedAt: new Date() }));
      const margin = format === "standard" ? 56 : 48;
      // Every piece of text inside the page's margins.
      const outside = items.filter((item) => item.x < margin - MARGIN_SLACK || item.right > width - margin + MARGIN_SLACK);
      expect(outside).toEqual([]);
      // The bio, line by line: all of it, in order, cut only where a word ends.
      const compact = THAI_BIO.replace(/\s/gu, "");
      const lines = thaiLines(items);
      const start = lines.findIndex((line) => compact.startsWith(line));
      expect(start, lines.join("\n")).toBeGreaterThanOrEqual(0);
      const ends = wordEnds(THAI_BIO);
      let read = "";
      const cuts: string[] = [];
      for (const line of lines.slice(start)) {
        if (read.length >= compact.length) break;
        read += line;
        if (read.length < compact.length && !ends.has(read.length))
          cuts.push(`${line.slice(-6)}|${compact.slice(read.length, read.length + 6)}`);
      }
      expect(read.slice(0, compact.length)).toBe(compact);
      // The words are drawn together, as written: the break marks are not in the text.
      expect(items.map((item) => item.text).join("")).toContain("นักเศรษฐศาสตร์ด้านการพัฒนา");
      // Several lines, none of them cut inside a word.
      expect(lines.length).toBeGreaterThan(4);
      expect(cuts).toEqual([]);
    });
  }

  it("shows Khmer, Lao, Burmese and Vietnamese, each wrapped inside the margins", async () => {
    const bio = [KHMER, LAO, BURMESE, VIETNAMESE].join("\n");
    const bytes = await CV_FORMATS.standard.render(cv({ bio, name: "Sok Chanthy", assignments: [] }), {
      generatedAt: new Date(),
    });
    const { items, width } = await itemsOf(bytes);
    expect(items.filter((item) => item.x < 56 - MARGIN_SLACK || item.right > width - 56 + MARGIN_SLACK)).toEqual([]);
    const text = items
      .map((item) => item.text)
      .join("")
      .normalize("NFC");
    // Complex scripts come back in the order the glyphs are drawn (a Khmer vowel sign before its
    // consonant): compare the letters each script's text is made of.
    for (const [name, sample] of [
      ["Khmer", KHMER],
      ["Lao", LAO],
      ["Burmese", BURMESE],
    ] as const) {
      const script = new RegExp(`\\p{Script=${name === "Burmese" ? "Myanmar" : name}}`, "gu");
      const wanted = [...sample.matchAll(script)].length;
      const found = [...text.matchAll(script)].length;
      expect(found, name).toBeGreaterThanOrEqual(Math.floor(wanted * 0.9));
    }
    expect(text).toContain("Chuyên gia đánh giá chương trình y tế với mười hai năm kinh nghiệm");
    // Each script's family embedded (as a subset of the glyphs used), and the file stays small.
    const raw = Buffer.from(bytes).toString("latin1");
    for (const family of ["NotoSans-Regular", "NotoSansKhmer", "NotoSansLao", "NotoSansMyanmar"]) expect(raw).toContain(family);
    expect(bytes.byteLength).toBeLessThan(120_000);
  });

  it("embeds a script's font only when the CV has text in it", async () => {
    const bytes = await CV_FORMATS.standard.render(cv({ bio: VIETNAMESE, assignments: [] }), { generatedAt: new Date() });
    const raw = Buffer.from(bytes).toString("latin1");
    expect(raw).toContain("NotoSans-Regular");
    for (const family of ["NotoSansThai", "NotoSansKhmer", "NotoSansLao", "NotoSansMyanmar"]) expect(raw).not.toContain(family);
  });

  it("shows Chinese, wrapped inside the margins, and Arabic shaped and set right to left in the bidirectional order", async () => {
    const chinese = CHINESE.repeat(3);
    // The last line: an address longer than a line, cut where it meets the margin.
    const bio = [
      `Health systems adviser. ${chinese}`,
      MIXED_ARABIC,
      ARABIC,
      `${ARABIC} https://example.org/${"wash".repeat(40)}`,
    ].join("\n");
    const bytes = await CV_FORMATS.standard.render(cv({ name: "Lim Wei Ling 林伟玲", bio, assignments: [] }), {
      generatedAt: new Date(),
    });
    const { items, width } = await itemsOf(bytes);
    expect(items.filter((item) => item.x < 56 - MARGIN_SLACK || item.right > width - 56 + MARGIN_SLACK)).toEqual([]);
    const text = items.map((item) => item.text).join("");
    // Chinese: the name and the whole bio, in order, over several lines.
    expect(text).toContain("林伟玲");
    const han = (value: string) => [...value.matchAll(/\p{Script=Han}/gu)].join("");
    expect(han(text)).toContain(han(chinese));
    const chineseLines = new Set(items.filter((item) => /\p{Script=Han}/u.test(item.text)).map((item) => item.y));
    expect(chineseLines.size).toBeGreaterThan(2);
    // Arabic: its letters read back (pdf.js reads a right-to-left run in the order it was written).
    const arabic = (value: string) => [...value.matchAll(/\p{Script=Arabic}/gu)].length;
    expect(arabic(text)).toBeGreaterThanOrEqual(Math.floor(arabic(MIXED_ARABIC + ARABIC) * 0.9));
    // "Team leader في مشروع المياه 2020 in Jordan." in a left-to-right paragraph: the Arabic and the
    // year after it read right to left as one, so the year stands left of the Arabic words, and
    // "in Jordan." right of them.
    const start = items.find((item) => item.text.startsWith("Team leader"));
    if (!start) throw new Error("the mixed line is not in the CV");
    const line = items.filter((item) => item.page === start.page && Math.abs(item.y - start.y) < 4);
    const year = line.find((item) => item.text.includes("2020"));
    const words = line.filter((item) => /\p{Script=Arabic}/u.test(item.text));
    const jordan = line.find((item) => item.text.includes("in Jordan."));
    expect(words.length).toBeGreaterThan(0);
    if (!year || !jordan) throw new Error(`the year or "in Jordan." is not on the line: ${JSON.stringify(line)}`);
    expect(year.x).toBeLessThan(Math.min(...words.map((item) => item.x)));
    expect(Math.max(...words.map((item) => item.right))).toBeLessThanOrEqual(jordan.x + MARGIN_SLACK);
    // The Arabic paragraph: right to left, so it ends at the right margin, its first word ("أعمل") at the right.
    const first = items.find((item) => item.text.replaceAll("\u034F", "").includes("أعمل") && item.y < start.y - 4);
    if (!first)
      throw new Error(`the Arabic paragraph is not in the CV: ${JSON.stringify(items.filter((item) => item.y < start.y))}`);
    const arabicLine = items.filter((item) => item.page === first.page && Math.abs(item.y - first.y) < 4);
    expect(Math.max(...arabicLine.map((item) => item.right))).toBeCloseTo(width - 56, 0);
    expect(first.right).toBe(Math.max(...arabicLine.map((item) => item.right)));
    // "(الأردن)." at its end, so at the left: the full stop leftmost, the brackets mirrored around the word.
    const marks = arabicLine
      .toSorted((a, b) => a.x - b.x)
      .map((item) => item.text.replace(/[^().]/g, ""))
      .join("");
    expect(marks).toBe(".()");
    // Each family embedded as a subset: a Chinese name and an Arabic line add kilobytes, not the fonts' megabytes.
    const raw = Buffer.from(bytes).toString("latin1");
    for (const family of ["NotoSansSC", "NotoSansArabic"]) expect(raw).toContain(family);
    expect(bytes.byteLength).toBeLessThan(60_000);
  });

  it("leaves out what no font can show instead of drawing empty boxes", async () => {
    /** How far the name's line (set large at the top of the first page) runs to the right. */
    const nameLineEnd = async (name: string) => {
      const { items } = await itemsOf(
        await CV_FORMATS.standard.render(cv({ name, assignments: [] }), { generatedAt: new Date() }),
      );
      const first = items.find((item) => item.text.includes("Lim Wei Ling"));
      if (!first) throw new Error("the name is not in the CV");
      const line = items.filter((item) => item.page === first.page && Math.abs(item.y - first.y) < 3);
      return { end: Math.max(...line.map((item) => item.right)), text: line.map((item) => item.text).join("") };
    };
    const plain = await nameLineEnd("Lim Wei Ling");
    const mixed = await nameLineEnd("Lim Wei Ling 🌏한");
    // Nothing drawn for the characters no font has (emoji, Korean): no box, no gap.
    expect(mixed.end).toBeCloseTo(plain.end, 0);
    for (const missing of ["🌏", "한"]) expect(mixed.text).not.toContain(missing);
  });
});

describe("the runs a CV's text is set in", () => {
  it("cuts Thai, Lao, Khmer and Burmese into words with zero-width spaces, and leaves the letters as they were", () => {
    for (const [sample, script] of [
      [THAI_BIO, "thai"],
      [LAO, "lao"],
      [KHMER, "khmer"],
      [BURMESE, "myanmar"],
    ] as const) {
      const broken = breakWords(sample, script);
      expect(broken.replaceAll("\u200B", "")).toBe(sample);
      expect(broken.split("\u200B").length, script).toBeGreaterThan(8);
    }
    // Between words only, as the dictionary cuts them: not between letters or syllables.
    expect(breakWords("การประเมินผลโครงการ", "thai")).toBe("การ\u200Bประเมิน\u200Bผล\u200Bโครงการ");
    expect(breakWords("ภาษาไทย", "latin")).toBe("ภาษาไทย");
  });

  it("gives each script its run, Latin around them", () => {
    expect(scriptRuns("Bio: ภาษาไทย and ພາສາລາວ, ភាសាខ្មែរ / မြန်မာ.").map((run) => run.script)).toEqual([
      "latin",
      "thai",
      "latin",
      "lao",
      "latin",
      "khmer",
      "latin",
      "myanmar",
      "latin",
    ]);
    expect(scriptRuns("陈美玲 (Tan) محمد").map((run) => run.script)).toEqual(["han", "latin", "arabic"]);
    // A zero-width joiner in Latin text stays Latin; an emoji is left out.
    expect(scriptRuns("a\u200Db 🌏")).toEqual([{ text: "a\u200Db ", script: "latin" }]);
  });
});
