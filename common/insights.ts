import { choices } from "./choices.ts";

// Insights for consultants (issue 14): what GET /api/my-consultant-profile/insights returns and
// /my-consultant-profile draws.

export const INSIGHT_WEEKS = 12;

const metrics = choices({
  profileViews: "Profile views",
  searchAppearances: "Search appearances",
  cvDownloads: "CV downloads",
  messagesReceived: "Messages received",
});

/** The counters, in the order the panel shows them: `value` is the key in Insights, `label` the chart's title. */
export const INSIGHT_METRICS = metrics.options;
export type InsightMetricKey = (typeof metrics.values)[number];

export type InsightSeries = {
  /** One number per week, oldest first (the weeks of Insights.weeks). */
  weekly: number[];
  /** The sum over the twelve weeks. */
  total: number;
  /** The sum over the twelve weeks before them. */
  previousTotal: number;
  /** (total − previousTotal) ÷ previousTotal, or null when there was nothing before. */
  change: number | null;
};

export type Insights = {
  /** The Monday (UTC, YYYY-MM-DD) each week starts on, oldest first; the last is the current week. */
  weeks: string[];
} & Record<InsightMetricKey, InsightSeries>;

/** "+25%", "−10%", "no change", or "new" when there was nothing in the period before. */
export function formatChange(series: Pick<InsightSeries, "change" | "total">): string {
  if (series.change === null) return series.total > 0 ? "new" : "no change";
  const percent = Math.round(series.change * 100);
  if (percent === 0) return "no change";
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}
