import { compileMessage } from "@lingui/message-utils/compileMessage";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { describe, expect, it } from "vitest";
import { readCatalogEntries, readCompiledCatalog, TRANSLATED_LOCALES } from "./catalogs.ts";

// The catalogues as the translators and `npm run i18n:extract` leave them (app/locales/*.po):
// complete, and each translation a message Lingui can interpolate with the same placeholders.

/** The placeholders and tags of an ICU message: `{name}` arguments, `<0>` elements (not plural cases). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: ReturnType<typeof compileMessage>) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (Array.isArray(token)) {
        names.add(String(token[0]));
        const cases = token[2];
        if (cases && typeof cases === "object") for (const branch of Object.values(cases)) walk(branch as never);
      }
    }
  };
  walk(compileMessage(message));
  for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}

describe("the PO catalogues", async () => {
  const source = (await readCatalogEntries("en")).filter((entry) => !entry.obsolete);

  it("hold the extracted messages, and none that the code no longer uses", async () => {
    expect(source.length).toBeGreaterThan(150);
    for (const locale of ["en", ...TRANSLATED_LOCALES] as const) {
      const obsolete = (await readCatalogEntries(locale)).filter((entry) => entry.obsolete).map((entry) => entry.message);
      expect(obsolete, `${locale}.po: obsolete entries (run npm run i18n:extract)`).toEqual([]);
    }
  });

  for (const locale of TRANSLATED_LOCALES) {
    it(`translate every message into ${locale}, with the source's placeholders`, async () => {
      const entries = new Map((await readCatalogEntries(locale)).map((entry) => [entry.id, entry]));
      const untranslated = source.filter((entry) => !entries.get(entry.id)?.translation).map((entry) => entry.message);
      expect(untranslated, `${locale}.po: messages without a translation`).toEqual([]);
      const mismatched = source
        .filter((entry) => {
          const translation = entries.get(entry.id)?.translation;
          return translation && placeholders(translation).join() !== placeholders(entry.message).join();
        })
        .map((entry) => `${entry.message} → ${entries.get(entry.id)?.translation}`);
      expect(mismatched, `${locale}.po: translations whose placeholders differ from the source`).toEqual([]);
      const compiled = await readCompiledCatalog(locale);
      expect(Object.keys(compiled).length).toBe(source.length);
    });
  }

  // One English word, two meanings: every dialog's "Close" button (app/components/ui/dialog.tsx)
  // and the opportunity owner's "Close" (stop taking applications). Thai reads them differently,
  // so the action has its own context; before, every dialog's close button read "ปิดรับสมัคร".
  it.each([
    ["th", "ปิด", "ปิดรับสมัคร"],
    ["vi", "Đóng", "Ngừng nhận hồ sơ"],
    ["id", "Tutup", "Tutup pendaftaran"],
  ] as const)("word a dialog's Close and closing an opportunity apart in %s", async (locale, dialog, opportunity) => {
    const entries = new Map((await readCatalogEntries(locale)).map((entry) => [entry.id, entry.translation]));
    expect(entries.get(generateMessageId("Close"))).toBe(dialog);
    expect(entries.get(generateMessageId("Close", "opportunity action"))).toBe(opportunity);
  });
});
