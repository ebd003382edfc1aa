import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { GUIDES } from "#common/guides.ts";
import { readCompiledCatalog, TRANSLATED_LOCALES } from "#server/i18n/catalogs.ts";
import { guideAudience, guideText, translatedGuide } from "./guide-texts.server.ts";

// The guides are English in common/guides.ts; a page in another language looks their titles,
// summaries and headings up in app/content/guide-texts.server.ts by their English text. A guide
// retitled (or a new one) would silently stay English on /th/resources unless the table follows.

describe("the guides' texts in the page's language", () => {
  for (const locale of TRANSLATED_LOCALES) {
    it(`says every guide's title, summary, reader and headings in ${locale}`, async () => {
      const i18n = setupI18n({ locale, messages: { [locale]: await readCompiledCatalog(locale) } });
      for (const guide of GUIDES) {
        const texts = [guide.title, guide.summary, ...guide.sections.map((section) => section.heading)];
        const untranslated = texts.filter((text) => guideText(i18n, text) === text);
        expect(untranslated, `${guide.slug} in ${locale}`).toEqual([]);
        expect(guideAudience(i18n, guide.audience).label).not.toBe(guide.audience);
      }
      // The guide the languages e2e walks is translated whole: every paragraph, list item and step.
      const whole = GUIDES.find((guide) => guide.slug === "how-donors-hire-consultants")!;
      const body = whole.sections.flatMap((section) =>
        section.blocks.flatMap((block) =>
          typeof block === "string" ? [block] : "list" in block ? block.list : "steps" in block ? block.steps : [],
        ),
      );
      expect(body.filter((text) => guideText(i18n, text) === text)).toEqual([]);
    });
  }

  it("shows an English page's guide as written, and keeps what the table does not know in English", async () => {
    const english = setupI18n({ locale: "en", messages: { en: {} } });
    const guide = GUIDES[0]!;
    expect(translatedGuide(english, guide)).toEqual({ ...guide, sections: guide.sections });
    const thai = setupI18n({ locale: "th", messages: { th: await readCompiledCatalog("th") } });
    const shown = translatedGuide(thai, guide);
    expect(shown.title).toBe("แหล่งทุนจ้างที่ปรึกษาอย่างไร: UNDP, ADB, ธนาคารโลก และสหภาพยุโรป");
    expect(shown.sections[0]?.heading).toBe("คำถามแรก: ใครเป็นผู้ว่าจ้าง");
    expect(shown.sections[0]?.blocks[0]).toMatch(/^เงินจากแหล่งทุนเดียวกัน/);
    // The sources' titles (documents in English) are as written, and so is a paragraph not yet in the table.
    expect(shown.sources.map(({ title, url }) => ({ title, url }))).toEqual(
      guide.sources.map(({ title, url }) => ({ title, url })),
    );
    // Their publishers, where the directory knows them (the donors), in the page's language.
    expect(shown.sources.map((source) => source.publisher)).toContain("ธนาคารโลก");
    const other = GUIDES[1]!;
    expect(translatedGuide(thai, other).sections[0]?.blocks[0]).toBe(other.sections[0]?.blocks[0]);
  });
});
