import { useEffect, useState } from "react";
import { useLocale } from "#app/i18n/use-locale.ts";
import { intlLocale } from "#common/locales.ts";

const FORMAT: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
};

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
  // In the page's language, Gregorian years (common/locales.ts).
  const text = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : intlLocale(locale), { ...FORMAT, timeZone }).format(date);

  return (
    <time dateTime={date.toISOString()} className={className}>
      {timeZone === "UTC" ? `${text} UTC` : text}
    </time>
  );
}
