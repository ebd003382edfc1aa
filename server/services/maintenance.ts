import type { Database } from "../db/client.ts";
import { purgeExpiredAuthTokens } from "./auth-tokens.ts";
import { purgeRateLimits } from "./rate-limit.ts";
import { purgeExpiredSessions } from "./sessions.ts";

type Logger = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes expired sessions, expired e-mail links and finished rate-limit windows. */
export async function purgeExpired(db: Database) {
  const sessions = await purgeExpiredSessions(db);
  const tokens = await purgeExpiredAuthTokens(db);
  await purgeRateLimits(db);
  return { sessions, tokens };
}

/**
 * Runs the purge at start-up and then every hour. Expired rows are already refused when read;
 * this only keeps the tables small. Several instances may run it at once: the deletes are idempotent.
 */
export function startPurgeSchedule(db: Database, log: Logger): { stop: () => void } {
  const run = () =>
    purgeExpired(db).then(
      (purged) => {
        if (purged.sessions || purged.tokens) log.info(purged, "purged expired sessions and links");
      },
      (error: unknown) => log.error({ err: error }, "purging expired sessions failed"),
    );
  void run();
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
