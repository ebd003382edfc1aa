import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE, type Locale, splitLocalePath } from "#common/locales.ts";

// One Lingui instance per language (docs/decisions/015-interface-languages.md). The page's
// language never changes without a new document (each language has its own URLs), so the browser
// has one instance; the server keeps one per language, filled once from the build's catalogues,
// and every request renders with the instance of its URL's language: no instance is switched
// between languages, so concurrent requests cannot see each other's language.
//
// English has no catalogue: each message carries its English text in the code (build-tools/i18n.ts).

const instances = new Map<Locale, I18n>();
let messagesOf: (locale: Locale) => Messages = () => ({});
let onMissing: ((locale: Locale, id: string) => void) | undefined;

/** Where an instance's messages come from: the server bundle's catalogues, or the page's inline ones. */
export function setMessageSource(source: (locale: Locale) => Messages, missing?: (locale: Locale, id: string) => void) {
  messagesOf = source;
  onMissing = missing;
  instances.clear();
}

/** The instance for a language (React components get it from `useLingui()` instead). */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: messagesOf(locale) } });
    if (locale !== DEFAULT_LOCALE && onMissing) {
      const report = onMissing;
      i18n.on("missing", ({ id }) => report(locale, id));
    }
    instances.set(locale, i18n);
  }
  return i18n;
}

/** The language of a loader's or an action's page: its URL's ("/th/sign-in", "/th.data"). */
export function localeOfRequest(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname.replace(/\.data$/, "")).locale;
}

/**
 * The instance for a loader's or an action's page: the language of its URL. What an action sends
 * back to be shown (a toast after a redirect, a message) is written in it.
 */
export function i18nOfRequest(request: Request): I18n {
  return i18nFor(localeOfRequest(request));
}
