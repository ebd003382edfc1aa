import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { Config } from "../config.ts";
import { applyRoleSettings, createDatabase, type Database, type Sql } from "./client.ts";
import { type ConnectionBudget, checkConnectionBudget, POOL_MAX } from "./connection-budget.ts";
import { applyMigrations, assertDurableWrites, withStartupLock } from "./migrate.ts";
import { type ReplicaLog, routeReads } from "./replica-router.ts";
import { seedDemoDirectory } from "./seed/demo.ts";
import { type DatabaseState, startEmbeddedWithRetry, superviseEmbedded } from "./supervisor.ts";
import { backfillUnspacedWords } from "./unspaced-words.ts";

type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error?: (obj: object | string, msg?: string) => void;
};

const EMBEDDED_DATABASE = "devconsult";

/**
 * The embedded server's memory and planner settings, sized to this machine (PostgreSQL's own
 * defaults are for a tiny box): a quarter of the memory, at most 2 GB, for shared buffers, so a
 * directory of a hundred thousand profiles is read from memory; and random reads priced as on
 * SSD or cache, so the planner uses the search indexes. With DATABASE_URL, tune the server
 * itself (README, Performance).
 */
export function embeddedPostgresSettings(totalMemory = os.totalmem()): Record<string, string> {
  const megabytes = Math.floor(totalMemory / 1024 / 1024);
  return {
    shared_buffers: `${Math.max(128, Math.min(2048, Math.floor(megabytes / 4)))}MB`,
    effective_cache_size: `${Math.max(512, Math.floor(megabytes / 2))}MB`,
    random_page_cost: "1.1",
  };
}

type OpenOptions = {
  /** Command-line tools pass false: the embedded server a running app uses must outlive them. */
  stopReusedServer?: boolean;
  /** The app passes true: restart the embedded server if it dies (server/db/supervisor.ts). */
  supervise?: boolean;
  /**
   * Start-up steps of the caller's own (the app makes sure its admin exists), run after the
   * migrations and before the demo seed, under the same lock: one instance at a time.
   */
  underLock?: (db: Database, sql: Sql) => Promise<void>;
  /** With SEED_DEMO, after the demo directory (loaded or found): the caller's demo steps (the opportunities). */
  afterDemoSeed?: (db: Database) => Promise<void>;
  /** The app's: the connections it will open, said at start-up and warned about when they do not fit. */
  connectionBudget?: ConnectionBudget;
};

type DatabaseSettings = Pick<Config, "database">;

/**
 * The pools one process uses: `db` for writes and reads-after-write (DATABASE_URL, maybe through
 * a pooler), `readDb` for what may lag a moment (DATABASE_READ_URL, or `db` without one; a
 * replica that fails or lags is skipped, server/db/replica-router.ts), `jobsDb` for background
 * jobs, and `direct` for session-level work a transaction pooler cannot do (the start-up lock,
 * migrations, LISTEN). Every pool gives up connecting after DATABASE_CONNECT_TIMEOUT_MS; the
 * request pools give up on a statement after DATABASE_STATEMENT_TIMEOUT_MS, the jobs' after
 * DATABASE_JOB_STATEMENT_TIMEOUT_MS; the direct pool waits (a migration or the start-up lock may
 * take long, and LISTEN waits by design).
 */
export function connectDatabase(config: DatabaseSettings, url: string, log: ReplicaLog) {
  const { pooler, poolSize, directUrl, readUrl, connectTimeoutMs, statementTimeoutMs, jobStatementTimeoutMs, replicaMaxLagMs } =
    config.database;
  // The request pools, named for an operator counting connections (pg_stat_activity.application_name),
  // kept warm through quiet periods (client.ts, KEEP_WARM_IDLE_SECONDS). Behind a pooler nothing is
  // prepared and a client connection to it is cheap: those close after 30 s idle as the others.
  const requests = {
    max: poolSize,
    pooler,
    connectTimeoutMs,
    statementTimeoutMs,
    applicationName: "devconsult-web",
    keepWarm: !pooler,
  };
  const primary = createDatabase(url, requests);
  const direct =
    directUrl && directUrl !== url ? createDatabase(directUrl, { max: POOL_MAX.direct, connectTimeoutMs }) : undefined;
  const replica = readUrl ? createDatabase(readUrl, requests) : undefined;
  const replicaRouting = replica ? routeReads(replica.sql, primary.sql, { maxLagMs: replicaMaxLagMs, log }) : undefined;
  // Connections are opened when first used and closed after 30 s idle: a process whose jobs run
  // elsewhere keeps none open here.
  const jobs = createDatabase(url, { max: POOL_MAX.jobs, pooler, connectTimeoutMs, statementTimeoutMs: jobStatementTimeoutMs });
  const unbounded = direct ?? createDatabase(url, { max: POOL_MAX.direct, pooler, connectTimeoutMs });
  return {
    db: primary.db,
    sql: primary.sql,
    /** Search, listings, profiles and stats: the replica when there is one and it keeps up. */
    readDb: replica?.db ?? primary.db,
    readSql: replica?.sql ?? primary.sql,
    /** Where reads go now ("primary" without a replica), for /readyz and the metrics. */
    readTarget: () => replicaRouting?.target() ?? "primary",
    /** Background jobs: their own pool and statement timeout. */
    jobsDb: jobs.db,
    directDb: unbounded.db,
    directSql: unbounded.sql,
    /** Where the direct connection goes (the job queue uses it: it LISTENs). */
    directUrl: directUrl ?? url,
    close: async () => {
      await Promise.all([primary.close(), replica?.close(), jobs.close(), unbounded.close()]);
    },
  };
}
export type ConnectedDatabase = ReturnType<typeof connectDatabase>;

/** Where the database is: DATABASE_URL, or an embedded PostgreSQL under DATA_DIR. */
async function resolveDatabaseUrl(config: Config, log: Logger, options: OpenOptions) {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {}, state: undefined };
  const embeddedLog = {
    info: (msg: string) => log.info(msg),
    warn: (msg: string) => log.warn(msg),
    error: (msg: string) => (log.error ? log.error(msg) : log.warn(msg)),
  };
  const embeddedOptions = { dir: path.join(config.dataDir, "postgres"), log: embeddedLog, settings: embeddedPostgresSettings() };
  const embedded = await startEmbeddedWithRetry(embeddedOptions, embeddedLog);
  const admin = postgres(embedded.url("postgres"), { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${EMBEDDED_DATABASE}`;
    if (!exists) await admin.unsafe(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  const keepRunning = embedded.reused && options.stopReusedServer === false;
  const supervisor = options.supervise ? superviseEmbedded(embedded, embeddedOptions, embeddedLog) : undefined;
  return {
    url: embedded.url(EMBEDDED_DATABASE),
    state: supervisor?.state,
    stop: async () => {
      supervisor?.stop();
      if (!keepRunning) await embedded.stop();
    },
  };
}

/**
 * Connects, checks durability, then runs every start-up step under one advisory lock on the direct
 * connection: migrations, the caller's steps (the admin) and the demo seed. Instances starting
 * together on an empty database take turns; the second finds the work done.
 */
export async function openDatabase(config: Config, log: Logger, options: OpenOptions = {}) {
  const server = await resolveDatabaseUrl(config, log, options);
  const database = connectDatabase(config, server.url, log);
  try {
    await assertDurableWrites(database.directSql);
    if (options.connectionBudget) await checkConnectionBudget(database.directSql, options.connectionBudget, log);
    await withStartupLock(database.directSql, async () => {
      await applyMigrations(database.directDb);
      if (config.database.pooler) await applyRoleSettings(database.directSql);
      await options.underLock?.(database.directDb, database.directSql);
      if (config.seedDemo) {
        await seedDemoDirectory(database.directDb, database.directSql, log);
        await options.afterDemoSeed?.(database.directDb);
      }
      // Thai, Lao, Khmer and Burmese text written before its words were kept, or by the seed.
      await backfillUnspacedWords(database.directDb);
    });
    if (config.databaseUrl && config.storage.kind === "local") {
      log.warn(
        "photos are stored on this machine's disk (DATA_DIR/uploads) while the database is external: a second instance would not see them. Set S3_BUCKET to run more than one instance.",
      );
    }
  } catch (error) {
    await database.close();
    await server.stop();
    throw error;
  }
  return {
    ...database,
    /** Where the database is (for node:cluster workers, which connect without migrating or seeding). */
    url: server.url,
    /** The embedded server's state for /healthz (undefined with DATABASE_URL). */
    databaseState: server.state as (() => DatabaseState) | undefined,
    close: async () => {
      await database.close();
      await server.stop();
    },
  };
}
