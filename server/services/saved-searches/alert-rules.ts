import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { parseId } from "#common/ids.ts";
import { NotFound } from "../errors.ts";

// The rules every e-mail alert follows: the saved searches' alerts (issue 13) and the
// opportunities digest (issue 32, "the same queue and rules as saved-search alerts"). How long an
// alert waits between two e-mails, and its unsubscribe link: an HMAC of what it stops, keyed with
// the alert's own random key, checked without an account.

/** A new alert's key (stored with the alert; it signs the alert's unsubscribe links). */
export function newAlertKey(): string {
  return randomBytes(32).toString("hex");
}

const PERIODS = { daily: "interval '1 day'", weekly: "interval '7 days'" } as const;

/** The time between two e-mails of an alert: of a frequency column (a day when daily, else a week), or of one frequency. */
export function alertPeriod(frequency: AnyColumn | SQL | keyof typeof PERIODS): SQL {
  if (typeof frequency === "string") return sql.raw(PERIODS[frequency]);
  return sql`(case ${frequency} when 'daily' then ${sql.raw(PERIODS.daily)} else ${sql.raw(PERIODS.weekly)} end)`;
}

/** The signature of an unsubscribe link for `subject` (what the link stops, e.g. `unsubscribe:12`). */
export function unsubscribeToken(alertKey: string, subject: string): string {
  return createHmac("sha256", alertKey).update(subject).digest("base64url");
}

/**
 * Checks an unsubscribe link: its id, and its token against the key of the alert `load` finds for
 * that id (signed over `subjectOf(id)`). Answers the id and the loaded row; anything wrong is
 * NotFound(`invalid`), the same for a missing alert and a forged token.
 */
export async function checkUnsubscribeLink<Row extends { alertKey: string }>(
  input: { id: unknown; token: unknown },
  options: { subjectOf: (id: number) => string; load: (id: number) => Promise<Row | undefined>; invalid: string },
): Promise<{ id: number; row: Row }> {
  const id = typeof input.id === "string" ? parseId(input.id) : null;
  const token = typeof input.token === "string" ? input.token : "";
  const invalid = new NotFound(options.invalid);
  if (id === null || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalid;
  const row = await options.load(id);
  if (!row || !timingSafeEqual(Buffer.from(unsubscribeToken(row.alertKey, options.subjectOf(id))), Buffer.from(token))) {
    throw invalid;
  }
  return { id, row };
}
