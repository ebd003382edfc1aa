import path from "node:path";
import postgres from "postgres";
import type { Config } from "../config.ts";
import { ensureAdmin } from "../services/accounts.ts";
import { createDatabase } from "./client.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { assertDurableWrites, runMigrations } from "./migrate.ts";
import { seedDemoDirectory } from "./seed/demo.ts";

type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
};

const EMBEDDED_DATABASE = "devconsult";

type OpenOptions = {
  /** Command-line tools pass false: the embedded server a running app uses must outlive them. */
  stopReusedServer?: boolean;
};

/** Where the database is: DATABASE_URL, or an embedded PostgreSQL under DATA_DIR. */
async function resolveDatabaseUrl(config: Config, log: Logger, options: OpenOptions) {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, "postgres"),
    log: { info: (msg) => log.info(msg), warn: (msg) => log.warn(msg) },
  });
  const admin = postgres(embedded.url("postgres"), { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${EMBEDDED_DATABASE}`;
    if (!exists) await admin.unsafe(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  const keepRunning = embedded.reused && options.stopReusedServer === false;
  return { url: embedded.url(EMBEDDED_DATABASE), stop: keepRunning ? async () => {} : embedded.stop };
}

/** Connects, checks durability, migrates, makes sure an admin exists and seeds the demo. */
export async function openDatabase(config: Config, log: Logger, options: OpenOptions = {}) {
  const server = await resolveDatabaseUrl(config, log, options);
  const database = createDatabase(server.url);
  try {
    await assertDurableWrites(database.sql);
    await runMigrations(database.db, database.sql);
    await ensureAdmin(database.db, log, config.admin);
    if (config.seedDemo) await seedDemoDirectory(database.db, database.sql, log);
  } catch (error) {
    await database.close();
    await server.stop();
    throw error;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.stop();
    },
  };
}
