import type { Config } from "./config.ts";
import { openDatabase } from "./db/setup.ts";
import type { Logger } from "./logger.ts";
import { ensureAdmin } from "./services/accounts/bootstrap.ts";

/**
 * The database the app runs on: connected, checked and migrated by the db layer
 * (server/db/setup.ts, which knows no business rules), and given its first admin inside the same
 * start-up lock, so instances starting together create one admin.
 */
export function openAppDatabase(config: Config, log: Logger, options: Parameters<typeof openDatabase>[2] = {}) {
  return openDatabase(config, log, { ...options, underLock: (db) => ensureAdmin(db, log, config.admin) });
}
