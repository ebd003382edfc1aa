import type { Database } from "#server/db/client.ts";
import { consumeRateLimits, type RateLimitRule } from "../rate-limit.ts";
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
   * Guesses from many addresses at one account. High enough that nobody can lock the owner out
   * from a single address (the pair limit stops that address first), low enough to stop a spread
   * out guessing run.
   */
  loginPerAccount: { limit: 100, windowSeconds: HOUR },
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

export async function consumeVerificationLimits(db: Database, userId: number, clientIp: string) {
  await consumeRateLimits(db, [
    rule(`verify:ip:${clientIp}`, AUTH_LIMITS.verificationPerIp, RATE_LIMIT_MESSAGES.verification),
    rule(`verify:account:${userId}`, AUTH_LIMITS.verificationPerAccount, RATE_LIMIT_MESSAGES.verification),
  ]);
}
