import { z } from "zod";
import { INSIGHT_METRICS } from "#common/insights.ts";
import { CV_FORMAT_KEYS, CV_FORMATS } from "#server/services/cv/formats.ts";

// What the routes of the search, the profiles, photos, statistics and CVs answer; each route's
// description (describeRoute) is where it is registered, in ../api/*.ts.

export const pdfCvFormats = CV_FORMAT_KEYS.filter((key) => CV_FORMATS[key].extension === "pdf") as [string, ...string[]];

const insightSeries = z.strictObject({
  weekly: z.array(z.number().int()).describe("One number a week, oldest first"),
  total: z.number().int(),
  previousTotal: z.number().int(),
  change: z.number().nullable().describe("(total - previousTotal) / previousTotal; null when there was nothing before"),
});
export const insightsAnswer = z.strictObject({
  weeks: z.array(z.string()).describe("The Monday (YYYY-MM-DD) each week starts on, oldest first"),
  ...Object.fromEntries(INSIGHT_METRICS.map((value) => [value, insightSeries])),
});
