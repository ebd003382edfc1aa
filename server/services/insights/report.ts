import { eq, type SQL, sql } from "drizzle-orm";
import { INSIGHT_METRICS, INSIGHT_WEEKS, type InsightSeries, type Insights } from "#common/insights.ts";
import type { Database } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";
import { type Actor, requireUser } from "../context.ts";
import { firstOrNotFound } from "../errors.ts";

// The owner's weekly insights: twelve weeks of counters (and the twelve before, for the change),
// read from the daily rows the insights buffer writes, plus the messages received.

type Row = { week: string; profileViews: number; searchAppearances: number; cvDownloads: number; messagesReceived: number };

/**
 * The messages a consultant received per week since a day: the one place that reads them for
 * insights. Read from the consultant's conversations (issue 13): every entry from the other side
 * (the organization's first message and its answers in the product), never the consultant's own.
 */
function messagesPerWeek(consultantId: number, since: SQL) {
  return sql`select date_trunc('week', m.created_at at time zone 'UTC')::date as week, count(*)::int as n
    from conversations c join messages m on m.conversation_id = c.id
    where c.consultant_id = ${consultantId} and m.created_at >= ${since}
    group by 1`;
}

/** Twenty-four weeks (Monday starts, UTC) of a consultant's counters, oldest first. */
export async function consultantInsights(db: Database, consultantId: number): Promise<Insights> {
  const first = sql`(date_trunc('week', (now() at time zone 'UTC')::date) - interval '${sql.raw(String(7 * (2 * INSIGHT_WEEKS - 1)))} days')::date`;
  const rows = await db.execute<Row>(sql`
    with weeks as (
      select generate_series(${first}, date_trunc('week', (now() at time zone 'UTC')::date)::date, interval '7 days')::date as week
    ),
    counters as (
      select date_trunc('week', day)::date as week, sum(profile_views)::int as views,
        sum(search_appearances)::int as appearances, sum(cv_downloads)::int as downloads
      from consultant_insights where consultant_id = ${consultantId} and day >= ${first}
      group by 1
    ),
    received as (${messagesPerWeek(consultantId, first)})
    select to_char(w.week, 'YYYY-MM-DD') as week,
      coalesce(c.views, 0) as "profileViews", coalesce(c.appearances, 0) as "searchAppearances",
      coalesce(c.downloads, 0) as "cvDownloads", coalesce(r.n, 0) as "messagesReceived"
    from weeks w left join counters c on c.week = w.week left join received r on r.week = w.week
    order by w.week`);
  const previous = rows.slice(0, rows.length - INSIGHT_WEEKS);
  const current = rows.slice(-INSIGHT_WEEKS);
  const series = (key: keyof Omit<Row, "week">): InsightSeries => {
    const weekly = current.map((row) => Number(row[key]));
    const total = weekly.reduce((sum, value) => sum + value, 0);
    const previousTotal = previous.reduce((sum, row) => sum + Number(row[key]), 0);
    return { weekly, total, previousTotal, change: previousTotal > 0 ? (total - previousTotal) / previousTotal : null };
  };
  const metrics = Object.fromEntries(INSIGHT_METRICS.map((value) => [value, series(value)])) as Omit<Insights, "weeks">;
  return { weeks: current.map((row) => row.week), ...metrics };
}

/** GET /api/my-consultant-profile/insights: the signed-in consultant's own insights. */
export async function getMyInsights(deps: { db: Database }, actor: Actor): Promise<Insights> {
  const signedIn = requireUser(actor, "Please sign in to see your consultant profile");
  const own = await firstOrNotFound(
    deps.db.select({ id: consultants.id }).from(consultants).where(eq(consultants.userId, signedIn.id)).limit(1),
    "You do not have a consultant profile yet",
  );
  return consultantInsights(deps.db, own.id);
}
