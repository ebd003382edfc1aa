import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql as drizzleSql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, serveApi } from "../../tests/setup/api-app.ts";
import { profileBody } from "../../tests/setup/consultants.ts";
import { type PgBouncer, startPgBouncer } from "../../tests/setup/pgbouncer.ts";
import { findLink, startSmtpServer, type TestSmtp } from "../../tests/setup/smtp.ts";
import { loadConfig } from "../config.ts";
import type { createHttpApp } from "../http/app.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { createLogger } from "../logger.ts";
import { ensureAdmin } from "../services/accounts/bootstrap.ts";
import { createDatabase } from "./client.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded.ts";
import { isDatabaseUnavailable } from "./errors.ts";
import { openDatabase } from "./setup.ts";

// DATABASE_URL through a real PgBouncer in transaction mode (Debian's package): the app starts,
// serves a representative part of the API, and PostgreSQL logs no "prepared statement" error.
// Its own PostgreSQL, so that its log holds only this test's statements.

let dir: string;
let server: EmbeddedPostgres;
let bouncer: PgBouncer;
let smtp: TestSmtp;
let jobs: JobQueue | undefined;
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
let app: ReturnType<typeof createHttpApp>;

const ADMIN = { email: "ops@example.org", password: "a long admin password" };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-pgbouncer-pg-"));
  await chmod(dir, 0o755);
  server = await startEmbeddedPostgres({ dir: path.join(dir, "postgres"), log: { info: () => {}, warn: () => {} } });
  const admin = postgres(server.url("postgres"), { max: 1, onnotice: () => {} });
  await admin`create database app`;
  await admin.end();
  // Retries the server after 1 s, not 15: the last test brings the database back.
  bouncer = await startPgBouncer(server.url("postgres"), { serverLoginRetrySeconds: 1 });
  smtp = await startSmtpServer();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    PUBLIC_URL: "http://devconsult.test",
    DATABASE_URL: bouncer.url("app"),
    DATABASE_DIRECT_URL: server.url("app"),
    DATABASE_POOLER: "true",
    DATABASE_POOL_SIZE: "8",
    SEED_DEMO: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "true",
    LOG_LEVEL: "silent",
  });
  const log = createLogger(config);
  database = await openDatabase(config, log, { underLock: (db) => ensureAdmin(db, log, config.admin) });
  ({ app, jobs } = await serveApi(config, database, log, { insights: false }));
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await bouncer?.stop();
  await smtp?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("behind PgBouncer in transaction mode", () => {
  it("serves sign-up, mail, profiles, moderation, search and stats with no prepared-statement error", async () => {
    const email = "lan.nguyen@example.org";
    const registered = await call(app, "POST", "/api/auth/register", {
      body: { email, password: "kettle-harbour-59", name: "Lan Nguyen" },
      ip: "198.51.100.7",
    });
    expect(registered.status, registered.text).toBe(201);
    const token = registered.json.sessionToken as string;
    // The verification e-mail went through the job queue (on the direct connection).
    const link = findLink(await smtp.waitForMail(email), "/verify-email");
    const verified = await call(app, "POST", "/api/auth/verify-email", { body: { token: link.searchParams.get("token") } });
    expect(verified.status).toBe(200);

    const created = await call(app, "POST", "/api/consultants", {
      token,
      body: profileBody({ title: "Pgbouncerish Water Engineer", email }),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;

    const signedIn = await call(app, "POST", "/api/auth/login", { body: ADMIN, ip: "198.51.100.8" });
    expect(signedIn.status).toBe(200);
    const adminToken = signedIn.json.sessionToken as string;
    const approved = await call(app, "PUT", `/api/admin/consultants/${id}/approve`, { token: adminToken, body: {} });
    expect(approved.status, approved.text).toBe(200);

    // Many clients at once over three server connections, several rounds: each client's
    // statements hop between server connections (a prepared statement would be missing).
    const round = () =>
      Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          [
            () => call(app, "GET", "/api/consultants?keywords=Pgbouncerish"),
            () => call(app, "GET", `/api/consultants/${id}`),
            () => call(app, "GET", "/api/stats"),
            () => call(app, "GET", "/readyz"),
          ][index % 4]!(),
        ),
      );
    const responses = await round();
    for (let again = 0; again < 4; again++) {
      for (const response of await round()) expect(response.status, response.text).toBe(200);
    }
    for (const response of responses) expect(response.status, response.text).toBe(200);
    const search = responses[0]!;
    expect(search.json.consultants.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(responses[2]!.json.totalConsultants).toBeGreaterThan(100);

    const me = await call(app, "GET", "/api/auth/me", { token });
    expect(me.json.isEmailVerified).toBe(true);
    expect((await call(app, "POST", "/api/auth/logout", { token })).status).toBe(200);
    expect((await call(app, "GET", "/api/auth/me", { token })).status).toBe(401);

    expect(await readFile(`${server.dir}.log`, "utf8")).not.toMatch(/prepared statement/i);
    // PgBouncer refuses session settings in the start-up packet itself, so that is in its log.
    expect(await bouncer.log()).not.toMatch(/unsupported startup parameter/i);
  });

  it("a transaction commits or rolls back as a whole, savepoints included", async () => {
    const { db, sql } = database!;
    await sql`create table if not exists pooled_check (n int)`;
    await db.transaction(async (tx) => {
      await tx.execute(drizzleSql`insert into pooled_check values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(drizzleSql`insert into pooled_check values (2)`);
          throw new Error("undo the inner part");
        })
        .catch(() => {});
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(drizzleSql`insert into pooled_check values (3)`);
        throw new Error("undo it all");
      }),
    ).rejects.toThrow("undo it all");
    const rows = await sql<{ n: number }[]>`select n from pooled_check order by n`;
    expect(rows.map((row) => row.n)).toEqual([1]);
  });

  it("the planner settings come from the role, not from the connection", async () => {
    const through = createDatabase(bouncer.url("app"), { pooler: true, max: 1 });
    try {
      const [row] = await through.sql<{ plan: string; jit: string }[]>`
        select current_setting('plan_cache_mode') as plan, current_setting('jit') as jit`;
      expect(row).toEqual({ plan: "force_custom_plan", jit: "off" });
    } finally {
      await through.close();
    }
  });

  it("without DATABASE_POOLER the connection's session settings are refused by PgBouncer", async () => {
    const naive = createDatabase(bouncer.url("app"), { max: 1 });
    try {
      await expect(naive.sql`select 1`).rejects.toThrow(/unsupported startup parameter/);
    } finally {
      await naive.close();
    }
    // What the app's own connections were checked against in the first test: such a refusal is logged.
    expect(await bouncer.log()).toMatch(/unsupported startup parameter/i);
  });

  it("a slow statement is not taken for an outage: the pooler's probe answers and the statement finishes", async () => {
    const started = Date.now();
    await database!.db.execute(drizzleSql`select pg_sleep(0.6)`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  // Last: it stops the database and starts it again. Issue 35 (audit of session 12): behind
  // PgBouncer a signed-in page waited the whole statement deadline (5 s) for its 503 with the
  // database down, where a direct connection is refused at once: the session read went to a client
  // connection PgBouncer keeps open, and waited in its queue for a server connection it could not
  // open. Now a statement left unanswered asks PgBouncer with a fresh connection, which it refuses
  // while the database's logins fail (client.ts, poolerOutage). Before: 503 after 5.0 s each;
  // after: about 0.3 s, then at once while the outage is remembered. And a write answered 503 in
  // the outage stays undone: PgBouncer kept it queued and ran it when the database came back,
  // until the pool learnt to close its connections to PgBouncer when the outage is found.
  it("with the database down, a signed-in request answers 503 in well under the statement deadline, and a write answered 503 is never applied later", async () => {
    const signedIn = await call(app, "POST", "/api/auth/login", { body: ADMIN, ip: "198.51.100.9" });
    const token = signedIn.json.sessionToken as string;
    expect((await call(app, "GET", "/api/auth/me", { token })).status).toBe(200);
    // A pool of its own (its own outage watch), its connection to PgBouncer open before the outage.
    const writer = createDatabase(bouncer.url("app"), { pooler: true, max: 1, statementTimeoutMs: 5_000 });
    // A pool connection opened during the outage loses its type query's refusal to no one (the
    // driver's bug, client.ts): the app logs those (surviveLostDriverRejections), so does this test.
    const vitestListeners = process.listeners("unhandledRejection");
    const lost: unknown[] = [];
    process.removeAllListeners("unhandledRejection");
    process.on("unhandledRejection", (reason, promise) => {
      if (isDatabaseUnavailable(reason)) lost.push(reason);
      else for (const listener of vitestListeners) listener(reason, promise);
    });
    try {
      await writer.db.execute(drizzleSql`create table if not exists pooled_check (n int)`);
      await writer.db.execute(drizzleSql`insert into pooled_check values (10)`);
      await server.stop();
      const started = Date.now();
      const refused = await writer.db.execute(drizzleSql`insert into pooled_check values (11)`).catch((error: Error) => error);
      expect((refused as Error).cause, String(refused)).toMatchObject({ code: "DATABASE_DOWN" });
      expect(Date.now() - started).toBeLessThan(2_000);

      for (const attempt of [1, 2, 3]) {
        const started = Date.now();
        const me = await call(app, "GET", "/api/auth/me", { token });
        const elapsed = Date.now() - started;
        expect(me.status, `attempt ${attempt}: ${me.text}`).toBe(503);
        // The statement deadline is 5 s (the default); a loaded machine's jitter stays far below 2 s.
        expect(elapsed, `attempt ${attempt}`).toBeLessThan(2_000);
      }
      server = await startEmbeddedPostgres({ dir: server.dir, port: server.port, log: { info: () => {}, warn: () => {} } });
      // Back through PgBouncer (it retries the server every second): what it still held ran first.
      // Asked without postgres.js's type query, whose refusal would reach no one (client.ts).
      const asking = postgres(bouncer.url("app"), { max: 1, prepare: false, fetch_types: false, onnotice: () => {} });
      try {
        const back = Date.now() + 30_000;
        while (
          !(await asking.unsafe("select 1").then(
            () => true,
            () => false,
          ))
        ) {
          if (Date.now() > back) throw new Error("PgBouncer did not reach the database again in 30 s");
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await asking.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      const direct = postgres(server.url("app"), { max: 1, onnotice: () => {} });
      try {
        const rows = await direct<{ n: number }[]>`select n from pooled_check where n >= 10 order by n`;
        expect(rows.map((row) => row.n)).toEqual([10]);
      } finally {
        await direct.end();
      }
    } finally {
      await writer.close();
      process.removeAllListeners("unhandledRejection");
      for (const listener of vitestListeners) process.on("unhandledRejection", listener);
    }
  });
});
