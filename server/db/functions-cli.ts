import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase } from "./client.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { FUNCTIONS_FILE, functionsSql } from "./functions.ts";
import { runMigrations } from "./migrate.ts";

// `npm run db:functions [-- --check]`: migrates a new embedded database in a temporary folder and
// writes server/db/functions.sql from it (see functions.ts); with --check, only says whether the
// file is current (exit code 1 when not).

const check = process.argv.includes("--check");
const dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-functions-"));
const cluster = await startEmbeddedPostgres({ dir: path.join(dir, "postgres"), log: { info: () => {}, warn: console.warn } });
try {
  const database = createDatabase(cluster.url("postgres"), { max: 2 });
  try {
    await runMigrations(database.db, database.sql);
    const text = await functionsSql(database.sql);
    const file = fileURLToPath(FUNCTIONS_FILE);
    const current = await readFile(file, "utf8").catch(() => "");
    if (check) {
      console.log(current === text ? `${file} is current` : `${file} is stale: run npm run db:functions`);
      if (current !== text) process.exitCode = 1;
    } else {
      // Read-only on disk too, as a reminder: the migrations are the source.
      await chmod(file, 0o644).catch(() => {});
      await writeFile(file, text);
      await chmod(file, 0o444);
      console.log(`wrote ${file}`);
    }
  } finally {
    await database.close();
  }
} finally {
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
}
