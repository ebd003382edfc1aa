import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, type Locale, toLocale } from "#common/locales.ts";
import { readCompiledCatalog } from "./catalogs.ts";

// Server code that writes to a person outside a page (e-mails) does it in the person's language
// (the account's `locale`, docs/decisions/015-interface-languages.md). It runs without a build,
// so its messages are `msg` of @lingui/core/runtime-macro (`msg\`Hello ${{ name }}\``), extracted
// into the same PO catalogues as the pages' (npm run i18n:extract). English is the message
// itself, compiled when first used; the other languages read their catalogue once per process.
// A message a catalogue lacks is written in English.

/** The catalogues, read once per process: the PO files do not change while it runs. */
const instances = new Map<Locale, Promise<I18n>>();

async function create(locale: Locale): Promise<I18n> {
  const messages = locale === DEFAULT_LOCALE ? {} : await readCompiledCatalog(locale);
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  // English (and a missing translation) is the descriptor's own message, compiled here.
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

/** The Lingui instance for a person's language (any value that is not a language is English). */
export function serverI18n(locale: unknown): Promise<I18n> {
  const language = toLocale(locale);
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = create(language);
    // A failed read is not kept: the next mail tries again.
    i18n.catch(() => instances.delete(language));
    instances.set(language, i18n);
  }
  return i18n;
}
