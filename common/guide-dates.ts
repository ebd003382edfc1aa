import { intlLocale, type Locale } from "./locales.ts";

const formats = new Map<Locale, Intl.DateTimeFormat>();

/** "2026-11" as "November 2026" in the page's language (the month a guide was last checked against its sources). */
export function formatChecked(month: string, locale: Locale = "en") {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "en" ? "en" : intlLocale(locale), {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    formats.set(locale, format);
  }
  const [year, number] = month.split("-").map(Number);
  return format.format(new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1, 1)));
}
