import type { Database } from "../db/client.ts";
import { purgeExpiredAuthTokens } from "./auth-tokens.ts";
import { type PhotoDeps, purgeAbandonedPhotos } from "./photos.ts";
import { purgeRateLimits } from "./rate-limit.ts";
import { purgeExpiredSessions } from "./sessions.ts";

type Logger = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions, expired e-mail links and finished rate-limit windows; with photo
 * storage, also photos uploaded more than a day ago that no profile shows.
 */
export async function purgeExpired(db: Database, photos?: PhotoDeps) {
  const sessions = await purgeExpiredSessions(db);
  const tokens = await purgeExpiredAuthTokens(db);
  await purgeRateLimits(db);
  if (!photos) return { sessions, tokens };
  return { sessions, tokens, photos: await purgeAbandonedPhotos(db, photos) };
}

/**
 * Runs the purge at start-up and then every hour. Expired rows are already refused when read;
 * this only keeps the tables small. Several instances may run it at once: the deletes are idempotent.
 */
export function startPurgeSchedule(db: Database, log: Logger, photos?: PhotoDeps): { stop: () => void } {
  const run = () =>
    purgeExpired(db, photos).then(
      (purged) => {
        if (purged.sessions || purged.tokens || purged.photos) log.info(purged, "purged expired sessions, links and photos");
      },
      (error: unknown) => log.error({ err: error }, "purging expired sessions failed"),
    );
  void run();
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
