import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import type { Database, Sql } from "./client.ts";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any fixed number: it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 7_341_120;

/**
 * Runs `steps` while holding the app's start-up lock: several instances starting at once take
 * turns. The lock is a session lock on one reserved connection, so `sql` must be a direct
 * connection, never a pooler in transaction mode (it would take the lock on one server connection
 * and release it on another).
 */
export async function withStartupLock<T>(sql: Sql, steps: () => Promise<T>): Promise<T> {
  const conn = await sql.reserve();
  try {
    await conn`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      return await steps();
    } finally {
      await conn`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    conn.release();
  }
}

/** Applies the committed SQL migrations (call it under withStartupLock). */
export async function applyMigrations(db: Database) {
  await migrate(db, { migrationsFolder });
}

/** Applies the committed SQL migrations; several instances starting at once take turns. */
export async function runMigrations(db: Database, sql: Sql) {
  await withStartupLock(sql, () => applyMigrations(db));
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
