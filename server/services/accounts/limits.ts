import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { TooManyRequests } from "../errors.ts";
import { consumeRateLimits, type RateLimitRule, resetRateLimit } from "../rate-limit.ts";
import { normalizeEmail } from "./users.ts";

// Limits: sign-in, registration and the e-mails are limited per network address and per account,
// so passwords cannot be guessed at speed and nobody's inbox can be flooded. Per-address limits
// are generous because offices and mobile carriers put many people behind one address.

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const AUTH_LIMITS = {
  loginPerIp: { limit: 100, windowSeconds: 15 * MINUTE },
  /** One address guessing one account's password: slowed after ten tries. */
  loginPerAccountAndIp: { limit: 10, windowSeconds: 15 * MINUTE },
  /**
   * Guesses at one account from many addresses (a botnet, or one IPv6 host): no hard lockout, which
   * would lock the owner out too (an hour, in the operations review), but delays that grow with the
   * failures (OWASP ASVS 6.3.1). The first `freeAttempts` cost nothing (twice the pair limit: one
   * address guessing alone is stopped by that limit and never slows the owner); then each must wait
   * 1 s, 2 s, 4 s ... at most `maxDelaySeconds` after the one before; `memorySeconds` after the last
   * attempt the account is forgotten. A success, or a password reset, forgets it at once.
   */
  loginPerAccount: { freeAttempts: 20, maxDelaySeconds: 300, memorySeconds: HOUR },
  registerPerIp: { limit: 20, windowSeconds: HOUR },
  resetPerIp: { limit: 20, windowSeconds: HOUR },
  resetPerAccount: { limit: 3, windowSeconds: HOUR },
  verificationPerIp: { limit: 20, windowSeconds: HOUR },
  verificationPerAccount: { limit: 5, windowSeconds: HOUR },
  passwordChangePerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
  /** Issue 38: wrong second-factor codes, one address at one account, and all addresses at one account. */
  mfaPerAccountAndIp: { limit: 10, windowSeconds: 15 * MINUTE },
  mfaPerAccount: { limit: 30, windowSeconds: HOUR },
} as const;

export const RATE_LIMIT_MESSAGES = {
  login: "Too many sign-in attempts. Please wait a few minutes and try again.",
  /** The account is being guessed at: the wait is short, and the reset link is the owner's way in. */
  loginDelayed:
    "This account has had many failed sign-in attempts, so each new attempt must wait a little. Try again in a moment, or reset your password by e-mail to sign in now.",
  register: "Too many accounts were created from your network. Please try again later.",
  reset: "Too many password reset requests. Please wait a while and try again.",
  verification: "Too many verification emails were requested. Please wait a while and try again.",
  passwordChange: "Too many attempts. Please wait a few minutes and try again.",
} as const;

export function rule(key: string, limits: { limit: number; windowSeconds: number }, message: string): RateLimitRule {
  return { key, ...limits, message };
}

export const loginAccountKey = (email: string) => `login:account:${normalizeEmail(email)}`;
export const loginPairKey = (email: string, ip: string) => `login:account-ip:${normalizeEmail(email)}:${ip}`;
export const mfaPairKey = (userId: number, ip: string) => `mfa:account-ip:${userId}:${ip}`;
export const mfaAccountKey = (userId: number) => `mfa:account:${userId}`;

/**
 * Counts one password tried at an account, wherever it is tried (sign-in, re-authentication: a
 * guesser gains nothing by switching doors): the address's limit, the address-at-this-account's
 * limit (429 with `message`), then the account's growing delay. `ownBrowser`: the attempt comes
 * from a browser that has signed in to this account before (its device cookie,
 * known-devices.ts isOwnBrowser), which the account's delay neither holds nor counts: a flood of
 * guesses from elsewhere must not keep the owner out for as long as it lasts (issue 35, item 4;
 * OWASP's device cookies). The per-address limits hold it like any other.
 */
export async function consumePasswordAttempt(
  db: Database,
  email: string,
  clientIp: string,
  message: string,
  { ownBrowser = false }: { ownBrowser?: boolean } = {},
): Promise<void> {
  await consumeRateLimits(db, [
    rule(`login:ip:${clientIp}`, AUTH_LIMITS.loginPerIp, message),
    rule(loginPairKey(email, clientIp), AUTH_LIMITS.loginPerAccountAndIp, message),
  ]);
  if (!ownBrowser) await consumeLoginDelay(db, email);
}

/** A right password: this address's failures at the account and the account's delay are forgotten. */
export async function forgetPasswordFailures(db: Database, email: string, clientIp: string): Promise<void> {
  await resetRateLimit(db, loginPairKey(email, clientIp));
  await resetRateLimit(db, loginAccountKey(email));
}

/**
 * Counts one second-factor code tried at an account (the sign-in's second step, re-authentication):
 * per address, per address at this account, per account (429 with `message`).
 */
export async function consumeCodeAttempt(db: Database, userId: number, clientIp: string, message: string): Promise<void> {
  await consumeRateLimits(db, [
    rule(`mfa:ip:${clientIp}`, AUTH_LIMITS.loginPerIp, message),
    rule(mfaPairKey(userId, clientIp), AUTH_LIMITS.mfaPerAccountAndIp, message),
    rule(mfaAccountKey(userId), AUTH_LIMITS.mfaPerAccount, message),
  ]);
}

/**
 * Counts one passkey ceremony started from an address (POST /api/auth/passkey/options): each stores
 * a challenge, so a flood from one address is stopped at the sign-in's per-address limit.
 */
export async function consumePasskeyChallenge(db: Database, clientIp: string): Promise<void> {
  await consumeRateLimits(db, [rule(`passkey:ip:${clientIp}`, AUTH_LIMITS.loginPerIp, RATE_LIMIT_MESSAGES.login)]);
}

/** A right code: the account's failed codes are forgotten, this address's and all of them. */
export async function forgetCodeFailures(db: Database, userId: number, clientIp: string): Promise<void> {
  await resetRateLimit(db, mfaPairKey(userId, clientIp));
  await resetRateLimit(db, mfaAccountKey(userId));
}

export async function consumeVerificationLimits(db: Database, userId: number, clientIp: string) {
  await consumeRateLimits(db, [
    rule(`verify:ip:${clientIp}`, AUTH_LIMITS.verificationPerIp, RATE_LIMIT_MESSAGES.verification),
    rule(`verify:account:${userId}`, AUTH_LIMITS.verificationPerAccount, RATE_LIMIT_MESSAGES.verification),
  ]);
}

/**
 * Counts a sign-in attempt at one account, whoever makes it, or refuses it (429 with the seconds
 * left) while the delay its earlier failures earned is running. One statement: parallel attempts
 * cannot all slip through between a check and a count.
 */
export async function consumeLoginDelay(db: Database, email: string): Promise<void> {
  const { freeAttempts, maxDelaySeconds, memorySeconds } = AUTH_LIMITS.loginPerAccount;
  const key = loginAccountKey(email);
  const memory = `${memorySeconds} seconds`;
  // window_start is the last counted attempt; hits the attempts since the account was last forgotten.
  const delay = sql`make_interval(secs => least(power(2, rate_limits.hits - ${freeAttempts}), ${maxDelaySeconds}))`;
  const counted = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - ${memory}::interval then 1 else rate_limits.hits + 1 end,
      window_start = now()
    where rate_limits.hits < ${freeAttempts}
       or rate_limits.window_start <= now() - ${memory}::interval
       or rate_limits.window_start + ${delay} <= now()
    returning hits`);
  if (counted.length > 0) return;
  const [wait] = await db.execute<{ seconds: number }>(sql`
    select greatest(1, ceil(extract(epoch from (rate_limits.window_start + ${delay} - now()))))::int as seconds
    from rate_limits where key = ${key}`);
  throw new TooManyRequests(RATE_LIMIT_MESSAGES.loginDelayed, wait?.seconds ?? 1);
}
