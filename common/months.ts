import { intlLocale, type Locale } from "./locales.ts";

// A "YYYY-MM" month as words in a page's or a CV's language (Gregorian years): "Mar 2021" in a
// track record, "November 2026" where a guide says when it was last checked. English is Intl's
// "en", as the English pages, the CV and the API have always written it ("Sep", not en-GB's "Sept").

// One formatter per language and width: a track record, its CV and its references write dozens of months.
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatMonth(month: string, locale: Locale, width: "short" | "long"): string {
  const key = `${locale} ${width}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "en" ? "en" : intlLocale(locale), {
      month: width,
      year: "numeric",
      timeZone: "UTC",
    });
    formats.set(key, format);
  }
  const [year, number] = month.split("-").map(Number);
  return format.format(new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1, 1)));
}
