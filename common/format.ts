import { intlLocale, type Locale } from "./locales.ts";

// Formatting shared by cards, profile pages and JSON-LD. Numbers and dates follow the page's
// language when one is given (Intl, Gregorian years everywhere: common/locales.ts).

/** Rating is stored 0-100 and shown divided by 10 with one decimal (spec section 9). */
export function formatRating(rating: number): string {
  return (rating / 10).toFixed(1);
}

export function formatYears(years: number): string {
  return years === 1 ? "1 year" : `${years} years`;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

// One formatter per language for the process: building an Intl.NumberFormat costs far more than using it.
const countFormats = new Map<Locale, Intl.NumberFormat>();

/** A count such as "1,234" (English, Thai) or "1.234" (Indonesian, Vietnamese). */
export function formatCount(value: number, locale: Locale = "en"): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === "en" ? "en-US" : intlLocale(locale));
    countFormats.set(locale, format);
  }
  return format.format(value);
}

// The same for dates: building one costs about 200 µs, using it about 1 µs (a page of reviews or
// messages formats dozens).
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar date such as "21 November 2025", the same on the server and in the browser. */
export function formatDate(value: string | Date, locale: Locale = "en"): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(value));
}

/**
 * The start of a long text, cut at a word and ended with "…": for a card that shows a few
 * lines of a bio (the page's data then carries only what can be seen).
 */
export function excerpt(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  const cut = text.slice(0, maxCharacters);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > maxCharacters / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A date and time such as "21 November 2025, 14:05 UTC" (the date in `locale`), the same on the server and in the browser. */
export function formatDateTime(value: string | Date, locale: Locale = "en"): string {
  const date = new Date(value);
  const time = `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
  return `${formatDate(date, locale)}, ${time} UTC`;
}

/** "Rated 8.6 out of 10 from 4 reviews", or "No reviews yet". */
export function ratingLabel(rating: number, reviewCount: number): string {
  if (reviewCount === 0) return "No reviews yet";
  return `Rated ${(rating / 10).toFixed(1)} out of 10 from ${reviewCount} ${reviewCount === 1 ? "review" : "reviews"}`;
}
