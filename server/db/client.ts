import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof createDatabase>["db"];
export type Sql = postgres.Sql;
/** The database or a transaction in progress: what a step of a multi-step write runs on. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One connection pool for the process; Drizzle on top of postgres.js. */
export function createDatabase(url: string, options: { max?: number; onQuery?: (query: string) => void } = {}) {
  const { onQuery } = options;
  const sql = postgres(url, {
    max: options.max ?? 10,
    // Tests count the statements a page costs (app/page-queries.test.ts).
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    idle_timeout: 30,
    connect_timeout: 10,
    // Notices (for example "relation already exists, skipping") are not errors.
    onnotice: () => {},
    connection: {
      // Statements are prepared once per connection. The data is skewed (a word may be in half
      // the profiles or in three), so plan each execution for its own values rather than let
      // PostgreSQL settle on one generic plan; and no JIT compilation, which costs more than it
      // saves on queries this short.
      plan_cache_mode: "force_custom_plan",
      jit: "off",
    },
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
