import { useLingui } from "@lingui/react";
import { type Locale, toLocale } from "#common/locales.ts";

/** The page's language (its URL's), for Intl formatting and for links that name a language. */
export function useLocale(): Locale {
  return toLocale(useLingui().i18n.locale);
}
