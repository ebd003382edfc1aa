import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import config from "../lingui.config.ts";

// Translators' helper for the PO catalogues (app/locales/*.po; docs/decisions/015-interface-languages.md).
//
//   node build-tools/i18n-translate.ts --missing            untranslated messages, as a JSON list
//                                                            ready to fill: [{ en, context?, id, vi, th }]
//   node build-tools/i18n-translate.ts translations.json    writes each entry's id/vi/th into the PO
//                                                            files (matched by English text and context)
//
// Editing the PO files by hand works just as well; this reads and writes them through Lingui's own
// PO format (the same file byte for byte when nothing changes), so the two never disagree.

type Translated = "id" | "vi" | "th";
const TRANSLATED: Translated[] = ["id", "vi", "th"];
type Entry = { message?: string; translation?: string; context?: string; obsolete?: boolean };
type Row = { en: string; context?: string } & Partial<Record<Translated, string>>;

const root = path.resolve(import.meta.dirname, "..");
const format = config.format as unknown as {
  parse(text: string, ctx: object): Promise<Record<string, Entry>>;
  serialize(catalog: Record<string, Entry>, ctx: object): Promise<string> | string;
};

function file(locale: string): string {
  return path.join(root, "app", "locales", `${locale}.po`);
}

async function read(locale: string): Promise<{ text: string; catalog: Record<string, Entry> }> {
  const text = readFileSync(file(locale), "utf8");
  return { text, catalog: await format.parse(text, { locale, sourceLocale: "en", filename: file(locale) }) };
}

const key = (message: string, context?: string) => `${context ?? ""}\u0004${message}`;

async function missing(): Promise<Row[]> {
  const rows = new Map<string, Row>();
  for (const locale of TRANSLATED) {
    const { catalog } = await read(locale);
    for (const entry of Object.values(catalog)) {
      if (entry.obsolete || entry.translation || !entry.message) continue;
      const k = key(entry.message, entry.context);
      const row = rows.get(k) ?? { en: entry.message, ...(entry.context ? { context: entry.context } : {}) };
      row[locale] = "";
      rows.set(k, row);
    }
  }
  return [...rows.values()];
}

async function fill(rows: Row[]): Promise<void> {
  for (const locale of TRANSLATED) {
    const { text, catalog } = await read(locale);
    const byMessage = new Map(Object.values(catalog).map((entry) => [key(entry.message ?? "", entry.context), entry]));
    let written = 0;
    for (const row of rows) {
      const translation = row[locale];
      if (!translation) continue;
      const entry = byMessage.get(key(row.en, row.context));
      if (!entry) {
        console.warn(`${locale}.po: no message ${JSON.stringify(row.en)} (run npm run i18n:extract first?)`);
        continue;
      }
      entry.translation = translation;
      written++;
    }
    const out = await format.serialize(catalog, { locale, sourceLocale: "en", filename: file(locale), existing: text });
    writeFileSync(file(locale), out);
    console.log(`${locale}.po: ${written} translations written`);
  }
}

const [argument] = process.argv.slice(2);
if (argument === "--missing") console.log(JSON.stringify(await missing(), null, 2));
else if (argument) await fill(JSON.parse(readFileSync(argument, "utf8")) as Row[]);
else console.error("usage: node build-tools/i18n-translate.ts --missing | translations.json");
