import { intlLocale, type Locale } from "./locales.ts";

// The language a consultant writes their profile in (issue 37): user text is never translated,
// and when its language is stated the pages mark it with its own `lang` (screen readers read it
// with the right voice, browsers break its lines and pick its fonts by it). BCP 47 codes of the
// region's and the field's languages; free of zod, so the pages that show them do not load it.

/** The codes a profile may state, in the order the form offers them. */
export const PROFILE_LANGUAGES = [
  "en",
  "id",
  "vi",
  "th",
  "km",
  "lo",
  "my",
  "fil",
  "ms",
  "tet",
  "zh",
  "fr",
  "pt",
  "es",
  "ar",
] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

/** A code of the list in its listed spelling ("TH" and " th " are "th"; "tl", Tagalog, is "fil"); undefined otherwise. */
export function canonicalProfileLanguage(value: string): ProfileLanguage | undefined {
  const key = value.trim().toLowerCase();
  if (key === "tl") return "fil";
  return PROFILE_LANGUAGES.find((code) => code === key);
}

/** Own names Intl lacks or writes otherwise (its Indonesian is "Indonesia"; it knows no Tetum). */
const OWN_NAMES: Partial<Record<ProfileLanguage, string>> = { id: "Bahasa Indonesia", ms: "Bahasa Melayu", tet: "Tetun" };

/**
 * A profile language named in the interface's language, with its own name beside it when that
 * differs ("Thai (ไทย)", in Thai just "ไทย"): Intl's names, so the catalogue carries none of them.
 */
export function profileLanguageName(code: ProfileLanguage, locale: Locale): string {
  const inInterface = new Intl.DisplayNames([intlLocale(locale)], { type: "language" }).of(code) ?? code;
  const inItself = OWN_NAMES[code] ?? new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
  return inItself.toLocaleLowerCase(code) === inInterface.toLocaleLowerCase(code) ? inInterface : `${inInterface} (${inItself})`;
}
