import { useEffect, useState } from "react";
import { useLocale } from "#app/i18n/use-locale.ts";
import { intlLocale, type Locale } from "#common/locales.ts";

const FORMAT: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
};

// One format per language and zone (UTC on the first render, then the reader's): building an
// Intl.DateTimeFormat costs about a hundred times using it, and a conversation shows dozens.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(locale: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ""}`;
  let format = formats.get(key);
  if (!format) {
    // In the page's language, Gregorian years (common/locales.ts).
    format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : intlLocale(locale), { ...FORMAT, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * A date and time in the reader's own time zone. The server does not know it, so the first render
 * (on the server and during hydration) shows UTC, then the browser switches to local time.
 */
export function LocalTime({ value, className }: { value: Date | string; className?: string }) {
  const date = typeof value === "string" ? new Date(value) : value;
  const locale = useLocale();
  const [timeZone, setTimeZone] = useState<string | undefined>("UTC");
  useEffect(() => {
    setTimeZone(undefined);
  }, []);
  const text = formatOf(locale, timeZone).format(date);

  return (
    <time dateTime={date.toISOString()} className={className}>
      {timeZone === "UTC" ? `${text} UTC` : text}
    </time>
  );
}
