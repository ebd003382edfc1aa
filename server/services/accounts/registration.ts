import { AUTH_MESSAGES, loginSchema, registerSchema } from "#common/auth.ts";
import { isSecondFactorRequired } from "#common/second-factor.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { authUsers } from "#server/db/schema.ts";
import type { ServiceDeps } from "../context.ts";
import { Forbidden, Unauthorized } from "../errors.ts";
import { consumeRateLimits } from "../rate-limit.ts";
import { clientOf, createSession, type SignedIn, toAccountUser } from "../sessions.ts";
import { parseInput } from "../validate.ts";
import { isOwnBrowser, noteSignInDevice } from "./known-devices.ts";
import { AUTH_LIMITS, consumePasswordAttempt, forgetPasswordFailures, RATE_LIMIT_MESSAGES, rule } from "./limits.ts";
import { issueLoginChallenge, isTrustedBrowser, type MfaRequired } from "./login-challenge.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { secondFactorsOf } from "./second-factor.ts";
import { assertPasswordAllowed, emailTaken, findUserByEmail, normalizeEmail } from "./users.ts";
import { queueVerificationEmail } from "./verification.ts";

// Registration and sign-in: a visitor's forms, so they take no actor (who asks does not change
// the rule); the network address in the deps counts against the limits.

export type { SignedIn };

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp" | "userAgent" | "deviceToken">;

// A real argon2id hash of a random secret: an unknown e-mail costs one verification, as a known one does.
export const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$nAphBozSNrOg7_eSeM4VYQ$bTQVIBxp6y1IAzcp0oytkTP8wqCVBwsaP-8w86pfIag";

/**
 * A new account, signed in at once. The account, its session, the verification link and its
 * e-mail are one transaction: the answer never waits for the mail server, and no mail goes out
 * for an account that was not created.
 */
export async function registerAccount(deps: Deps, input: unknown): Promise<SignedIn> {
  const { db } = deps;
  const { name, email: given, password, locale } = parseInput(registerSchema, input);
  await consumeRateLimits(db, [rule(`register:ip:${deps.clientIp}`, AUTH_LIMITS.registerPerIp, RATE_LIMIT_MESSAGES.register)]);
  assertPasswordAllowed(password, "password", [name, given]);
  const email = normalizeEmail(given);
  if (await findUserByEmail(db, email)) throw emailTaken();
  const hashedPassword = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx.insert(authUsers).values({ email, name, hashedPassword, locale }).returning();

      if (!created) throw new Error("registration inserted no row");
      const session = await createSession(tx, created.id, clientOf(deps));
      await noteSignInDevice(deps, tx, created.id, { registration: true });
      await queueVerificationEmail(deps, tx, created);
      const mustEnrol = isSecondFactorRequired(deps.config.enforceSecondFactor, created.role);
      return {
        user: toAccountUser(created),
        sessionToken: session.token,
        expiresAt: session.expiresAt,
        ...(mustEnrol ? { secondFactorSetupRequired: true as const } : {}),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Same answer, in about the same time, for an unknown e-mail and a wrong password. An account with
 * a second factor gets a challenge for the second step instead of a session (issue 38), unless
 * this browser was trusted for 30 days at an earlier second step.
 */
export async function signIn(
  deps: Deps,
  input: unknown,
  options: { trustedBrowserToken?: string } = {},
): Promise<SignedIn | MfaRequired> {
  const { db, clientIp } = deps;
  const { email, password } = parseInput(loginSchema, input);
  const user = await findUserByEmail(db, email);
  // Asked for an unknown e-mail too (of an id no account has), so that both take the same time.
  const ownBrowser = await isOwnBrowser(db, user?.id ?? 0, deps.deviceToken);
  await consumePasswordAttempt(db, email, clientIp, RATE_LIMIT_MESSAGES.login, { ownBrowser });
  const matches = await verifyPassword(password, user?.hashedPassword ?? DUMMY_HASH);
  if (!user || !matches) throw new Unauthorized(AUTH_MESSAGES.invalidCredentials);
  // Told only to someone who knows the password: a blocked account's address stays private.
  if (user.blockedAt) throw new Forbidden(AUTH_MESSAGES.accountBlocked);
  await forgetPasswordFailures(db, email, clientIp);
  const factors = await secondFactorsOf(db, user.id);
  const hasFactor = factors.totp || factors.passkey;
  if (hasFactor && !(await isTrustedBrowser(db, user.id, options.trustedBrowserToken))) {
    const methods = [...(factors.totp ? (["totp"] as const) : []), ...(factors.passkey ? (["passkey"] as const) : [])];
    return issueLoginChallenge(db, user.id, methods);
  }
  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, user.id, clientOf(deps), user.role);
    await noteSignInDevice(deps, tx, user.id);
    return created;
  });
  // ENFORCE_SECOND_FACTOR: an account it covers without a factor is sent to set one up.
  const mustEnrol = !hasFactor && isSecondFactorRequired(deps.config.enforceSecondFactor, user.role);
  return {
    user: toAccountUser(user),
    sessionToken: session.token,
    expiresAt: session.expiresAt,
    ...(mustEnrol ? { secondFactorSetupRequired: true as const } : {}),
  };
}
