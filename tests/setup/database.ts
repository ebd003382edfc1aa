import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { createDatabase } from "#server/db/client.ts";

/** A fresh database cloned from the migrated template: each test file gets its own. */
export async function createTestDatabase() {
  const adminUrl = inject("pgAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${inject("pgTemplate")}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createDatabase(url.toString(), { max: 4 });
  return {
    ...database,
    url: url.toString(),
    name,
    close: async () => {
      await database.close();
      await dropWhenLeft(admin, name);
      await admin.end();
    },
  };
}
export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * Drops a test database once its connections have gone, forcing only what is left after 2 s. A
 * pool's end() (pg-boss's, the app's) resolves when it has asked its connections to close, not when
 * the server has seen them go: a forced drop in between ended them "due to administrator command",
 * which the closing pool then logged as an error and failed the test (seen under load in the job
 * queue's pool after a storage test).
 */
async function dropWhenLeft(admin: postgres.Sql, name: string) {
  for (let waited = 0; waited < 2_000; waited += 25) {
    const [row] = await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = ${name}`;
    if (!row || row.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await admin.unsafe(`drop database if exists ${name} with (force)`);
}
