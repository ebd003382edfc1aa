import { execFile } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql as statement } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { createDatabase, DatabaseDeadline, preparedStatements } from "./client.ts";
import { isDatabaseUnavailable } from "./errors.ts";
import { consultants, rateLimits } from "./schema.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * The statements the one connection of `sql` has prepared, postgres.js's own type lookup at connect
 * among them (this query has no parameters, so it is not one).
 */
async function preparedOn(sql: postgres.Sql) {
  const rows = await sql.unsafe<{ statement: string }[]>("select statement from pg_prepared_statements");
  return rows.map((row) => row.statement);
}

describe("the connection pool", () => {
  it("prepares Drizzle's statements once per connection instead of parsing them on every execution", async () => {
    const { db, sql, close } = createDatabase(database.url, { max: 1 });
    try {
      for (const id of [1, 2, 3]) await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.id, id));
      const prepared = (await preparedOn(sql)).filter((statement) => statement.includes('"consultants"."id" = $1'));
      expect(prepared).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it("plans a prepared statement once, without its values, instead of on every execution", async () => {
    const { db, sql, close } = createDatabase(database.url, { max: 1 });
    try {
      for (const id of [1, 2, 3, 4]) await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.id, id));
      const [plans] = await sql.unsafe<{ generic: number; custom: number }[]>(`
        select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
        where statement like '%"consultants"."id" = $1%'`);
      // Prepared on its second run, then planned generically on every run from there.
      expect(plans).toEqual({ generic: 3, custom: 0 });
    } finally {
      await close();
    }
  });

  it("names a statement when it runs a second time, and only as many as its limit; the rest run unnamed", async () => {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    const ours = async () => (await preparedOn(sql)).filter((statement) => statement.startsWith("select $1::int"));
    try {
      preparedStatements(sql, 1);
      await sql.unsafe("select $1::int as first", [1]);
      expect(await ours()).toEqual([]);
      await sql.unsafe("select $1::int as first", [2]);
      expect(await ours()).toEqual(["select $1::int as first"]);
      await sql.unsafe("select $1::int as second", [3]);
      await sql.unsafe("select $1::int as second", [4]);
      await sql.unsafe("select $1::int as first", [5]);
      expect(await ours()).toEqual(["select $1::int as first"]);
      // Without parameters: the simple protocol, as before.
      expect(await sql.unsafe("select 7 as seven")).toEqual([{ seven: 7 }]);
    } finally {
      await sql.end();
    }
  });

  it("prepares nothing behind a transaction pooler, where the next statement may reach another server connection", async () => {
    const { db, sql, close } = createDatabase(database.url, { max: 1, pooler: true });
    try {
      await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.id, 1));
      await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.id, 2));
      expect(await preparedOn(sql)).toEqual([]);
    } finally {
      await close();
    }
  });
});

// Issue 35 item 2: the pool's deadline. The frozen-server tests (frozen.test.ts) cover a server
// that answers nothing; these cover a server that answers, but too late for the caller.
describe("a pool whose server accepts and never answers", () => {
  // Issue 35 item 2: every pool has a connect timeout, the pools without a statement deadline
  // (start-up lock, migrations, LISTEN) too: postgres.js waits 30 s by default, and a server
  // frozen before its handshake answers nothing else to end the wait.
  it("gives up connecting after its connect timeout, an outage the doors answer 503", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const { sql, close } = createDatabase(`postgres://app:app@127.0.0.1:${port}/app`, { max: 1, connectTimeoutMs: 300 });
    try {
      const started = performance.now();
      const error = await Promise.race([
        sql`select 1`.then(
          () => null,
          (failure: unknown) => failure,
        ),
        new Promise((resolve) => setTimeout(() => resolve(new Error("still waiting after 5 s")), 5_000)),
      ]);
      expect((error as { code?: string } | null)?.code, String(error)).toBe("CONNECT_TIMEOUT");
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await close().catch(() => {});
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe("a pool with a statement deadline", () => {
  const DEADLINE_MS = 500;

  it("gives up on a statement that outlives it", async () => {
    const { db, sql, close } = createDatabase(database.url, { max: 2, statementTimeoutMs: DEADLINE_MS });
    try {
      const started = performance.now();
      const error = await db.execute(statement`select pg_sleep(5)`).then(
        () => null,
        (failure: unknown) => failure,
      );
      // What the doors answer 503 (the server's statement_timeout, or this side's deadline).
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(4_000);
      // The server ends it too (a statement this side gave up on must not run on): the connection carries the limit.
      const [setting] = await sql<{ statement_timeout: string }[]>`show statement_timeout`;
      expect(setting?.statement_timeout).toBe(`${DEADLINE_MS}ms`);
    } finally {
      await close();
    }
  });

  it("gives up on its own side where the server sets no limit (a pooler's connections, a frozen server)", async () => {
    // Behind a transaction pooler the connection carries no statement_timeout: only this side's deadline ends the wait.
    const { db, close } = createDatabase(database.url, { max: 2, pooler: true, statementTimeoutMs: DEADLINE_MS });
    try {
      const started = performance.now();
      const error = await db.execute(statement`select pg_sleep(3)`).then(
        () => null,
        (failure: unknown) => failure,
      );
      // Drizzle wraps what the driver threw ("Failed query: …").
      expect((error as Error | null)?.cause, String(error)).toBeInstanceOf(DatabaseDeadline);
      expect(performance.now() - started).toBeLessThan(2_500);
    } finally {
      await close();
    }
  });

  it("rolls back a transaction that outlives it: the caller was told it failed, so it never commits later", async () => {
    const { db, close } = createDatabase(database.url, { max: 2, statementTimeoutMs: DEADLINE_MS });
    const key = `late-transaction-${Date.now()}`;
    let workDone!: () => void;
    const finished = new Promise<void>((resolve) => {
      workDone = resolve;
    });
    try {
      const attempt = db.transaction(async (tx) => {
        await tx.insert(rateLimits).values({ key, windowStart: new Date(), hits: 1 });
        // Past the deadline on this side, yet short of the server's idle-in-transaction limit
        // (twice the deadline), which would roll it back by itself.
        await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 1.4));
        workDone();
      });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseDeadline);
      await finished;
      // The transaction's end (rollback, or a commit if the guard were gone) follows its work at once.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = await database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
      expect(rows).toEqual([]);
    } finally {
      await close();
    }
  });
});

// Issue 35, re-run of the operations review (session 12): the database killed behind PgBouncer
// ended both workers of an instance. postgres.js drops the promise of the array-types query it
// sends first on a new connection (porsager/postgres#1192); PgBouncer answered that query with
// FATAL 08P01 "server login has been failing", and the unhandled rejection ended the process.
describe("a connection whose first query the pooler refuses", () => {
  const script = path.join(import.meta.dirname, "../../tests/setup/lost-type-query.ts");
  const runScript = (mode: "guarded" | "unguarded") =>
    promisify(execFile)(process.execPath, [script, mode], { timeout: 15_000 }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code,
        stdout: `${error.stdout}${error.stderr}`,
      }),
    );

  it("fails the query that opened it (a 503), and the process keeps serving, the lost rejection logged", async () => {
    const run = await runScript("guarded");
    expect(run.code, run.stdout).toBe(0);
    const outcome = JSON.parse(run.stdout) as { answer: string; warnings: string[] };
    expect(outcome.answer).toBe("failed: 08P01");
    expect(outcome.warnings).toEqual([expect.stringContaining("postgres.js dropped the error of its type query")]);
  });

  it("without surviveLostDriverRejections the driver ends the process (when postgres.js fixes #1192, the guard can go)", async () => {
    const run = await runScript("unguarded");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("server login has been failing");
  });
});
