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

/**
 * Each language's name in itself, written here: Intl's data for some of them is missing in some
 * browsers (Chromium names Lao "Lao" in Lao), and the server's and the browser's text must agree.
 */
const OWN_NAMES: Record<ProfileLanguage, string> = {
  en: "English",
  id: "Bahasa Indonesia",
  vi: "Tiếng Việt",
  th: "ไทย",
  km: "ខ្មែរ",
  lo: "ລາວ",
  my: "မြန်မာ",
  fil: "Filipino",
  ms: "Bahasa Melayu",
  tet: "Tetun",
  zh: "中文",
  fr: "français",
  pt: "português",
  es: "español",
  ar: "العربية",
};

/**
 * A profile language named in the interface's language, with its own name beside it when that
 * differs ("Thai (ไทย)", in Thai just "ไทย"): Intl's names, so the catalogue carries none of them.
 */
export function profileLanguageName(code: ProfileLanguage, locale: Locale): string {
  // Chromium's Intl knows no name for Tetum (it answers "tet") where Node's does: its own name,
  // in every language, so the server's page and the browser's agree.
  if (code === "tet") return OWN_NAMES.tet;
  const inInterface = new Intl.DisplayNames([intlLocale(locale)], { type: "language" }).of(code) ?? code;
  const inItself = OWN_NAMES[code];
  return inItself.toLocaleLowerCase(code) === inInterface.toLocaleLowerCase(code) ? inInterface : `${inInterface} (${inItself})`;
}
