import { msg } from "@lingui/core/runtime-macro";
import { eq, sql } from "drizzle-orm";
import { forgotPasswordSchema, resetPasswordSchema } from "#common/auth.ts";
import { authUsers } from "#server/db/schema.ts";
import { queueAccountMail } from "../account-mail.ts";
import type { ServiceDeps } from "../context.ts";
import { consumeRateLimits, resetRateLimit } from "../rate-limit.ts";
import { deleteUserSessions } from "../sessions.ts";
import { parseInput } from "../validate.ts";
import { consumeAuthToken, isAuthTokenUsable, issueAuthToken, retireAuthTokens } from "./auth-tokens.ts";
import { forgetTrustedBrowsers } from "./known-devices.ts";
import { AUTH_LIMITS, loginAccountKey, RATE_LIMIT_MESSAGES, rule } from "./limits.ts";
import { hashPassword } from "./passwords.ts";
import { queueSecurityMail } from "./security-mail.ts";
import { assertPasswordAllowed, findUserByEmail, invalidLink, normalizeEmail } from "./users.ts";

// "Forgot password?" and the link it e-mails. A visitor's forms: no actor.

/**
 * "Forgot password?" (`{ email }`): always the same answer, whether or not the account exists.
 * For an existing account the link and its e-mail are written in one transaction after the
 * answer, so the response time tells nothing either; the job queue delivers the mail.
 */
export async function requestPasswordReset(
  deps: Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp" | "log">,
  input: unknown,
): Promise<void> {
  const { db, config } = deps;
  const { email } = parseInput(forgotPasswordSchema, input);
  await consumeRateLimits(db, [
    rule(`reset:ip:${deps.clientIp}`, AUTH_LIMITS.resetPerIp, RATE_LIMIT_MESSAGES.reset),
    rule(`reset:account:${normalizeEmail(email)}`, AUTH_LIMITS.resetPerAccount, RATE_LIMIT_MESSAGES.reset),
  ]);
  const user = await findUserByEmail(db, email);
  if (!user) return;
  void db
    .transaction(async (tx) => {
      const token = await issueAuthToken(tx, "reset_password", user.id, user.email);
      const siteName = config.siteName;
      await queueAccountMail(deps, tx, user, (i18n) => ({
        subject: i18n._(msg`Reset your ${{ siteName }} password`),
        paragraphs: [
          i18n._(
            msg`Someone (hopefully you) asked to reset the password of your ${{ siteName }} account. The link below works once and expires in 1 hour.`,
          ),
          i18n._(msg`If you did not ask for this, you can ignore this message: your password stays as it is.`),
        ],
        action: { label: i18n._(msg`Choose a new password`), path: `/reset-password?token=${token}` },
      }));
    })
    .catch((error: unknown) => deps.log.error({ err: error, userId: user.id }, "could not queue the password reset email"));
}

export async function isResetTokenUsable(deps: Pick<ServiceDeps, "db">, token: string): Promise<boolean> {
  return isAuthTokenUsable(deps.db, "reset_password", token);
}

/**
 * Sets a new password from a reset link (`{ token, password }`): the link is used up, every
 * session of the account ends, no browser stays trusted to skip the second step, and, since the person proved they read that mailbox, the address
 * counts as verified. The account's failed sign-ins are forgotten: while it is being guessed at,
 * the reset link is the owner's way in (RATE_LIMIT_MESSAGES.loginDelayed says so; issue 35, item 4).
 */
export async function resetPassword(deps: Pick<ServiceDeps, "db" | "config" | "jobs">, input: unknown): Promise<void> {
  const { token, password } = parseInput(resetPasswordSchema, input);
  assertPasswordAllowed(password, "password");
  const hashedPassword = await hashPassword(password);
  const email = await deps.db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, "reset_password", token);
    if (!used) return null;
    const [user] = await tx
      .update(authUsers)
      .set({
        hashedPassword,
        updatedAt: new Date(),
        isEmailVerified: sql`${authUsers.isEmailVerified} or lower(${authUsers.email}) = ${normalizeEmail(used.email)}`,
      })
      .where(eq(authUsers.id, used.userId))
      .returning({ id: authUsers.id, email: authUsers.email });
    if (!user) return null;
    await deleteUserSessions(tx, user.id);
    // A browser trusted for 30 days skips the second step: after a reset (maybe by whoever read
    // the mailbox) none does, or the reset would pass the factor by on such a browser (issue 38).
    await forgetTrustedBrowsers(tx, user.id);
    await retireAuthTokens(tx, "reset_password", user.id);
    await queueSecurityMail(deps, tx, user.id, { kind: "password-changed", byReset: true });
    return user.email;
  });
  if (email === null) throw invalidLink();
  await resetRateLimit(deps.db, loginAccountKey(email));
}
