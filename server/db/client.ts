import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof createDatabase>["db"];
export type Sql = postgres.Sql;
/** The database or a transaction in progress: what a step of a multi-step write runs on. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseOptions = {
  /** Connections in the pool (DATABASE_POOL_SIZE). */
  max?: number;
  /**
   * The URL is a pooler in transaction mode (PgBouncer): each statement may run on a different
   * server connection, so no named prepared statements (they would be missing on the next one)
   * and no session settings at connect time (PgBouncer refuses unknown start-up parameters).
   * The planner settings then come from the role (applyRoleSettings).
   */
  pooler?: boolean;
  onQuery?: (query: string) => void;
};

/**
 * The session settings the app wants on every connection. Statements are prepared once per
 * connection. The data is skewed (a word may be in half the profiles or in three), so plan each
 * execution for its own values rather than let PostgreSQL settle on one generic plan; and no JIT
 * compilation, which costs more than it saves on queries this short.
 */
export const SESSION_SETTINGS = { plan_cache_mode: "force_custom_plan", jit: "off" } as const;

/** One connection pool for the process; Drizzle on top of postgres.js. */
export function createDatabase(url: string, options: DatabaseOptions = {}) {
  const { onQuery } = options;
  const sql = postgres(url, {
    max: options.max ?? 10,
    // Tests count the statements a page costs (app/page-queries.test.ts).
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    idle_timeout: 30,
    connect_timeout: 10,
    // Notices (for example "relation already exists, skipping") are not errors.
    onnotice: () => {},
    ...(options.pooler ? { prepare: false } : { connection: { ...SESSION_SETTINGS } }),
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}

/**
 * Behind a pooler the session settings cannot travel with the connection: store them as this
 * role's defaults in this database (a role may always set its own), so every server connection
 * PgBouncer opens starts with them. Runs on the direct connection at start-up.
 */
export async function applyRoleSettings(sql: Sql) {
  const [{ database } = { database: "" }] = await sql<{ database: string }[]>`select current_database() as database`;
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await sql.unsafe(`alter role current_user in database ${quoteIdentifier(database)} set ${name} = '${value}'`);
  }
}

function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}
