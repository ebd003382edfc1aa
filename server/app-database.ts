import type { Config } from "./config.ts";
import { openDatabase } from "./db/setup.ts";
import type { Logger } from "./logger.ts";
import { ensureAdmin } from "./services/accounts/bootstrap.ts";

/**
 * The database the app runs on: connected, checked and migrated by the db layer
 * (server/db/setup.ts, which knows no business rules), then given its first admin.
 */
export async function openAppDatabase(config: Config, log: Logger, options: Parameters<typeof openDatabase>[2] = {}) {
  const database = await openDatabase(config, log, options);
  try {
    await ensureAdmin(database.db, log, config.admin);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
