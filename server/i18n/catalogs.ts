import { readFileSync } from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#common/locales.ts";

// The PO catalogues (app/locales/<locale>.po, written by `npm run i18n:extract` and by the
// translators) read into Lingui's compiled form: message id → the translation parsed once into
// tokens, which @lingui/core interpolates without a parser at run time. Used by the build (the
// per-chunk catalogues the browser loads, and the server bundle's copy) and by server code that
// writes to people (e-mails, API errors). English is the source: its messages come from the code,
// so it has no compiled catalogue here.

export type CompiledMessage = ReturnType<typeof compileMessage>;
export type CompiledCatalog = Record<string, CompiledMessage>;

export type CatalogEntry = {
  id: string;
  /** The English source text. */
  message: string;
  /** The translation; empty when the translator has not written it yet. */
  translation: string;
  obsolete: boolean;
};

export const TRANSLATED_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE) as Exclude<Locale, "en">[];

export const localesDir = path.resolve(import.meta.dirname, "../../app/locales");

export function catalogFile(locale: Locale, dir = localesDir): string {
  return path.join(dir, `${locale}.po`);
}

const po = formatter({ lineNumbers: false });

/** Every entry of a language's PO file, obsolete ones included (flagged). */
export async function readCatalogEntries(locale: Locale, dir = localesDir): Promise<CatalogEntry[]> {
  const filename = catalogFile(locale, dir);
  const parsed = await po.parse(readFileSync(filename, "utf8"), { locale, sourceLocale: DEFAULT_LOCALE, filename });
  return Object.entries(parsed).map(([id, entry]) => ({
    id,
    message: entry.message ?? id,
    translation: entry.translation ?? "",
    obsolete: entry.obsolete === true,
  }));
}

/**
 * A language's translations, compiled. A message without a translation is left out: the code
 * still carries its English text, which is then shown (and the server logs the gap once).
 */
export async function readCompiledCatalog(locale: Locale, dir = localesDir): Promise<CompiledCatalog> {
  const compiled: CompiledCatalog = {};
  for (const entry of await readCatalogEntries(locale, dir)) {
    if (entry.obsolete || entry.translation === "") continue;
    compiled[entry.id] = compileMessage(entry.translation);
  }
  return compiled;
}

/** Every translated language's compiled catalogue. */
export async function readCompiledCatalogs(dir = localesDir): Promise<Record<Exclude<Locale, "en">, CompiledCatalog>> {
  const entries = await Promise.all(
    TRANSLATED_LOCALES.map(async (locale) => [locale, await readCompiledCatalog(locale, dir)] as const),
  );
  return Object.fromEntries(entries) as Record<Exclude<Locale, "en">, CompiledCatalog>;
}
