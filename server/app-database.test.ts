import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/setup/database.ts";
import { openAppDatabase } from "./app-database.ts";
import { loadConfig } from "./config.ts";
import type { Logger } from "./logger.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("the primary's connections", () => {
  it("are what its start-up budget counts for it: the direct pool only, never a request or jobs pool", async () => {
    const watcher = postgres(database.url, { max: 1, onnotice: () => {} });
    const lines: { facts: Record<string, unknown>; message: string }[] = [];
    const record = (facts: object | string, message?: string) =>
      lines.push(
        typeof facts === "string"
          ? { facts: {}, message: facts }
          : { facts: facts as Record<string, unknown>, message: message ?? "" },
      );
    const log = { info: record, warn: record, error: record } as unknown as Logger;
    const connectionsHere = async () =>
      (
        await watcher<{ pid: number }[]>`
          select pid from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`
      ).map((row) => row.pid);
    const before = new Set(await connectionsHere());
    // Ten request connections a worker: were the primary to open its request pool, it would show.
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url, DATABASE_POOL_SIZE: "10", SEED_DEMO: "false" });
    const primary = await openAppDatabase(config, log, { workers: 2 });
    try {
      const opened = (await connectionsHere()).filter((pid) => !before.has(pid));
      const budget = lines.find((line) => typeof line.facts.connectionBudget === "number")?.facts;
      expect(budget).toMatchObject({ workers: 2, connectionBudget: 2 * 22 + 4, primary: { direct: 4 } });
      // It really opened some (the start-up lock, the migrations), and no more than it is counted for.
      expect(opened.length).toBeGreaterThanOrEqual(1);
      expect(opened.length).toBeLessThanOrEqual(4);
    } finally {
      await primary.close();
      await watcher.end();
    }
  });
});
