import { dictionary } from "@zxcvbn-ts/language-en";
import { describe, expect, it } from "vitest";
import fieldGlossaryData from "./field-glossary.json" with { type: "json" };
import {
  allForms,
  checkAddition,
  expansionForms,
  findConcepts,
  foldForm,
  formKey,
  formProblems,
  formsByLanguage,
  formsOf,
  GLOSSARY_LANGUAGES,
  type GlossaryAddition,
  GlossaryAdditionSchema,
  GlossaryFileSchema,
  glossaryFileOf,
  glossaryTokens,
  hasVietnameseDiacritics,
  loadFieldGlossary,
  loadGlossary,
  lookupPhrase,
  mergeAdditions,
  preferredLabel,
  REQUIRED_LANGUAGES,
} from "./glossary.ts";

const glossary = loadFieldGlossary();

/** A copy of the file to break in one place. */
function fileCopy() {
  return structuredClone(fieldGlossaryData) as { concepts: Record<string, unknown>[] } & Record<string, unknown>;
}

function conceptsOf(text: string) {
  return findConcepts(glossary, text).map((match) => match.conceptIds);
}

describe("the field glossary file", () => {
  it("validates against its schema, with no problem across forms and concepts", () => {
    const result = GlossaryFileSchema.safeParse(fieldGlossaryData);
    expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([]);
  });

  it("has at least 200 concepts, each with a unique kebab-case id and a one-sentence definition", () => {
    expect(glossary.concepts.length).toBeGreaterThanOrEqual(200);
    expect(new Set(glossary.concepts.map((concept) => concept.id)).size).toBe(glossary.concepts.length);
    for (const concept of glossary.concepts) {
      expect(concept.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(concept.definition).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("names its sources", () => {
    const names = glossary.file.sources.map((source) => source.name).join("\n");
    for (const source of ["OECD DAC", "ReliefWeb", "UNTERM", "UN Women", "ADB", "World Bank"]) expect(names).toContain(source);
  });

  it("gives every concept a form in English, Indonesian, Vietnamese and Thai", () => {
    for (const concept of glossary.concepts) {
      for (const language of REQUIRED_LANGUAGES) {
        expect(formsOf(concept, language).length, `${concept.id} in ${language}`).toBeGreaterThanOrEqual(1);
        expect(preferredLabel(concept, language)).toBe(concept.labels[language].text);
      }
    }
  });

  it("writes Thai forms in Thai script (Latin only for the concept's own acronyms), and Khmer, Lao, Burmese in theirs", () => {
    const scripts = { th: /\p{Script=Thai}/u, km: /\p{Script=Khmer}/u, lo: /\p{Script=Lao}/u, my: /\p{Script=Myanmar}/u };
    let thaiForms = 0;
    for (const concept of glossary.concepts) {
      const acronymWords = new Set(concept.acronyms.flatMap((form) => glossaryTokens(form.text).map((token) => token.key)));
      for (const [language, script] of Object.entries(scripts)) {
        for (const form of formsOf(concept, language as keyof typeof scripts)) {
          if (language === "th") thaiForms++;
          expect(script.test(form.text), `${concept.id}: ${form.text}`).toBe(true);
          const foreign = glossaryTokens(form.text).filter((token) => !script.test(token.text) && !/^\d+$/.test(token.text));
          expect(
            foreign.filter((token) => !acronymWords.has(token.key)).map((token) => token.text),
            `${concept.id}: ${form.text}`,
          ).toEqual([]);
        }
      }
    }
    expect(thaiForms).toBeGreaterThan(2 * glossary.concepts.length);
  });

  it("gives every concept a Vietnamese form written with its diacritics", () => {
    for (const concept of glossary.concepts) {
      expect(
        formsOf(concept, "vi").some((form) => hasVietnameseDiacritics(form.text)),
        concept.id,
      ).toBe(true);
    }
    expect(hasVietnameseDiacritics("Giám sát")).toBe(true);
    expect(hasVietnameseDiacritics("Đồng")).toBe(true);
    expect(hasVietnameseDiacritics("giam sat")).toBe(false);
  });

  it("keeps Latin forms free of other scripts and every form in composed Unicode", () => {
    for (const concept of glossary.concepts) {
      for (const form of allForms(concept)) {
        expect(form.text, concept.id).toBe(form.text.normalize("NFC"));
        if (["en", "id", "vi", "acronyms"].includes(form.slot)) {
          expect(form.text, `${concept.id} ${form.slot}`).not.toMatch(
            /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u,
          );
        }
      }
    }
  });

  it("lets no form belong to two concepts unless each declares it ambiguous", () => {
    const owners = new Map<string, { id: string; ambiguous: boolean }[]>();
    for (const concept of glossary.concepts) {
      for (const form of allForms(concept)) {
        const key = formKey(form.text);
        owners.set(key, [...(owners.get(key) ?? []), { id: concept.id, ambiguous: form.ambiguous }]);
      }
    }
    const shared = [...owners].filter(([, list]) => new Set(list.map((owner) => owner.id)).size > 1);
    expect(shared.filter(([, list]) => list.some((owner) => !owner.ambiguous)).map(([key]) => key)).toEqual([]);
    // The ambiguities the file declares, each with both of its senses.
    expect(Object.fromEntries(shared.map(([key, list]) => [key, [...new Set(list.map((owner) => owner.id))].sort()]))).toEqual({
      cba: ["community-based-adaptation", "cost-benefit-analysis"],
      cbt: ["cash-and-voucher-assistance", "sustainable-tourism"],
      cop: ["community-of-practice", "team-leader"],
      drm: ["disaster-risk-management", "domestic-revenue-mobilization"],
      ip: ["implementing-partner", "indigenous-peoples"],
      par: ["participatory-action-research", "public-administration-reform"],
      ppp: ["public-private-partnership", "purchasing-power-parity"],
      sea: ["protection-from-sexual-exploitation-and-abuse", "strategic-environmental-assessment"],
      sep: ["stakeholder-engagement", "sufficiency-economy"],
      ta: ["technical-assistance", "technical-expert"],
    });
  });

  it("refuses a file where a form belongs to two concepts without saying so", () => {
    const file = fileCopy();
    const monitoring = file.concepts.find((concept) => concept.id === "monitoring-evaluation") as { terms: { en: unknown[] } };
    monitoring.terms.en.push("gender based violence");
    const result = GlossaryFileSchema.safeParse(file);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join("\n")).toContain(
      "is a form of monitoring-evaluation and gender-based-violence",
    );
    expect(() => loadGlossary(file)).toThrow(/gender based violence/);
  });

  it("refuses Latin letters in a Thai form, a Vietnamese concept without diacritics, and a duplicate id", () => {
    const file = fileCopy();
    const [first, second] = file.concepts as { id: string; labels: Record<string, unknown>; terms: Record<string, unknown> }[];
    if (!first || !second) throw new Error("The file has concepts");
    first.labels.th = "การติดตาม and evaluation";
    first.labels.vi = "Giam sat va danh gia";
    first.terms = { ...first.terms, vi: [] };
    second.id = first.id;
    const messages = GlossaryFileSchema.safeParse(file).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages.some((message) => message.includes('"and" in the th form'))).toBe(true);
    expect(messages.some((message) => message.includes("no Vietnamese form carries its diacritics"))).toBe(true);
    expect(messages.some((message) => message.includes("Duplicate concept id"))).toBe(true);
  });

  it("refuses unknown fields, a bad category or crs code, and a second sentence in a definition", () => {
    const withField = fileCopy();
    Object.assign(withField.concepts[0] as object, { synonyms: ["x"] });
    expect(GlossaryFileSchema.safeParse(withField).success).toBe(false);
    const withCategory = fileCopy();
    Object.assign(withCategory.concepts[0] as object, { category: "hobby" });
    expect(GlossaryFileSchema.safeParse(withCategory).success).toBe(false);
    const withCode = fileCopy();
    Object.assign(withCode.concepts[0] as object, { crs: "1511" });
    expect(GlossaryFileSchema.safeParse(withCode).success).toBe(false);
    const withTwoSentences = fileCopy();
    Object.assign(withTwoSentences.concepts[0] as object, { definition: "One sentence here. Another one there." });
    expect(GlossaryFileSchema.safeParse(withTwoSentences).success).toBe(false);
    // tagsText: false only on the forms that tag a text as written in capitals.
    const withTagsText = fileCopy();
    const monitoring = withTagsText.concepts[0] as { terms: { en: unknown[] } };
    monitoring.terms.en.push({ text: "M&E systems", tagsText: false });
    expect(
      GlossaryFileSchema.safeParse(withTagsText)
        .error?.issues.map((issue) => issue.message)
        .join("\n"),
    ).toContain("tagsText: false is for a case-sensitive form that is not standalone");
  });
});

describe("the issue's acronyms and topic words", () => {
  const table: Record<string, string> = {
    "M&E": "monitoring-evaluation",
    MEL: "monitoring-evaluation",
    PFM: "public-financial-management",
    GBV: "gender-based-violence",
    DRR: "disaster-risk-reduction",
    WASH: "wash",
    GESI: "gender-equality-social-inclusion",
    SRHR: "sexual-reproductive-health-rights",
    MNCH: "maternal-newborn-child-health",
    NRM: "natural-resource-management",
    TVET: "tvet",
    CSO: "civil-society",
    ToR: "terms-of-reference",
    DHIS2: "dhis2",
  };

  it("are acronyms of their concepts, found as typed", () => {
    for (const [acronym, conceptId] of Object.entries(table)) {
      const concept = glossary.byId.get(conceptId);
      expect(
        concept?.acronyms.map((form) => form.text),
        acronym,
      ).toContain(acronym);
      expect(lookupPhrase(glossary, acronym), acronym).toEqual([conceptId]);
    }
    expect(lookupPhrase(glossary, "PPP").sort()).toEqual(["public-private-partnership", "purchasing-power-parity"]);
    expect(lookupPhrase(glossary, "TA").sort()).toEqual(["technical-assistance", "technical-expert"]);
  });

  it("share their concept with the spelled-out phrases of the issue's table", () => {
    expect(lookupPhrase(glossary, "monitoring and evaluation")).toEqual(["monitoring-evaluation"]);
    expect(lookupPhrase(glossary, "public financial management")).toEqual(["public-financial-management"]);
    expect(lookupPhrase(glossary, "gender-based violence")).toEqual(["gender-based-violence"]);
    expect(lookupPhrase(glossary, "disaster risk")).toEqual(["disaster-risk-reduction"]);
    expect(lookupPhrase(glossary, "water supply")).toEqual(["drinking-water-supply"]);
    expect(lookupPhrase(glossary, "water sanitation hygiene")).toEqual(["wash"]);
    expect(lookupPhrase(glossary, "gender")).toEqual(["gender"]);
  });

  it("find the concepts of the region's topic words, which expand to English forms", () => {
    const words: Record<string, string> = {
      "bình đẳng giới": "gender-equality",
      "binh dang gioi": "gender-equality",
      "nước sạch": "drinking-water-supply",
      "kesetaraan gender": "gender-equality",
      "air bersih": "drinking-water-supply",
      เพศ: "gender",
      การติดตามและประเมินผล: "monitoring-evaluation",
      "การติดตาม และประเมินผล": "monitoring-evaluation",
      ขอบเขตของงาน: "terms-of-reference",
      "kerangka acuan kerja": "terms-of-reference",
      "điều khoản tham chiếu": "terms-of-reference",
      monev: "monitoring-evaluation",
      "giám sát và đánh giá": "monitoring-evaluation",
      "pengurangan risiko bencana": "disaster-risk-reduction",
      "giảm nhẹ rủi ro thiên tai": "disaster-risk-reduction",
      ความรุนแรงบนฐานเพศภาวะ: "gender-based-violence",
      "kekerasan berbasis gender": "gender-based-violence",
      "bạo lực trên cơ sở giới": "gender-based-violence",
      "perlindungan sosial": "social-protection",
      "an sinh xã hội": "social-protection",
      การคุ้มครองทางสังคม: "social-protection",
      "sinh kế": "livelihoods",
      "mata pencaharian": "livelihoods",
      "rantai nilai": "value-chains",
      ห่วงโซ่คุณค่า: "value-chains",
      "chuỗi giá trị": "value-chains",
      "perubahan iklim": "climate-change",
      การเปลี่ยนแปลงสภาพภูมิอากาศ: "climate-change",
      "biến đổi khí hậu": "climate-change",
      "pengelolaan keuangan publik": "public-financial-management",
      "quản lý tài chính công": "public-financial-management",
    };
    for (const [word, conceptId] of Object.entries(words)) {
      expect(lookupPhrase(glossary, word), word).toEqual([conceptId]);
      const english = expansionForms(glossary, conceptId).filter((form) => form.slot === "en" || form.slot === "acronyms");
      expect(english.length, word).toBeGreaterThan(0);
    }
  });
});

describe("forms that are ordinary words elsewhere", () => {
  // A Vietnamese syllable without its accents: initial consonant, vowel nucleus, final consonant.
  const VIETNAMESE_SYLLABLE =
    /^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|b|c|d|g|h|k|l|m|n|p|r|s|t|v|x)?(oai|oay|oeo|uay|uoi|uou|uya|uye|uyu|ieu|yeu|ai|ao|au|ay|eo|eu|ia|ie|iu|oa|oe|oi|ua|ue|ui|uo|uu|uy|ya|ye|a|e|i|o|u|y)(ch|nh|ng|c|m|n|p|t)?$/;
  // Everyday Indonesian words that an acronym could spell.
  const INDONESIAN_WORDS = new Set(
    (
      "ada aku air api apa apik atas awal bagi baik baru beli besar bisa buka cap cari dan dari daun desa dia diri dua ekor " +
      "gas gigi guna hak hal hari hasil ibu ikan ini iku itu jam jaga jalan jual kak kami kaki kala kan kata kau kita kota " +
      "kunci lagi lain lama laut lima mana mau masa mata meja mie nasi oleh pada pagi pak pala pas per pra pun roti sama " +
      "satu saja sapi sia sore spam suka tahu tali tanah tapi tas teh tiga tua tuan ubi ular untuk wa"
    ).split(" "),
  );
  const ENGLISH_WORDS = new Set(dictionary["commonWords-en"].slice(0, 15_000));
  const FIRST_NAMES = new Set(dictionary["firstnames-en"].slice(0, 3_500));
  // In the English list only as themselves (or as an interjection nobody searches for).
  const NOT_ORDINARY = new Set(["hiv", "epi", "mhm"]);

  function collision(key: string): string | undefined {
    if (key.length <= 2) return "two letters or fewer";
    if (VIETNAMESE_SYLLABLE.test(key)) return "a Vietnamese syllable without accents";
    if (INDONESIAN_WORDS.has(key)) return "an Indonesian word";
    if (NOT_ORDINARY.has(key)) return undefined;
    if (ENGLISH_WORDS.has(key)) return "a common English word";
    if (FIRST_NAMES.has(key)) return "a given name";
    return undefined;
  }

  it("are case-sensitive and never standalone when they are acronyms that spell a word, a syllable or a name", () => {
    const careless: string[] = [];
    for (const concept of glossary.concepts) {
      for (const form of allForms(concept)) {
        const tokens = glossaryTokens(form.text);
        const [token] = tokens;
        const isAcronym =
          form.slot === "acronyms" ||
          (/\p{Lu}.*\p{Lu}/u.test(form.text) && !/\p{Ll}{3}/u.test(form.text) && form.text.length <= 8);
        if (!token || tokens.length !== 1 || !isAcronym || !/^[\p{Script=Latin}\d]+$/u.test(token.text)) continue;
        const why = collision(token.key);
        if (why && (!form.caseSensitive || form.standalone)) careless.push(`${concept.id}: ${form.text} is ${why}`);
      }
    }
    expect(careless).toEqual([]);
    expect(collision("ta")).toBeDefined();
    expect(collision("tot")).toBe("a Vietnamese syllable without accents");
    expect(collision("ngo")).toBe("a Vietnamese syllable without accents");
    expect(collision("wash")).toBe("a common English word");
    expect(collision("kak")).toBe("an Indonesian word");
    expect(collision("gbv")).toBeUndefined();
  });

  it("are recognized only in their case, or in capitals", () => {
    expect(conceptsOf("WASH")).toEqual([["wash"]]);
    expect(conceptsOf("wash")).toEqual([]);
    expect(conceptsOf("Wash")).toEqual([]);
    expect(conceptsOf("ToT")).toEqual([["training-of-trainers"]]);
    expect(conceptsOf("TOT")).toEqual([["training-of-trainers"]]);
    expect(conceptsOf("tot")).toEqual([]);
    expect(conceptsOf("NGO")).toEqual([["non-governmental-organization"]]);
    expect(conceptsOf("Ngo Thi Lan")).toEqual([]);
    expect(conceptsOf("ta")).toEqual([]);
    // Not case-sensitive: any case.
    expect(conceptsOf("gbv")).toEqual([["gender-based-violence"]]);
    expect(conceptsOf("m&e")).toEqual([["monitoring-evaluation"]]);
  });

  it("are never recognized when neither standalone nor case-sensitive", () => {
    expect(conceptsOf("giới")).toEqual([]);
    expect(conceptsOf("thế giới")).toEqual([]);
    expect(conceptsOf("ketahanan")).toEqual([]);
    expect(conceptsOf("ketahanan pangan")).toEqual([["food-security"]]);
    expect(formsOf(glossary.byId.get("gender")!, "vi")[0]).toMatchObject({ text: "Giới", standalone: false });
  });

  it("are left out of the forms the search looks for in profiles", () => {
    const wash = expansionForms(glossary, "wash");
    expect(wash.map((form) => form.key)).not.toContain("wash");
    expect(wash.map((form) => form.key)).toEqual(
      expect.arrayContaining([
        "water sanitation and hygiene",
        "nuoc sach ve sinh moi truong va ve sinh ca nhan",
        "air minum sanitasi dan higiene",
      ]),
    );
    expect(expansionForms(glossary, "non-governmental-organization").map((form) => form.key)).not.toContain("ngo");
    expect(expansionForms(glossary, "technical-assistance").map((form) => form.key)).not.toContain("ta");
    expect(expansionForms(glossary, "no-such-concept")).toEqual([]);
  });
});

describe("finding concepts in a query", () => {
  it("takes the longest phrase first, left to right, and says which words it used", () => {
    const matches = findConcepts(glossary, "M&E specialist for gender-based violence in Hà Nội");
    expect(matches.map((match) => [match.typed, match.conceptIds, match.start, match.end])).toEqual([
      ["M&E specialist", ["monitoring-evaluation-specialist"], 0, 3],
      ["gender-based violence", ["gender-based-violence"], 4, 7],
    ]);
    expect(conceptsOf("gender")).toEqual([["gender"]]);
    expect(conceptsOf("gender equality and social inclusion")).toEqual([["gender-equality-social-inclusion"]]);
    expect(conceptsOf("water supply and sanitation")).toEqual([["wash"]]);
  });

  it("reads the search's words as well as a text, with word positions", () => {
    const matches = findConcepts(glossary, ["WASH", "and", "public", "financial", "management", "Laos"]);
    expect(matches.map((match) => [match.typed, match.conceptIds, match.start, match.end, match.wholeWords])).toEqual([
      ["WASH", ["wash"], 0, 1, true],
      ["public financial management", ["public-financial-management"], 2, 5, true],
    ]);
  });

  it("ignores accents, case, hyphens and British or American spelling", () => {
    for (const text of ["Bình đẳng giới", "BINH DANG GIOI", "bình  đẳng-giới"])
      expect(conceptsOf(text)).toEqual([["gender-equality"]]);
    expect(conceptsOf("decentralization")).toEqual([["decentralization"]]);
    expect(conceptsOf("decentralisation")).toEqual([["decentralization"]]);
    expect(conceptsOf("gender based violence")).toEqual([["gender-based-violence"]]);
    expect(conceptsOf("GENDER-BASED VIOLENCE")).toEqual([["gender-based-violence"]]);
    expect(conceptsOf("randomized controlled trial")).toEqual([["randomized-controlled-trial"]]);
    expect(conceptsOf("randomised controlled trial")).toEqual([["randomized-controlled-trial"]]);
  });

  it("finds a Thai phrase inside a run written without spaces, and says it is part of a word", () => {
    const [match, ...rest] = findConcepts(glossary, "ผู้เชี่ยวชาญด้านห่วงโซ่คุณค่าเกษตรในลาว");
    expect(rest).toEqual([]);
    expect(match).toMatchObject({ typed: "ห่วงโซ่คุณค่า", conceptIds: ["value-chains"], start: 0, end: 1, wholeWords: false });
    expect(conceptsOf("ที่ปรึกษา WASH และการลดความเสี่ยงจากภัยพิบัติ")).toEqual([["wash"], ["disaster-risk-reduction"]]);
  });

  it("recognizes every standalone form of every concept as that concept, within a sentence too", () => {
    const missed: string[] = [];
    for (const concept of glossary.concepts) {
      for (const form of allForms(concept)) {
        if (!form.standalone && !form.caseSensitive) continue;
        if (!lookupPhrase(glossary, form.text).includes(concept.id)) missed.push(`${concept.id}: ${form.text}`);
        const sentence =
          form.slot === "th" ? `มีประสบการณ์ทำงาน${form.text}ในประเทศไทย` : `Expert: ${form.text}, twelve years in the region.`;
        if (!findConcepts(glossary, sentence).some((match) => match.conceptIds.includes(concept.id))) {
          missed.push(`${concept.id} in a sentence: ${form.text}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it("returns nothing for text of no concept, and no phrase for a phrase that is more than a form", () => {
    expect(findConcepts(glossary, "")).toEqual([]);
    expect(findConcepts(glossary, "!!! ???")).toEqual([]);
    expect(findConcepts(glossary, "Villanueva")).toEqual([]);
    expect(lookupPhrase(glossary, "monitoring and evaluation in Laos")).toEqual([]);
    expect(lookupPhrase(glossary, "GBV WASH")).toEqual([]);
    expect(lookupPhrase(glossary, "")).toEqual([]);
  });
});

describe("keys", () => {
  it("fold accents as unaccent does, keep case apart from lower case, and keep Thai marks", () => {
    expect(foldForm("Giám sát và Đánh giá")).toBe("giam sat va danh gia");
    expect(foldForm("Quản lý tài chính công")).toBe("quan ly tai chinh cong");
    expect(foldForm("Ærø Straße")).toBe("aero strasse");
    expect(foldForm("ชลประทาน")).toBe("ชลประทาน");
    expect(formKey("Gender-based violence")).toBe("gender based violence");
    expect(formKey("M&E")).toBe("m e");
    expect(formKey("การติดตามและประเมินผล")).toBe(formKey("การติดตาม และ ประเมินผล"));
  });

  it("split Thai, Lao and Khmer runs into words, and keep where each token came from", () => {
    expect(glossaryTokens("การติดตามและประเมินผล").map((token) => token.text)).toEqual(["การ", "ติดตาม", "และ", "ประเมิน", "ผล"]);
    expect(glossaryTokens("ការតាមដាន និងវាយតម្លៃ").length).toBeGreaterThan(2);
    expect(glossaryTokens("ການຕິດຕາມ ແລະ ປະເມີນຜົນ").length).toBeGreaterThan(2);
    const [first, second] = glossaryTokens("  Hà Nội");
    expect(first).toMatchObject({ text: "Hà", key: "ha", cased: "Ha", word: 0, from: 2, to: 4 });
    expect(second).toMatchObject({ text: "Nội", key: "noi", word: 1 });
  });
});

describe("a concept's forms", () => {
  it("are listed per language, the label first, and the acronyms apart", () => {
    const concept = glossary.byId.get("terms-of-reference");
    if (!concept) throw new Error("terms-of-reference is a concept");
    const forms = formsByLanguage(concept);
    expect(Object.keys(forms).sort()).toEqual(["acronyms", ...GLOSSARY_LANGUAGES].sort());
    expect(forms.th[0]).toBe("ขอบเขตของงาน");
    expect(forms.id).toContain("KAK");
    expect(forms.vi[0]).toBe("Điều khoản tham chiếu");
    expect(forms.acronyms).toEqual(expect.arrayContaining(["ToR", "TOR"]));
    expect(concept.notes?.th).toContain("ขอบเขตของงาน (TOR)");
  });

  it("to look for in profiles come once per key, with their tokens", () => {
    const forms = expansionForms(glossary, "gender-based-violence");
    expect(new Set(forms.map((form) => form.key)).size).toBe(forms.length);
    expect(forms).toContainEqual({
      text: "Gender-based violence",
      key: "gender based violence",
      tokens: ["gender", "based", "violence"],
      slot: "en",
    });
    expect(forms.map((form) => form.key)).toContain("gbv");
  });
});

describe("additions from the database", () => {
  const addition = (value: Partial<GlossaryAddition>): GlossaryAddition =>
    GlossaryAdditionSchema.parse({ conceptId: "wash", language: "en", text: "WatSan programming", ...value });

  it("join their concept in a new glossary, found by search and exported in the file's shape", () => {
    const { glossary: merged, rejected } = mergeAdditions(glossary, [
      addition({ text: "water and sanitation programming" }),
      addition({ language: "th", text: "โครงการน้ำสะอาดและสุขาภิบาลโรงเรียน" }),
      addition({ conceptId: "gender", language: "vi", text: "GAD", caseSensitive: true }),
    ]);
    expect(rejected).toEqual([]);
    expect(lookupPhrase(merged, "water and sanitation programming")).toEqual(["wash"]);
    expect(lookupPhrase(merged, "โครงการน้ำสะอาดและสุขาภิบาลโรงเรียน")).toEqual(["wash"]);
    expect(lookupPhrase(merged, "GAD")).toEqual(["gender"]);
    expect(lookupPhrase(merged, "gad")).toEqual([]);
    expect(lookupPhrase(glossary, "water and sanitation programming")).toEqual([]);
    const exported = glossaryFileOf(merged);
    expect(GlossaryFileSchema.safeParse(exported).success).toBe(true);
    const wash = exported.concepts.find((concept) => concept.id === "wash");
    expect(wash?.terms?.en).toContain("water and sanitation programming");
    expect(exported.concepts.find((concept) => concept.id === "gender")?.terms?.vi).toContainEqual({
      text: "GAD",
      caseSensitive: true,
    });
    expect(glossaryFileOf(glossary)).toEqual(fieldGlossaryData);
  });

  it("are refused, with why, when they repeat a form, take another concept's, break the script rule or name no concept", () => {
    const { glossary: merged, rejected } = mergeAdditions(glossary, [
      addition({ text: "water, sanitation & hygiene" }),
      addition({ text: "GBV" }),
      addition({ language: "th", text: "WASH programme" }),
      addition({ conceptId: "no-such-concept" }),
      addition({ text: "hygiene kits" }),
      addition({ conceptId: "nutrition", text: "hygiene kits" }),
    ]);
    expect(rejected.map((entry) => [entry.addition.text, entry.check.reason])).toEqual([
      ["water, sanitation & hygiene", "duplicate"],
      ["GBV", "conflict"],
      ["WASH programme", "invalid"],
      ["WatSan programming", "unknown-concept"],
      ["hygiene kits", "conflict"],
    ]);
    expect(rejected[1]?.check.conflictsWith).toEqual(["gender-based-violence"]);
    expect(lookupPhrase(merged, "hygiene kits")).toEqual(["wash"]);
    expect(checkAddition(glossary, addition({ text: "hygiene kits" }))).toEqual({ ok: true, key: "hygiene kits" });
  });

  it("return the same glossary when every addition is refused", () => {
    const { glossary: same } = mergeAdditions(glossary, [addition({ text: "GBV" })]);
    expect(same).toBe(glossary);
  });

  it("are parsed at the edge: trimmed, spaces collapsed, bounded, a known language", () => {
    expect(GlossaryAdditionSchema.parse({ conceptId: "wash", language: "vi", text: "  nước   sạch nông thôn " }).text).toBe(
      "nước sạch nông thôn",
    );
    expect(GlossaryAdditionSchema.safeParse({ conceptId: "wash", language: "fr", text: "eau" }).success).toBe(false);
    expect(GlossaryAdditionSchema.safeParse({ conceptId: "wash", language: "en", text: "x".repeat(121) }).success).toBe(false);
    expect(GlossaryAdditionSchema.safeParse({ conceptId: "wash", language: "en", text: "   " }).success).toBe(false);
    expect(GlossaryAdditionSchema.safeParse({ conceptId: "wash", language: "en", text: "ok", addedBy: 3 }).success).toBe(false);
    expect(formProblems(glossary.byId.get("dhis2")!, "th", "ระบบ DHIS2")).toEqual([]);
    expect(formProblems(glossary.byId.get("wash")!, "th", "ระบบ DHIS2")).toHaveLength(1);
  });
});
