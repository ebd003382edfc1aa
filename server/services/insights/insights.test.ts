import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { INSIGHT_WEEKS, type Insights } from "#common/insights.ts";
import { consultantInsights, messages } from "#server/db/schema.ts";
import { call, startApiApp, type TestApi } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { countCvDownload, countProfileView, countSearchAppearances, InsightsBuffer } from "./counter.ts";

const it = apiTest();

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function counters(api: TestApi, consultantId: number) {
  const [row] = await api.database.db
    .select({
      views: sql<number>`coalesce(sum(${consultantInsights.profileViews}), 0)::int`,
      appearances: sql<number>`coalesce(sum(${consultantInsights.searchAppearances}), 0)::int`,
      downloads: sql<number>`coalesce(sum(${consultantInsights.cvDownloads}), 0)::int`,
    })
    .from(consultantInsights)
    .where(eq(consultantInsights.consultantId, consultantId));
  return row;
}

describe("the insights buffer", () => {
  it("counts a view once per visitor per day, ignores bots, and writes in batches", async ({ api }) => {
    const { db } = api.database;
    const id = await insertListedConsultant(db);
    const buffer = new InsightsBuffer(db);
    const visitor = { userAgent: BROWSER, userId: null, clientIp: "198.51.100.7" };
    buffer.view(id, visitor);
    buffer.view(id, visitor);
    buffer.view(id, { ...visitor, userAgent: PHONE });
    buffer.view(id, { userAgent: BROWSER, userId: 42, clientIp: "198.51.100.7" });
    buffer.view(id, { ...visitor, userAgent: GOOGLEBOT });
    buffer.view(id, { ...visitor, userAgent: "" });
    // Nothing is written until the buffer flushes.
    expect(await counters(api, id)).toEqual({ views: 0, appearances: 0, downloads: 0 });
    await buffer.flush();
    // One address (whatever its browser) and one signed-in user: two visitors.
    expect((await counters(api, id))?.views).toBe(2);

    // The same visitors again the same day, from another batch (or another instance): no new views.
    const other = new InsightsBuffer(db);
    other.view(id, visitor);
    other.view(id, { userAgent: BROWSER, userId: 42, clientIp: "203.0.113.9" });
    await other.flush();
    expect((await counters(api, id))?.views).toBe(2);

    buffer.appeared([id, id], { userAgent: BROWSER });
    buffer.appeared([id], { userAgent: GOOGLEBOT });
    // A CV download counts once per visitor per day too, apart from that visitor's view.
    buffer.cvDownloaded(id, { ...visitor, userAgent: PHONE });
    buffer.cvDownloaded(id, { ...visitor, userAgent: PHONE });
    buffer.cvDownloaded(id, { ...visitor, userAgent: GOOGLEBOT });
    other.cvDownloaded(id, { ...visitor, userAgent: PHONE });
    other.cvDownloaded(id, visitor);
    await buffer.close();
    await other.close();
    expect(await counters(api, id)).toEqual({ views: 2, appearances: 2, downloads: 1 });
  });

  // Issue 35 (the operations review, failure 10): 60 user agents from one address counted 60 views.
  it("counts one address once per profile per day whatever user agent it sends", async ({ api }) => {
    const { db } = api.database;
    const id = await insertListedConsultant(db);
    const buffer = new InsightsBuffer(db);
    for (let i = 0; i < 60; i++) {
      const viewer = { userAgent: `${BROWSER} Build/${i}`, userId: null, clientIp: "198.51.100.60" };
      buffer.view(id, viewer);
      buffer.cvDownloaded(id, viewer);
    }
    buffer.view(id, { userAgent: BROWSER, userId: null, clientIp: "198.51.100.61" });
    await buffer.close();
    expect(await counters(api, id)).toEqual({ views: 2, appearances: 0, downloads: 1 });
  });

  it("drops counts for a profile deleted before the flush, and keeps counting the others", async ({ api }) => {
    const { db, sql: client } = api.database;
    const gone = await insertListedConsultant(db);
    const kept = await insertListedConsultant(db);
    const buffer = new InsightsBuffer(db);
    buffer.appeared([gone, kept], { userAgent: BROWSER });
    buffer.view(gone, { userAgent: BROWSER, userId: null, clientIp: "198.51.100.8" });
    await client`delete from consultants where id = ${gone}`;
    await buffer.close();
    expect((await counters(api, kept))?.appearances).toBe(1);
    expect(await counters(api, gone)).toEqual({ views: 0, appearances: 0, downloads: 0 });
  });
});

describe("INSIGHTS_COUNTING=false", () => {
  it("gives the process no buffer: nothing is counted, for a benchmark's baseline", async () => {
    const off = await startApiApp({ INSIGHTS_COUNTING: "false" });
    try {
      expect(off.runtime.insights).toBeNull();
      const id = await insertListedConsultant(off.database.db);
      const visitor = { userAgent: BROWSER, userId: null, clientIp: "198.51.100.40" };
      countProfileView(off, id, visitor);
      countSearchAppearances(off, [id], visitor);
      countCvDownload(off, id, visitor);
      // A download through the API door counts nothing either.
      expect((await call(off.app, "GET", `/api/consultants/${id}/cv.pdf`, { headers: { "user-agent": BROWSER } })).status).toBe(
        200,
      );
      await off.runtime.close();
      const [row] = await off.database.sql<{ rows: number }[]>`
        select (select count(*) from consultant_insights)::int + (select count(*) from insight_visitors)::int as rows`;
      expect(row?.rows).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe("GET /api/my-consultant-profile/insights", () => {
  it("answers 401 signed out and 404 without a profile", async ({ api }) => {
    expect((await call(api.app, "GET", "/api/my-consultant-profile/insights")).status).toBe(401);
    const user = await insertSignedInUser(api.database.db);
    const none = await call(api.app, "GET", "/api/my-consultant-profile/insights", { token: user.token });
    expect(none.status).toBe(404);
  });

  it("gives twelve weekly numbers per metric with totals and the change against the twelve weeks before", async ({ api }) => {
    const { db } = api.database;
    const owner = await insertSignedInUser(db);
    const id = await insertListedConsultant(db, { userId: owner.id });
    const other = await insertListedConsultant(db);
    const daysAgo = (days: number) => sql`(now() at time zone 'UTC')::date - ${days}::int`;
    // This week 5 views, ten weeks ago 3; the period before: 4 views twenty weeks ago.
    await db.execute(sql`insert into consultant_insights (consultant_id, day, profile_views, search_appearances, cv_downloads)
      values (${id}, ${daysAgo(0)}, 5, 40, 1), (${id}, ${daysAgo(70)}, 3, 10, 0), (${id}, ${daysAgo(140)}, 4, 0, 0),
             (${other}, ${daysAgo(0)}, 99, 99, 99)`);
    await db.insert(messages).values([
      { consultantId: id, senderName: "Ana", senderEmail: "ana@example.org", subject: "Hello", message: "A first message." },
      { consultantId: id, senderName: "Ben", senderEmail: "ben@example.org", subject: "Hi", message: "A second message." },
      { consultantId: other, senderName: "Cy", senderEmail: "cy@example.org", subject: "Hey", message: "Not for this one." },
    ]);

    const response = await call(api.app, "GET", "/api/my-consultant-profile/insights", { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const insights = response.json as Insights;
    expect(insights.weeks).toHaveLength(INSIGHT_WEEKS);
    const monday = new Date(`${insights.weeks.at(-1)}T00:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);
    expect(Date.now() - monday.getTime()).toBeLessThan(7 * 86_400_000);
    expect(insights.profileViews).toMatchObject({ total: 8, previousTotal: 4, change: 1 });
    expect(insights.profileViews.weekly.at(-1)).toBe(5);
    expect(insights.profileViews.weekly).toHaveLength(INSIGHT_WEEKS);
    expect(insights.searchAppearances).toMatchObject({ total: 50, previousTotal: 0, change: null });
    expect(insights.cvDownloads.total).toBe(1);
    expect(insights.messagesReceived).toMatchObject({ total: 2, previousTotal: 0 });
    expect(insights.messagesReceived.weekly.at(-1)).toBe(2);
  });
});
