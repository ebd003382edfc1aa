import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { Config } from "../config.ts";
import { createDatabase } from "./client.ts";
import { assertDurableWrites, runMigrations } from "./migrate.ts";
import { seedDemoDirectory } from "./seed/demo.ts";
import { type DatabaseState, startEmbeddedWithRetry, superviseEmbedded } from "./supervisor.ts";

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
};

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

/** Connects, checks durability, migrates and seeds the demo (the first admin: server/app-database.ts). */
export async function openDatabase(config: Config, log: Logger, options: OpenOptions = {}) {
  const server = await resolveDatabaseUrl(config, log, options);
  const database = createDatabase(server.url);
  try {
    await assertDurableWrites(database.sql);
    await runMigrations(database.db, database.sql);
    if (config.seedDemo) await seedDemoDirectory(database.db, database.sql, log);
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
