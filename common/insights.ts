// Insights for consultants (issue 14): what GET /api/my-consultant-profile/insights returns and
// /my-consultant-profile draws.

export const INSIGHT_WEEKS = 12;

/** The counters, in the order the panel shows them (each its key in Insights; the panel words their titles). */
export const INSIGHT_METRICS = ["profileViews", "searchAppearances", "cvDownloads", "messagesReceived"] as const;
export type InsightMetricKey = (typeof INSIGHT_METRICS)[number];

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
