import { choices } from "./choices.ts";
import { COUNTRIES, LANGUAGES } from "./constants.ts";
import { DONORS, type Donor } from "./donors.ts";
import type { Locale } from "./locales.ts";
import { formatMonth } from "./months.ts";

// The track record's controlled lists, canonical names and derived figures (issue 12), free of
// zod so that pages showing them do not load it; track-record.ts re-exports all of it with the schemas.

export { DONORS, type Donor } from "./donors.ts";

/**
 * Languages a consultant can pick (type-ahead). The first ten are the search filter's; the rest
 * are the other languages of the region and of development work. Names are stored as written here.
 */
export const LANGUAGE_NAMES = [
  ...LANGUAGES,
  "Arabic",
  "Bengali",
  "Bisaya",
  "Cantonese",
  "Cebuano",
  "Dutch",
  "French",
  "German",
  "Hakka",
  "Hindi",
  "Hmong",
  "Hokkien",
  "Ilocano",
  "Italian",
  "Japanese",
  "Javanese",
  "Kachin",
  "Karen",
  "Korean",
  "Mon",
  "Nepali",
  "Portuguese",
  "Russian",
  "Shan",
  "Sign Language",
  "Spanish",
  "Sundanese",
  "Tamil",
  "Tetum",
  "Urdu",
] as const;

const languageLevels = choices({ native: "Native", fluent: "Fluent", working: "Working knowledge", basic: "Basic" });
export const LANGUAGE_LEVELS = languageLevels.values;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];
export const LANGUAGE_LEVEL_LABELS: Record<LanguageLevel, string> = languageLevels.labels;

export const RATE_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "AUD",
  "JPY",
  "THB",
  "VND",
  "IDR",
  "PHP",
  "MYR",
  "SGD",
  "KHR",
  "LAK",
  "MMK",
  "BND",
] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

/** A daily rate range in one currency. */
export type DailyRate = { min: number; max: number; currency: RateCurrency };

/** Who sees the daily rate: nobody but the owner and admins (default), signed-in users, or everyone. */
export const RATE_VISIBILITIES = ["hidden", "signed-in", "public"] as const;
export type RateVisibility = (typeof RATE_VISIBILITIES)[number];
export const RATE_VISIBILITY_LABELS: Record<RateVisibility, string> = {
  hidden: "Not shown",
  "signed-in": "Shown to signed-in organizations",
  public: "Shown publicly",
};

export const TRACK_LIMITS = {
  assignments: 50,
  education: 20,
  donorsPerAssignment: 10,
  countriesPerAssignment: 15,
  text: 255,
  country: 80,
  description: 2000,
  rateMax: 100_000_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Canonical names

function findIgnoringCase<T extends string>(list: readonly T[], value: string): T | undefined {
  const key = value.trim().toLocaleLowerCase("en");
  return list.find((item) => item.toLocaleLowerCase("en") === key);
}

/** "thai" and "THAI" become "Thai"; undefined for a language not in the list. */
export function canonicalLanguage(value: string): string | undefined {
  return findIgnoringCase(LANGUAGE_NAMES, value);
}

export function canonicalDonor(value: string): Donor | undefined {
  return findIgnoringCase(DONORS, value);
}

/** ASEAN countries as the site spells them; any other country by name, each word capitalised. */
export function canonicalCountry(value: string): string {
  const trimmed = value.trim().replace(/\s+/g, " ");
  return (
    findIgnoringCase(COUNTRIES, trimmed) ??
    trimmed.replace(/(^|[\s-])(\p{Ll})/gu, (_match, before: string, letter: string) => before + letter.toLocaleUpperCase("en"))
  );
}

// ---------------------------------------------------------------------------------------------
// Derived figures, shown on the profile, the card and the CV.

function monthIndex(month: string) {
  const [year, number] = month.split("-").map(Number);
  return (year ?? 0) * 12 + (number ?? 1) - 1;
}

/** Months covered by at least one assignment (overlaps counted once); ongoing ones run to `today`. */
export function assignmentMonths(
  assignments: readonly { startDate: string; endDate: string | null }[],
  today = new Date(),
): number {
  const now = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const ranges = assignments
    .map((item) => [monthIndex(item.startDate), item.endDate ? monthIndex(item.endDate) : now] as const)
    .filter(([start, end]) => end >= start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let currentStart = -1;
  let currentEnd = -2;
  for (const [start, end] of ranges) {
    if (start > currentEnd + 1) {
      total += currentEnd - currentStart + 1;
      currentStart = start;
      currentEnd = end;
    } else currentEnd = Math.max(currentEnd, end);
  }
  total += currentEnd - currentStart + 1;
  return total;
}

/** "7.5 years" of assignments, rounded to half years. */
export function assignmentYearsLabel(months: number): string {
  const years = Math.round((months / 12) * 2) / 2;
  if (months > 0 && years === 0) return "less than a year";
  return `${years.toLocaleString("en")} ${years === 1 ? "year" : "years"}`;
}

/** Donors by how many assignments they funded (then by name): what "Donors worked with" shows. */
export function donorsWorkedWith(assignments: readonly { donors: readonly string[] }[]): string[] {
  return rankByCount(assignments.flatMap((item) => item.donors));
}

export function countriesOfExperience(assignments: readonly { countries: readonly string[] }[]): string[] {
  return rankByCount(assignments.flatMap((item) => item.countries));
}

function rankByCount(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([value]) => value);
}

/** "Mar 2021" for "2021-03", in a page's or a CV's language. */
export const monthLabel = (month: string, locale: Locale = "en"): string => formatMonth(month, locale, "short");

export function formatRate(rate: DailyRate): string {
  const amount = (value: number) => value.toLocaleString("en");
  return rate.min === rate.max
    ? `${amount(rate.min)} ${rate.currency} per day`
    : `${amount(rate.min)}–${amount(rate.max)} ${rate.currency} per day`;
}
