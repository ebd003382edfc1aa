import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { loadConfig } from "../config.ts";
import { checkConnectionBudget, connectionBudget } from "./connection-budget.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function recordingLog() {
  const lines: { level: "info" | "warn"; facts: object; message: string }[] = [];
  return {
    lines,
    info: (facts: object, message: string) => lines.push({ level: "info", facts, message }),
    warn: (facts: object, message: string) => lines.push({ level: "warn", facts, message }),
  };
}

const databaseSettings = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...env }).database;

describe("the connection budget", () => {
  it("counts every pool a worker opens to the server, and behind PgBouncer only those that bypass it", () => {
    const direct = connectionBudget(databaseSettings({ DATABASE_POOL_SIZE: "10" }), 2, 5);
    expect(direct.perWorker).toEqual({ requests: 10, jobs: 2, direct: 4, listen: 1, jobQueue: 5 });
    // And the primary that forked them: its direct pool (start-up lock, migrations, seed).
    expect(direct.primary).toEqual({ direct: 4 });
    expect(direct.total).toBe(2 * 22 + 4);
    // One process doing everything is its own only worker: nothing more.
    const single = connectionBudget(databaseSettings({ DATABASE_POOL_SIZE: "10" }), 1, 5);
    expect(single.primary).toEqual({});
    expect(single.total).toBe(22);
    const pooled = connectionBudget(
      databaseSettings({
        DATABASE_URL: "postgres://app@pgbouncer:6432/app",
        DATABASE_DIRECT_URL: "postgres://app@db:5432/app",
        DATABASE_POOLER: "true",
        DATABASE_POOL_SIZE: "10",
      }),
      2,
      5,
    );
    // The review's measurement: ~5.3 direct connections a worker with the queue idle; these are the maxima.
    expect(pooled.perWorker).toEqual({ direct: 4, listen: 1, jobQueue: 5 });
    expect(pooled.primary).toEqual({ direct: 4 });
    expect(pooled.total).toBe(2 * 10 + 4);
  });

  it("reads max_connections from the server and warns when the instance would not fit beside what is open", async () => {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    // Three connections of another instance, open while this one starts.
    const other = postgres(database.url, { max: 3, onnotice: () => {} });
    try {
      await Promise.all([1, 2, 3].map(() => other`select pg_sleep(0.3)`));
      const [settings] = await sql<{ max: number }[]>`select current_setting('max_connections')::int as max`;
      const max = settings?.max ?? 0;
      expect(max).toBeGreaterThan(20);

      const quiet = recordingLog();
      const small = await checkConnectionBudget(
        sql,
        connectionBudget(databaseSettings({ DATABASE_POOL_SIZE: "2" }), 1, 5),
        quiet,
      );
      expect(small).toMatchObject({ maxConnections: max, connectionBudget: 14, fits: true });
      // Other test files share this server: at least the three held here are counted, never this check's own.
      expect(small?.openByOthers).toBeGreaterThanOrEqual(3);
      expect(quiet.lines).toHaveLength(1);
      expect(quiet.lines[0]).toMatchObject({ level: "info", facts: { connectionBudget: 14, maxConnections: max } });
      expect(quiet.lines[0]?.message).toMatch(/^this instance opens at most 14 connections to PostgreSQL; \d+ are free$/);

      // Ten instances' worth of workers in one: more than the server allows.
      const workers = Math.ceil(max / 22) + 1;
      const total = workers * 22 + 4;
      const loud = recordingLog();
      const large = await checkConnectionBudget(
        sql,
        connectionBudget(databaseSettings({ DATABASE_POOL_SIZE: "10" }), workers, 5),
        loud,
      );
      expect(large).toMatchObject({ connectionBudget: total, primary: { direct: 4 }, fits: false });
      expect(loud.lines).toHaveLength(1);
      expect(loud.lines[0]?.level).toBe("warn");
      expect(loud.lines[0]?.message).toContain(`this instance may open ${total} connections to PostgreSQL`);
      expect(loud.lines[0]?.message).toContain(`of max_connections ${max} are free`);
      expect(loud.lines[0]?.message).toContain("Lower DATABASE_POOL_SIZE or WEB_CONCURRENCY");
    } finally {
      await other.end();
      await sql.end();
    }
  });
});
