import type { I18n } from "@lingui/core";

// The one door to app/i18n/texts.ts (the table of the schemas' and services' English sentences)
// for what a page shows: a field's error, a form's error, a toast. The table is not part of an
// English page's first load (it would be 2.3 KB gzip on every page with a form, and English needs
// none of it): the server registers it once (app/i18n/catalogs.server.ts), the browser imports it
// before hydrating a translated page (app/entry.client.tsx). Until then, and on English pages, a
// text is shown as it is.

type Translate = (i18n: I18n, text: string) => string;
let translator: Translate | undefined;

/** Registers the table's lookup (app/i18n/texts.ts `translateSentence`). */
export function setTextTranslator(translate: Translate) {
  translator = translate;
}

/** A sentence of the schemas or the services, in the page's language when the table knows it. */
export function translateText(i18n: I18n, text: string): string {
  return i18n.locale === "en" || !translator ? text : translator(i18n, text);
}
