import type { Database } from "../db/client.ts";
import { purgeExpiredAuthTokens } from "./accounts/auth-tokens.ts";
import { forgetOldDevices } from "./accounts/known-devices.ts";
import { purgeSecondStepState } from "./accounts/login-challenge.ts";
import { purgePasskeyChallenges } from "./accounts/passkeys.ts";
import { purgeCachedCvs } from "./cv/cache.ts";
import { removeStoredFiles } from "./cv-import/kept-file.ts";
import { type PhotoDeps, purgeAbandonedPhotos } from "./photos.ts";
import { purgeRateLimits } from "./rate-limit.ts";
import { purgeOldZeroResults } from "./search/glossary-admin.ts";
import { purgeExpiredSessions } from "./sessions.ts";

/**
 * Deletes expired sessions, expired e-mail links, finished rate-limit windows, devices not signed
 * in from for a year, CVs made more than CV_MAX_AGE_DAYS ago and zero-result searches past the
 * admins' 30 days; with photo
 * storage, also photos uploaded more than a day ago that no profile shows, and the stored objects
 * of kept CVs whose rows are gone. Runs hourly as a job
 * (server/jobs/workers.ts): one instance runs each slot; the deletes are idempotent anyway.
 */
export async function purgeExpired(db: Database, photos?: PhotoDeps) {
  const sessions = await purgeExpiredSessions(db);
  const tokens = await purgeExpiredAuthTokens(db);
  await purgeSecondStepState(db);
  await forgetOldDevices(db);
  await purgePasskeyChallenges(db);
  await purgeRateLimits(db);
  await purgeCachedCvs(db);
  await purgeOldZeroResults(db);
  if (!photos) return { sessions, tokens };
  // Objects of kept CVs whose rows went without a job (an account deleted in the database): here.
  const files = await removeStoredFiles(db, photos.storage);
  return { sessions, tokens, photos: await purgeAbandonedPhotos(db, photos), files };
}
