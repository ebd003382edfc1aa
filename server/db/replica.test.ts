import { rm } from "node:fs/promises";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, serveApi } from "../../tests/setup/api-app.ts";
import { profileBody } from "../../tests/setup/consultants.ts";
import { type PrimaryWithReplica, startReplicatedAppDatabase, waitForReplay } from "../../tests/setup/replica.ts";
import { loadConfig } from "../config.ts";
import type { createHttpApp } from "../http/app.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { createLogger } from "../logger.ts";
import { ensureAdmin } from "../services/accounts/bootstrap.ts";
import { openDatabase } from "./setup.ts";

// DATABASE_READ_URL pointing at a real streaming replica: search, listings, visitors' profiles
// and stats read from it; writes, and what a signed-in person reads of their own, go to the
// primary. Replay is paused on the replica to show which server answered.

let dir: string;
let servers: PrimaryWithReplica;
let jobs: JobQueue | undefined;
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
let app: ReturnType<typeof createHttpApp>;
let replicaAdmin: postgres.Sql;
let primaryUrl: string;
let replicaUrl: string;

const ADMIN = { email: "ops@example.org", password: "a long admin password" };

beforeAll(async () => {
  ({ dir, servers } = await startReplicatedAppDatabase("replica"));
  primaryUrl = servers.primary.url("app");
  replicaUrl = servers.replica.url("app");
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    PUBLIC_URL: "http://devconsult.test",
    DATABASE_URL: primaryUrl,
    DATABASE_READ_URL: replicaUrl,
    SEED_DEMO: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: "true",
    LOG_LEVEL: "silent",
  });
  const log = createLogger(config);
  database = await openDatabase(config, log, { underLock: (db) => ensureAdmin(db, log, config.admin) });
  ({ app, jobs } = await serveApi(config, database, log, { insights: false }));
  replicaAdmin = postgres(servers.replica.url("postgres"), { max: 1, onnotice: () => {} });
  await waitForReplay(primaryUrl, replicaUrl);
}, 120_000);

afterAll(async () => {
  await replicaAdmin?.unsafe("select pg_wal_replay_resume()").catch(() => {});
  await replicaAdmin?.end();
  await jobs?.stop();
  await database?.close();
  await servers?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("with a read replica", () => {
  it("the replica streams from the primary and is read-only", async () => {
    const [row] = await database!.readSql<{ standby: boolean }[]>`select pg_is_in_recovery() as standby`;
    expect(row?.standby).toBe(true);
    const [count] = await database!.readSql<{ n: number }[]>`select count(*)::int as n from consultants`;
    expect(count?.n).toBeGreaterThan(100);
  });

  it("search, visitors' profiles and stats read the replica; writes and the owner's reads go to the primary", async () => {
    const registered = await call(app, "POST", "/api/auth/register", {
      body: { email: "lan.nguyen@example.org", password: "kettle-harbour-59", name: "Lan Nguyen" },
      ip: "198.51.100.7",
    });
    expect(registered.status, registered.text).toBe(201);
    const token = registered.json.sessionToken as string;
    const before = (await call(app, "GET", "/api/stats")).json.totalConsultants as number;

    // Replay stops: from now on the replica shows the directory as it was.
    await replicaAdmin`select pg_wal_replay_pause()`;
    const created = await call(app, "POST", "/api/consultants", {
      token,
      body: profileBody({ title: "Replicated Water Engineer", email: "lan.nguyen@example.org" }),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;
    const signedIn = await call(app, "POST", "/api/auth/login", { body: ADMIN, ip: "198.51.100.8" });
    const adminToken = signedIn.json.sessionToken as string;
    expect((await call(app, "PUT", `/api/admin/consultants/${id}/approve`, { token: adminToken, body: {} })).status).toBe(200);

    // The owner reads their own write from the primary at once.
    const own = await call(app, "GET", `/api/consultants/${id}`, { token });
    expect(own.status).toBe(200);
    expect(own.json.title).toBe("Replicated Water Engineer");
    // The first count after a change reads the primary, so it is right even while the replica lags.
    expect((await call(app, "GET", "/api/stats")).json.totalConsultants).toBe(before + 1);
    // A visitor's search and view come from the paused replica: not there yet.
    const search = await call(app, "GET", "/api/consultants?keywords=Replicated");
    expect(search.status).toBe(200);
    expect(search.json.consultants.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await call(app, "GET", `/api/consultants/${id}`)).status).toBe(404);

    await replicaAdmin`select pg_wal_replay_resume()`;
    await waitForReplay(primaryUrl, replicaUrl);
    const replayed = await call(app, "GET", "/api/consultants?keywords=Replicated");
    expect(replayed.json.consultants[0].id).toBe(id);
    expect((await call(app, "GET", `/api/consultants/${id}`)).json.title).toBe("Replicated Water Engineer");
  });
});
