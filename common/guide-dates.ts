import type { Locale } from "./locales.ts";
import { formatMonth } from "./months.ts";

/** "2026-11" as "November 2026" in the page's language (the month a guide was last checked against its sources). */
export const formatChecked = (month: string, locale: Locale = "en") => formatMonth(month, locale, "long");
