import type postgres from "postgres";
import { describe, expect, vi } from "vitest";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { unique } from "../../tests/setup/unique.ts";
import { loadConfig } from "../config.ts";
import { createDatabase } from "../db/client.ts";
import { freePort } from "../db/embedded.ts";
import { connectDatabase } from "../db/setup.ts";
import { warmUp } from "./warm-up.ts";

// Warm before ready (issue 35, item 5), step by step: every connection of every request pool is
// open (the replica's too: search and the home page read there) and the busiest pages have been
// answered once; a step that fails is said at warn and never stops the start.
// tests/e2e/warm-start.test.ts checks the same on the production build.

const it = databaseTest();

function recordingLog() {
  const warnings: { obj: object; msg: string }[] = [];
  const infos: { obj: object; msg: string }[] = [];
  return {
    warnings,
    infos,
    log: {
      warn: (obj: object | string, msg?: string) =>
        warnings.push({ obj: typeof obj === "string" ? {} : obj, msg: msg ?? String(obj) }),
      info: (obj: object | string, msg?: string) =>
        infos.push({ obj: typeof obj === "string" ? {} : obj, msg: msg ?? String(obj) }),
    },
  };
}

/** On each of a pool's `connections` (all reserved at once, so each is another): how often `statement` is prepared there. */
async function preparedOnEach(sql: postgres.Sql, statement: string, connections: number) {
  const reserved = await Promise.all(Array.from({ length: connections }, () => sql.reserve()));
  try {
    return await Promise.all(
      reserved.map(async (connection) => {
        const [row] = await connection<{ n: number }[]>`
          select count(*)::int as n from pg_prepared_statements where statement = ${statement}`;
        return row?.n;
      }),
    );
  } finally {
    for (const connection of reserved) connection.release();
  }
}

describe("warmUp", () => {
  it("opens every connection of each request pool and answers the home page and the search API", async ({ database }) => {
    const names = [`warm-primary-${unique()}`, `warm-replica-${unique()}`];
    const primary = createDatabase(database.url, { max: 3, applicationName: names[0] });
    const replica = createDatabase(database.url, { max: 2, applicationName: names[1] });
    try {
      const asked: string[] = [];
      const { log, warnings } = recordingLog();
      const result = await warmUp({
        pools: [
          { name: "primary", sql: primary.sql, size: 3 },
          { name: "replica", sql: replica.sql, size: 2 },
        ],
        fetch: (request) => {
          asked.push(new URL(request.url).pathname);
          return new Response("ok");
        },
        origin: "http://devconsult.test",
        log: log as never,
      });
      expect(result.failed).toEqual([]);
      expect(warnings).toEqual([]);
      expect(asked).toEqual(["/", "/", "/api/consultants"]);
      const open = await database.sql<{ name: string; n: number }[]>`
        select application_name as name, count(*)::int as n from pg_stat_activity
        where application_name = any(${names}) group by application_name`;
      expect(Object.fromEntries(open.map((row) => [row.name, row.n]))).toEqual({
        [names[0] as string]: 3,
        [names[1] as string]: 2,
      });
    } finally {
      await Promise.all([primary.close(), replica.close()]);
    }
  });

  it("prepares what the pages sent on every connection of the pool, not only on the one they used", async ({ database }) => {
    const primary = createDatabase(database.url, { max: 3 });
    const statement = "select count(*)::int as n from pg_class where relname <> $1";
    // A page that writes (as counting a zero-result search does) before it reads.
    const write = `insert into search_zero_results (day, query, searches) values (current_date, $1, 1)
      on conflict (day, query) do update set searches = search_zero_results.searches + 1`;
    const query = `warm-${unique()}`;
    try {
      const result = await warmUp({
        pools: [{ name: "primary", sql: primary.sql, size: 3 }],
        // Each page sends the statements once, as a page's loader would (one connection serves it).
        fetch: async () => {
          await primary.sql.unsafe(write, [query]);
          await primary.sql.unsafe(statement, ["x"]);
          return new Response("ok");
        },
        origin: "http://devconsult.test",
        log: recordingLog().log as never,
      });
      // Every connection at once (each reservation takes another): each has the statement prepared.
      expect(await preparedOnEach(primary.sql, statement, 3)).toEqual([1, 1, 1]);
      expect(result.prepared).toEqual({ primary: { statements: 2, connections: 3 } });
      // The write was prepared too but not made again: the three pages' own writes only (the read-only
      // transaction refused it on each connection, and the read after it was still prepared).
      const [written] = await database.sql<{ searches: number }[]>`
        select searches from search_zero_results where query = ${query}`;
      expect(written?.searches).toBe(3);
    } finally {
      await primary.close();
    }
  });

  it("keeps the request pool's connections, and what it prepared on them, through a quiet minute; other pools close theirs after 30 s", async ({
    database,
  }) => {
    // postgres.js closes an idle connection on a timer: a minute passes on the fake clock, at once.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url, DATABASE_POOL_SIZE: "3", SEED_DEMO: "false" });
    const app = connectDatabase(config, database.url, { info: () => {}, warn: () => {} });
    const otherName = `warm-other-${unique()}`;
    const other = createDatabase(database.url, { max: 2, applicationName: otherName });
    const statement = "select count(*)::int as n from pg_class where relname <> $1";
    const open = async () =>
      Object.fromEntries(
        (
          await database.sql<{ name: string; n: number }[]>`
            select application_name as name, count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name = any(${["devconsult-web", otherName]})
            group by application_name`
        ).map((row) => [row.name, row.n]),
      );
    try {
      await warmUp({
        pools: [{ name: "primary", sql: app.sql, size: 3 }],
        fetch: async () => {
          await app.sql.unsafe(statement, ["x"]);
          return new Response("ok");
        },
        origin: "http://devconsult.test",
        log: recordingLog().log as never,
      });
      await Promise.all([other.sql`select 1`, other.sql`select 2`]);
      expect(await open()).toEqual({ "devconsult-web": 3, [otherName]: 2 });
      vi.advanceTimersByTime(60_000);
      // The other pool's backends leave once their connections are closed.
      const deadline = Date.now() + 5_000;
      while ((await open())[otherName] && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await open()).toEqual({ "devconsult-web": 3 });
      expect(await preparedOnEach(app.sql, statement, 3)).toEqual([1, 1, 1]);
    } finally {
      vi.useRealTimers();
      await Promise.all([app.close(), other.close()]);
    }
  });

  it("says at warn what failed (a pool that cannot connect, a page that answers 500) and still answers the rest", async ({
    database,
  }) => {
    const gone = createDatabase(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, {
      max: 2,
      connectTimeoutMs: 2_000,
    });
    const primary = createDatabase(database.url, { max: 1 });
    try {
      const { log, warnings, infos } = recordingLog();
      const asked: string[] = [];
      const result = await warmUp({
        pools: [
          { name: "primary", sql: primary.sql, size: 1 },
          { name: "replica", sql: gone.sql, size: 2 },
        ],
        fetch: (request) => {
          const path = new URL(request.url).pathname;
          asked.push(path);
          return new Response("no", { status: path === "/" ? 500 : 200 });
        },
        origin: "http://devconsult.test",
        log: log as never,
      });
      expect(result.failed).toEqual(["replica", "/ 500", "/?keywords=evaluation 500"]);
      expect(asked).toEqual(["/", "/", "/api/consultants"]);
      expect(warnings.map((warning) => warning.msg)).toEqual([
        "warm-up: could not open the database pool",
        "warm-up: the page failed",
        "warm-up: the page failed",
      ]);
      expect(infos.at(-1)?.obj).toMatchObject({ failed: ["replica", "/ 500", "/?keywords=evaluation 500"] });
    } finally {
      await Promise.all([primary.close(), gone.close()]);
    }
  });
});
