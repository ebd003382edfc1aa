// The interface's languages and their URLs (issue 37). English is unprefixed; the others live
// under /id, /vi and /th, the same tree of pages under each prefix. Pure: the server (redirects,
// sitemap, e-mails) and the browser (the switcher, the page's alternates) both use it.

export const LOCALES = ["en", "id", "vi", "th"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  id: "Bahasa Indonesia",
  vi: "Tiếng Việt",
  th: "ไทย",
};

/** The cookie that remembers the visitor's language (read by the server only for redirects). */
export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A stored or sent language, or English when it is none of the four. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The URL prefix of a language: "" for English, "/th" for Thai. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/**
 * The language a path is in and the path without its prefix: "/th/about" is Thai "/about",
 * "/th" is Thai "/". A first segment that is not one of the prefixes belongs to the English tree
 * (an unknown prefix such as "/fr/about" is then an English 404).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(id|vi|th)(?=\/|$)/.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname || "/" };
  return { locale: match[1] as Locale, path: pathname.slice(match[0].length) || "/" };
}

/**
 * The same page in `locale`: "/about" becomes "/th/about", "/" becomes "/th", "/?page=2" becomes
 * "/th?page=2". `path` is a path of the English tree (what the router calls a location).
 */
export function localizePath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path || "/";
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  if (pathname === "/" || pathname === "") return `${prefix}${rest}`;
  return `${prefix}${pathname.startsWith("/") ? pathname : `/${pathname}`}${rest}`;
}

/**
 * The translated language an `Accept-Language` header prefers over English, if any: "th-TH,th;q=0.9,en;q=0.8"
 * gives "th"; "en-US,th;q=0.5" gives none (English comes first); "in" is the old code for Indonesian.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      const primary = tag.trim().toLowerCase().split("-")[0] ?? "";
      return { locale: primary === "in" ? "id" : primary, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0 && entry.locale !== "")
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if (entry.locale === DEFAULT_LOCALE || entry.locale === "*") return null;
    if (isLocale(entry.locale)) return entry.locale;
  }
  return null;
}

/** The Open Graph locale of a language ("th_TH"). */
export function ogLocale(locale: Locale): string {
  return { en: "en_GB", id: "id_ID", vi: "vi_VN", th: "th_TH" }[locale];
}

/**
 * The BCP 47 tag for Intl in a language: Gregorian years everywhere (Thai defaults to the
 * Buddhist era in places; donors' CVs and this directory use the Gregorian year), Latin digits.
 */
export function intlLocale(locale: Locale): string {
  const region = { en: "en-GB", id: "id-ID", vi: "vi-VN", th: "th-TH" }[locale];
  return `${region}-u-ca-gregory-nu-latn`;
}
