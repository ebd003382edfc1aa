import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { intlOf } from "#app/i18n/formats.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatCount } from "#common/format.ts";
import { INSIGHT_METRICS, INSIGHT_WEEKS, type InsightMetricKey, type InsightSeries, type Insights } from "#common/insights.ts";
import type { Locale } from "#common/locales.ts";

// The owner's insights on /my-consultant-profile: one small bar chart per metric, twelve weeks,
// with the total and the change against the twelve weeks before. Each chart is an image with a
// spoken summary, and its numbers are in a table that screen readers (and anyone who opens
// "Weekly numbers") can read.

const WIDTH = 240;
const HEIGHT = 64;
const GAP = 4;

/** Each chart's title. */
const METRIC_LABELS: Record<InsightMetricKey, MessageDescriptor> = {
  profileViews: msg`Profile views`,
  searchAppearances: msg`Search appearances`,
  cvDownloads: msg`CV downloads`,
  messagesReceived: msg`Messages received`,
};

function weekLabel(monday: string, locale: Locale) {
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : intlOf(locale), {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${monday}T00:00:00Z`));
}

/** "+25%", "−10%", "no change", or "new" when there was nothing in the period before. */
function changeLabel(i18n: I18n, locale: Locale, series: InsightSeries): string {
  const percent = series.change === null ? 0 : Math.round(series.change * 100);
  if (series.change === null && series.total > 0) return i18n._(msg({ message: "new", context: "insights change" }));
  if (percent === 0) return i18n._(msg`no change`);
  return `${percent > 0 ? "+" : "−"}${formatCount(Math.abs(percent), locale)}%`;
}

function MetricChart({ label, series, weeks }: { label: string; series: InsightSeries; weeks: string[] }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const max = Math.max(1, ...series.weekly);
  const bar = (WIDTH - GAP * (INSIGHT_WEEKS - 1)) / INSIGHT_WEEKS;
  const change = changeLabel(i18n, locale, series);
  const total = formatCount(series.total, locale);
  const thisWeek = formatCount(series.weekly.at(-1) ?? 0, locale);
  const summary = t`${label}: ${total} in the last ${INSIGHT_WEEKS} weeks (${change} against the ${INSIGHT_WEEKS} weeks before), ${thisWeek} this week.`;
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-ink">{label}</span>
        <span className="text-sm text-muted">{change}</span>
      </figcaption>
      <p className="mt-1 text-2xl font-bold text-brand-800">{total}</p>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-16 w-full"
        preserveAspectRatio="none"
      >
        {series.weekly.map((value, index) => {
          const height = value === 0 ? 2 : Math.max(3, (value / max) * HEIGHT);
          return (
            <rect
              key={weeks[index] ?? index}
              x={index * (bar + GAP)}
              y={HEIGHT - height}
              width={bar}
              height={height}
              rx={2}
              className={value === 0 ? "fill-slate-200" : "fill-brand-600"}
            />
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-800">
          <Trans>Weekly numbers</Trans>
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">
            <Trans>{label} per week</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="font-medium text-muted">
                <Trans>Week of</Trans>
              </th>
              <th scope="col" className="text-right font-medium text-muted">
                {label}
              </th>
            </tr>
          </thead>
          <tbody>
            {series.weekly.map((value, index) => (
              <tr key={weeks[index] ?? index}>
                <td>{weeks[index] ? weekLabel(weeks[index], locale) : ""}</td>
                <td className="text-right tabular-nums">{formatCount(value, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export function InsightsPanel({ insights }: { insights: Insights }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="insights-heading" className="mx-auto max-w-6xl px-4 pb-12">
      <h2 id="insights-heading" className="text-xl font-bold text-ink">
        <Trans>Insights</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Trans>
          The last {INSIGHT_WEEKS} weeks, compared with the {INSIGHT_WEEKS} weeks before. Your own visits and search engines'
          robots are not counted; a visitor counts once a day.
        </Trans>
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {INSIGHT_METRICS.map((key) => (
          <MetricChart key={key} label={i18n._(METRIC_LABELS[key])} series={insights[key]} weeks={insights.weeks} />
        ))}
      </div>
    </section>
  );
}
