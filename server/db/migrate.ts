import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import type { Database, Sql } from "./client.ts";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any fixed number: it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 7_341_120;

/** Applies the committed SQL migrations; several instances starting at once take turns. */
export async function runMigrations(db: Database, sql: Sql) {
  const conn = await sql.reserve();
  try {
    await conn`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(db, { migrationsFolder });
  } finally {
    await conn`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    conn.release();
  }
}

/**
 * Refuses a server that may lose acknowledged writes. A directory of people's livelihoods is
 * not a cache: fsync, synchronous_commit and full_page_writes must all be on.
 */
export async function assertDurableWrites(sql: Sql) {
  const rows = await sql<{ name: string; setting: string }[]>`
    select name, setting from pg_settings
    where name in ('fsync', 'synchronous_commit', 'full_page_writes')`;
  for (const { name, setting } of rows) {
    if (setting === "off") {
      throw new Error(
        `PostgreSQL setting ${name} is off: acknowledged writes could be lost on a crash. Turn ${name} on and restart.`,
      );
    }
  }
}
