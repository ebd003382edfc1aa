import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Sql } from "#server/db/client.ts";
import { migrationsFolder } from "#server/db/migrate.ts";

// A landed migration's backfill is tested by running its statements again on rows written the old
// way (the template database has run it already, on no rows).

/** Runs migration `tag`'s statements (server/db/migrations/<tag>.sql) again, in one transaction. */
export async function rerunMigration(sql: Sql, tag: string) {
  const migration = await readFile(path.join(migrationsFolder, `${tag}.sql`), "utf8");
  await sql.begin(async (tx) => {
    for (const statement of migration.split("--> statement-breakpoint")) await tx.unsafe(statement);
  });
}
