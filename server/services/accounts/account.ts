import { eq } from "drizzle-orm";
import { type AccountUser, AUTH_MESSAGES, accountProfileSchema, changePasswordSchema } from "#common/auth.ts";
import { isLocale } from "#common/locales.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { authUsers } from "#server/db/schema.ts";
import { type Actor, requireAccount, requireRecentAuthentication, type ServiceDeps } from "../context.ts";
import { Unauthorized, ValidationFailed } from "../errors.ts";
import { consumeRateLimits } from "../rate-limit.ts";
import { type CurrentSession, deleteUserSessions, toAccountUser } from "../sessions.ts";
import { parseInput } from "../validate.ts";
import { retireAuthTokens } from "./auth-tokens.ts";
import { isOwnBrowser } from "./known-devices.ts";
import {
  AUTH_LIMITS,
  consumePasswordAttempt,
  consumeVerificationLimits,
  forgetPasswordFailures,
  RATE_LIMIT_MESSAGES,
  rule,
} from "./limits.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { queueSecurityMail } from "./security-mail.ts";
import { assertPasswordAllowed, emailTaken, findUserByEmail, findUserById, normalizeEmail } from "./users.ts";
import { queueVerificationEmail } from "./verification.ts";

// The account page: name and e-mail, the password.

/** The signed-in user, as read with the session at the start of this request (no query). */
export function getAccount(session: CurrentSession | null): AccountUser {
  if (!session) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  return session.user;
}

/**
 * Name and e-mail; a new e-mail address is Pending again and gets a fresh verification link, and
 * the old one a security e-mail, both queued in the transaction of the change.
 */
export async function updateAccountProfile(
  deps: Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp">,
  actor: Actor,
  input: unknown,
): Promise<{ user: AccountUser; emailChanged: boolean }> {
  const signedIn = requireAccount(actor);
  const { db } = deps;
  const { name, email: given } = parseInput(accountProfileSchema, input);
  const current = await findUserById(db, signedIn.id);
  if (!current) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  const email = normalizeEmail(given);
  const emailChanged = email !== normalizeEmail(current.email);
  if (emailChanged) {
    // Issue 38: a new address is where password resets go; a stolen session must not set it.
    requireRecentAuthentication(deps, actor);
    const other = await findUserByEmail(db, email);
    if (other && other.id !== current.id) throw emailTaken();
    await consumeVerificationLimits(db, current.id, deps.clientIp);
  }
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(authUsers)
        .set({ name, email, updatedAt: new Date(), ...(emailChanged ? { isEmailVerified: false } : {}) })
        .where(eq(authUsers.id, current.id))
        .returning();
      if (!updated) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
      if (emailChanged) {
        await queueVerificationEmail(deps, tx, updated);
        // The old address hears of it: whoever holds a stolen session could otherwise take the account quietly.
        await queueSecurityMail(deps, tx, updated.id, { kind: "email-changed", newAddress: email }, current.email);
      }
      return { user: toAccountUser(updated), emailChanged };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Changes the password and ends every other session of the user (the session of this request stays
 * signed in). The current password it asks for is the re-authentication (issue 38): no other
 * recent one is needed.
 */
export async function changePassword(
  deps: Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp" | "deviceToken">,
  actor: Actor,
  input: unknown,
): Promise<void> {
  const signedIn = requireAccount(actor);
  const { db } = deps;
  const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
  await consumeRateLimits(db, [
    rule(`password:account:${signedIn.id}`, AUTH_LIMITS.passwordChangePerAccount, RATE_LIMIT_MESSAGES.passwordChange),
  ]);
  const user = await findUserById(db, signedIn.id);
  if (!user) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  // The current password is a guess like any other: counted on the sign-in's limits (as at
  // re-authentication), so a stolen session cannot try passwords here beside the sign-in's.
  const ownBrowser = await isOwnBrowser(db, user.id, deps.deviceToken);
  await consumePasswordAttempt(db, user.email, deps.clientIp, RATE_LIMIT_MESSAGES.passwordChange, { ownBrowser });
  if (!(await verifyPassword(currentPassword, user.hashedPassword))) {
    throw new ValidationFailed(AUTH_MESSAGES.wrongCurrentPassword, [
      { path: "currentPassword", message: AUTH_MESSAGES.wrongCurrentPassword },
    ]);
  }
  await forgetPasswordFailures(db, user.email, deps.clientIp);
  assertPasswordAllowed(newPassword, "newPassword");
  const hashedPassword = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(authUsers).set({ hashedPassword, updatedAt: new Date() }).where(eq(authUsers.id, user.id));
    await deleteUserSessions(tx, user.id, signedIn.sessionTokenHash);
    await retireAuthTokens(tx, "reset_password", user.id);
    await queueSecurityMail(deps, tx, user.id, { kind: "password-changed" });
  });
}

/**
 * The interface language the signed-in person last used (the language of the page they viewed):
 * e-mails to them are written in it. Does not touch `updatedAt`, which means a change of the
 * account's details.
 */
export async function rememberAccountLocale(deps: Pick<ServiceDeps, "db">, actor: Actor, input: unknown): Promise<void> {
  const signedIn = requireAccount(actor);
  if (!isLocale(input)) throw new ValidationFailed("Unknown language", [{ path: "locale", message: "Unknown language" }]);
  await deps.db.update(authUsers).set({ locale: input }).where(eq(authUsers.id, signedIn.id));
}
