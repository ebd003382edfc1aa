import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { intlLocale, type Locale } from "#common/locales.ts";
import type { DailyRate } from "#common/track-record-lists.ts";

// The track record's durations and rates as a page in any of the four languages writes them
// (Intl with Gregorian years; common/track-record-lists.ts keeps the English forms the CV and the
// API use, and its monthLabel writes a month in any of the four).

/** Intl's name for a language: "en" for English, as the English pages write numbers. */
export function intlOf(locale: Locale): string {
  return locale === "en" ? "en" : intlLocale(locale);
}

/** Total time of assignments to the half year: "6.5 years", "less than a year". */
export function assignmentYearsLabel(i18n: I18n, locale: Locale, months: number): string {
  const years = Math.round((months / 12) * 2) / 2;
  if (months > 0 && years === 0) return i18n._(msg`less than a year`);
  const count = years.toLocaleString(intlOf(locale));
  return years === 1 ? i18n._(msg`${count} year`) : i18n._(msg`${count} years`);
}

/** The daily rate: "400–600 USD per day", the amounts written the page's way. */
export function formatRate(i18n: I18n, locale: Locale, rate: DailyRate): string {
  const amount = (value: number) => value.toLocaleString(intlOf(locale));
  const currency = rate.currency;
  if (rate.min === rate.max) {
    const value = amount(rate.min);
    return i18n._(msg`${value} ${currency} per day`);
  }
  const min = amount(rate.min);
  const max = amount(rate.max);
  return i18n._(msg`${min}–${max} ${currency} per day`);
}
