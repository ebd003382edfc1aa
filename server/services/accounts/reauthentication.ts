import { and, eq } from "drizzle-orm";
import { REAUTH_MESSAGES, reauthenticateSchema } from "#common/reauthentication.ts";
import { secondFactorOf } from "#common/second-factor.ts";
import type { Executor } from "#server/db/client.ts";
import { authSessions } from "#server/db/schema.ts";
import { type Actor, requireAccount, type ServiceDeps, type SignedIn } from "../context.ts";
import { Unauthorized, ValidationFailed } from "../errors.ts";
import { hashToken, newToken } from "../sessions.ts";
import { parseInput } from "../validate.ts";
import { isOwnBrowser } from "./known-devices.ts";
import { consumeCodeAttempt, consumePasswordAttempt, forgetCodeFailures, forgetPasswordFailures } from "./limits.ts";
import { reauthenticateWithPasskey } from "./passkeys.ts";
import { verifyPassword } from "./passwords.ts";
import { useSecondFactor } from "./second-factor.ts";
import { findUserById } from "./users.ts";

// Re-authentication, "sudo mode" (issue 38, ASVS 7.5.1): changing the e-mail or the second factor
// and an admin's destructive or privileged actions need a session whose password or second factor
// was proved within REAUTHENTICATE_MINUTES. The session keeps when (auth_sessions.authenticated_at,
// set at sign-in, at the second step and here); the actor carries it (actorOf). The check is in the
// services (requireRecentAuthentication in ../context.ts, beside the other guards), so the JSON API
// and the pages refuse alike: 403 `{ message, reauthenticate: true }`.

/**
 * POST /api/auth/reauthenticate: the password, or a code of the second factor (an authenticator
 * code, or a recovery code, which is then used up), proves the session's owner again; the session
 * counts as recent from now. Wrong answers count on the sign-in's limits (a password on the
 * password's, a code on the second step's), so a stolen session cannot guess faster here than at
 * sign-in; a right one resets them.
 */
export async function reauthenticate(
  deps: Pick<ServiceDeps, "db" | "config" | "clientIp" | "deviceToken">,
  actor: Actor,
  input: unknown,
  { renewToken = false }: { renewToken?: boolean } = {},
): Promise<Renewed | null> {
  // requireAccount, not requireUser: an account sent to set up a second factor (ENFORCE_SECOND_FACTOR=all)
  // must be able to prove itself again, or a sign-in older than REAUTHENTICATE_MINUTES could never start the set-up.
  const signedIn = requireAccount(actor);
  if (!signedIn.sessionTokenHash) throw new Unauthorized(REAUTH_MESSAGES.noSession);
  const given = parseInput(reauthenticateSchema, input);
  const { db, clientIp } = deps;
  const user = await findUserById(db, signedIn.id);
  if (!user) throw new Unauthorized(REAUTH_MESSAGES.noSession);
  if ("password" in given) {
    // The owner's own browser is not held by the account's delay here either (limits.ts).
    const ownBrowser = await isOwnBrowser(db, user.id, deps.deviceToken);
    await consumePasswordAttempt(db, user.email, clientIp, REAUTH_MESSAGES.tooMany, { ownBrowser });
    if (!(await verifyPassword(given.password, user.hashedPassword))) {
      throw new ValidationFailed(REAUTH_MESSAGES.wrongPassword, [{ path: "password", message: REAUTH_MESSAGES.wrongPassword }]);
    }
    const renewed = await markAuthenticated(deps, signedIn, renewToken);
    await forgetPasswordFailures(db, user.email, clientIp);
    return renewed;
  }
  if ("passkey" in given) {
    // The challenge is single-use and made for this account; a wrong answer is refused as a 400 there.
    let renewed: Renewed | null = null;
    await reauthenticateWithPasskey(deps, user.id, given.passkey, async (tx) => {
      renewed = await markAuthenticated({ db: tx }, signedIn, renewToken);
    });
    return renewed;
  }
  await consumeCodeAttempt(db, user.id, clientIp, REAUTH_MESSAGES.tooMany);
  const factor = await db.transaction((tx) => useSecondFactor(tx, deps.config, user.id, secondFactorOf(given.code)));
  if (factor === null || factor === "used") {
    const message = factor === "used" ? REAUTH_MESSAGES.codeUsed : REAUTH_MESSAGES.wrongCode;
    throw new ValidationFailed(message, [{ path: "code", message }]);
  }
  const renewed = await markAuthenticated(deps, signedIn, renewToken);
  await forgetCodeFailures(db, user.id, clientIp);
  return renewed;
}

/** The session's new token (the old one no longer signs anything in) and its hash. */
export type Renewed = { sessionToken: string; tokenHash: string; expiresAt: Date };

/**
 * The session of this request proved its owner now. With `renewToken` (a browser's cookie session:
 * the door sets the new cookie) it also gets a new token, as a sign-in does (ASVS 7.2.4: a new
 * session token on re-authentication, the current one ended); a Bearer client keeps its token, as
 * the 204 has no body to carry another.
 */
async function markAuthenticated(deps: { db: Executor }, signedIn: SignedIn, renewToken: boolean): Promise<Renewed | null> {
  const sessionToken = renewToken ? newToken() : undefined;
  const [row] = await deps.db
    .update(authSessions)
    .set({ authenticatedAt: new Date(), ...(sessionToken ? { sessionToken: hashToken(sessionToken) } : {}) })
    .where(and(eq(authSessions.sessionToken, signedIn.sessionTokenHash ?? ""), eq(authSessions.userId, signedIn.id)))
    .returning({ tokenHash: authSessions.sessionToken, expiresAt: authSessions.expiresAt });
  return sessionToken && row ? { sessionToken, tokenHash: row.tokenHash, expiresAt: row.expiresAt } : null;
}
