import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { TooManyRequests } from "./errors.ts";

// One rate-limit mechanism for every limit (sign-in, registration, e-mails, messages, uploads,
// contact form). Counters live in PostgreSQL, so limits hold across app instances on one database.

export type RateLimitRule = {
  /** Names the limit and the subject, e.g. `login:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** The 429 message shown to the person. */
  message?: string;
};

/** Counts one hit; throws TooManyRequests (with Retry-After seconds) once the window is full. */
export async function consumeRateLimit(db: Database, rule: RateLimitRule): Promise<void> {
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`
    insert into rate_limits (key, window_start, hits) values (${rule.key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - ${window}::interval then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${window}::interval then now() else rate_limits.window_start end
    returning hits, ceil(extract(epoch from (window_start + ${window}::interval - now())))::int as retry_after`);
  const row = result[0];
  if (row && row.hits > rule.limit) {
    throw new TooManyRequests(
      rule.message ?? "Too many attempts. Please wait a little and try again.",
      Math.max(1, row.retry_after),
    );
  }
}

/** Several rules at once (per IP and per account, say); every one is counted. */
export async function consumeRateLimits(db: Database, rules: RateLimitRule[]): Promise<void> {
  let limited: unknown;
  for (const rule of rules) {
    try {
      await consumeRateLimit(db, rule);
    } catch (error) {
      limited ??= error;
    }
  }
  if (limited) throw limited;
}

/** Forgets a subject's counter, e.g. after a successful sign-in. */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops windows that ended more than a day ago. */
export async function purgeRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
