import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Database } from "#server/db/client.ts";

// Counting for consultants' insights without slowing a page: a view, an appearance in search
// results or a CV download is a Map update in memory; every few seconds the buffer writes what
// it holds in two statements (counters per consultant per day, and who viewed or downloaded what
// today so a view and a CV download count once per visitor per day). Several app instances may count at once: the database
// adds their batches and drops repeated visitors. A crash loses at most a few seconds of counts;
// a graceful shutdown none (server/runtime.ts closes the buffer). One buffer per process, in its
// runtime, or none at all when INSIGHTS_COUNTING=false.

export const INSIGHTS_FLUSH_MS = 5_000;
/** Past this many pending entries the buffer writes at once instead of waiting for the timer. */
const MAX_PENDING = 20_000;

type Counter = "searchAppearances";

/** Who is looking: a bot, the profile's owner or an admin is not counted. */
export type Viewer = {
  userAgent: string | null | undefined;
  /** The signed-in user, if any. */
  userId: number | null;
  clientIp: string;
};

function today() {
  return new Date().toISOString().slice(0, 10);
}

/** A person by their user agent: not a bot (the isbot list), not a request without one (the warm-up's). */
export function isPerson(viewer: Pick<Viewer, "userAgent">): boolean {
  return !!viewer.userAgent && !isbot(viewer.userAgent);
}

/**
 * A stable key for a visitor on one day that names no one: a user id, or a hash of the address (an
 * IPv6 client's network). Not the browser: 60 user agents from one address are one visitor (issue 35).
 */
function visitorKey(viewer: Viewer, day: string) {
  if (viewer.userId !== null) return `u:${viewer.userId}`;
  const hash = createHash("sha256").update(`${day}\n${viewer.clientIp}`).digest("base64url");
  return `a:${hash.slice(0, 22)}`;
}

const MAX_PERSON_ANSWERS = 2_000;

type Log = { warn: (object: object, message?: string) => void };

export class InsightsBuffer {
  /** Who viewed a profile or downloaded its CV today; a download's visitor key starts with "cv:". */
  private views = new Map<string, { consultantId: number; day: string; visitor: string }>();
  private counts = new Map<string, { consultantId: number; day: string; searchAppearances: number }>();
  private timer: ReturnType<typeof setInterval>;
  private flushing: Promise<void> = Promise.resolve();
  private purgedDay = "";
  /** isPerson's answer per user agent: isbot's patterns cost far more than a lookup, and browsers repeat. */
  private readonly personAnswers = new Map<string, boolean>();

  private readonly db: Database;
  private readonly log?: Log;

  constructor(db: Database, log?: Log, flushMs = INSIGHTS_FLUSH_MS) {
    this.db = db;
    this.log = log;
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** A person (not the owner, not a bot) opened a listed profile. */
  view(consultantId: number, viewer: Viewer) {
    this.seen(consultantId, viewer, "");
  }

  private seen(consultantId: number, viewer: Viewer, prefix: "" | "cv:") {
    if (!this.isCountable(viewer)) return;
    const day = today();
    const visitor = `${prefix}${visitorKey(viewer, day)}`;
    this.views.set(`${consultantId}|${day}|${visitor}`, { consultantId, day, visitor });
    this.checkSize();
  }

  /** Profiles shown on a results page a person saw. */
  appeared(consultantIds: readonly number[], viewer: Pick<Viewer, "userAgent">) {
    if (!this.isCountable(viewer)) return;
    const day = today();
    for (const id of consultantIds) this.add(id, "searchAppearances", day);
  }

  /** A listed profile's CV downloaded by a person (not the owner, not a bot): once per visitor per day. */
  cvDownloaded(consultantId: number, viewer: Viewer) {
    this.seen(consultantId, viewer, "cv:");
  }

  /** isPerson, remembered per user agent. */
  private isCountable(viewer: Pick<Viewer, "userAgent">) {
    const agent = viewer.userAgent;
    if (!agent) return false;
    let person = this.personAnswers.get(agent);
    if (person === undefined) {
      person = isPerson(viewer);
      if (this.personAnswers.size >= MAX_PERSON_ANSWERS) this.personAnswers.clear();
      this.personAnswers.set(agent, person);
    }
    return person;
  }

  private add(consultantId: number, counter: Counter, day: string) {
    const key = `${consultantId}|${day}`;
    const entry = this.counts.get(key) ?? { consultantId, day, searchAppearances: 0 };
    entry[counter] += 1;
    this.counts.set(key, entry);
    this.checkSize();
  }

  private checkSize() {
    if (this.views.size + this.counts.size >= MAX_PENDING) void this.flush();
  }

  /** Writes everything counted so far (one flush at a time); resolves when it is in the database. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /** Stops the timer and writes what is left (on shutdown). */
  async close() {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write() {
    const views = [...this.views.values()];
    const counts = [...this.counts.values()];
    this.views = new Map();
    this.counts = new Map();
    if (views.length === 0 && counts.length === 0) return;
    // Rows in key order: two instances writing overlapping rows never deadlock.
    views.sort((a, b) => a.consultantId - b.consultantId || a.day.localeCompare(b.day) || a.visitor.localeCompare(b.visitor));
    counts.sort((a, b) => a.consultantId - b.consultantId || a.day.localeCompare(b.day));
    try {
      await this.db.transaction(async (tx) => {
        if (counts.length > 0) {
          await tx.execute(sql`
            insert into consultant_insights as ci (consultant_id, day, search_appearances)
            select t.consultant_id, t.day::date, t.appearances
            from unnest(${sql.param(counts.map((row) => row.consultantId))}::int[],
                        ${sql.param(counts.map((row) => row.day))}::text[],
                        ${sql.param(counts.map((row) => row.searchAppearances))}::int[])
              as t(consultant_id, day, appearances)
            -- A profile deleted since it was counted has nothing to count towards.
            where exists (select 1 from consultants c where c.id = t.consultant_id)
            order by t.consultant_id, t.day
            on conflict (consultant_id, day) do update set
              search_appearances = ci.search_appearances + excluded.search_appearances`);
        }
        if (views.length > 0) {
          // Only visitors not yet seen today on that profile add a view (or a CV download).
          await tx.execute(sql`
            with fresh as (
              insert into insight_visitors (consultant_id, day, visitor)
              select t.consultant_id, t.day::date, t.visitor
              from unnest(${sql.param(views.map((row) => row.consultantId))}::int[],
                          ${sql.param(views.map((row) => row.day))}::text[],
                          ${sql.param(views.map((row) => row.visitor))}::text[]) as t(consultant_id, day, visitor)
              where exists (select 1 from consultants c where c.id = t.consultant_id)
              on conflict do nothing
              returning consultant_id, day, visitor
            )
            insert into consultant_insights as ci (consultant_id, day, profile_views, cv_downloads)
            select consultant_id, day, count(*) filter (where not downloaded)::int, count(*) filter (where downloaded)::int
            from (select consultant_id, day, visitor like 'cv:%' as downloaded from fresh) as f
            group by consultant_id, day order by consultant_id, day
            on conflict (consultant_id, day) do update set
              profile_views = ci.profile_views + excluded.profile_views,
              cv_downloads = ci.cv_downloads + excluded.cv_downloads`);
        }
      });
      const day = today();
      if (this.purgedDay !== day) {
        await this.db.execute(sql`delete from insight_visitors where day < ${day}::date - 1`);
        this.purgedDay = day;
      }
    } catch (error) {
      // Counting must never break a page: the batch is dropped and the next one goes on.
      this.log?.warn({ err: error, views: views.length, counts: counts.length }, "writing insights counters failed");
    }
  }
}

/** The part of `deps` counting needs: the process's buffer, or none when counting is off. */
type Counting = { runtime: { insights: InsightsBuffer | null } };

/** A person (not the owner, not a bot) opened a listed profile's page. */
export function countProfileView(deps: Counting, consultantId: number, viewer: Viewer) {
  deps.runtime.insights?.view(consultantId, viewer);
}

/** Profiles shown on a results page a person saw. */
export function countSearchAppearances(deps: Counting, consultantIds: readonly number[], viewer: Pick<Viewer, "userAgent">) {
  deps.runtime.insights?.appeared(consultantIds, viewer);
}

/**
 * Counts a CV download for a consultant: the one function the CV endpoint calls, for a listed
 * profile downloaded by someone other than its owner or an admin. Bots are not counted, and a
 * visitor counts once per day.
 */
export function countCvDownload(deps: Counting, consultantId: number, viewer: Viewer) {
  deps.runtime.insights?.cvDownloaded(consultantId, viewer);
}
