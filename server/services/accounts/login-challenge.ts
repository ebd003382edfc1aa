import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { CODE_USED_MESSAGE, loginMfaSchema, MFA_MESSAGES } from "#common/second-factor.ts";
import { loginChallenges, recoveryCodes, trustedBrowsers } from "#server/db/schema.ts";
import type { ServiceDeps } from "../context.ts";
import { Forbidden, Unauthorized } from "../errors.ts";
import { clientOf, createSession, hashToken, newToken, type SignedIn, toAccountUser } from "../sessions.ts";
import { parseInput } from "../validate.ts";
import { noteSignInDevice } from "./known-devices.ts";
import { consumeCodeAttempt, forgetCodeFailures } from "./limits.ts";
import { useSecondFactor } from "./second-factor.ts";
import { queueSecurityMail } from "./security-mail.ts";
import { findUserById } from "./users.ts";

// The sign-in's second step (issue 38): once the password is right, an account with a second
// factor gets a challenge (single-use, 5 minutes, 5 wrong codes at most) instead of a session;
// POST /api/auth/login/mfa completes it with a code or a recovery code. Wrong codes are limited per
// account and per address with the sign-in's limiter, and a success resets the account's count,
// so a guesser slows the real user down for minutes, not hours (ASVS 6.3.1).

const CHALLENGE_MS = 5 * 60 * 1000;
const CHALLENGE_MAX_FAILURES = 5;
export const TRUSTED_BROWSER_MS = 30 * 24 * 60 * 60 * 1000;

/** The second step's ways: a code of the authenticator app (or a recovery code), a passkey. */
export type SecondStepMethod = "totp" | "passkey";
export type MfaRequired = { mfaRequired: true; challenge: string; methods: SecondStepMethod[] };
export type MfaSignedIn = SignedIn & { trustedBrowser?: { token: string; expiresAt: Date } };

export async function issueLoginChallenge(
  db: ServiceDeps["db"],
  userId: number,
  methods: SecondStepMethod[] = ["totp"],
): Promise<MfaRequired> {
  const challenge = newToken();
  await db
    .insert(loginChallenges)
    .values({ userId, tokenHash: hashToken(challenge), expiresAt: new Date(Date.now() + CHALLENGE_MS) });
  return { mfaRequired: true, challenge, methods };
}

/** A sign-in challenge not yet used nor expired (the password was right), or undefined. */
async function liveLoginChallenge(db: ServiceDeps["db"], challenge: string, now: Date = new Date()) {
  if (challenge.length > 100) return undefined;
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(challenge)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** The account behind a live sign-in challenge, or null: for the second step with a passkey. */
export async function userOfLoginChallenge(db: ServiceDeps["db"], challenge: string): Promise<number | null> {
  return (await liveLoginChallenge(db, challenge))?.userId ?? null;
}

/** Whether this browser's "trust this browser" cookie belongs to the account and is still valid. */
export async function isTrustedBrowser(db: ServiceDeps["db"], userId: number, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await db
    .select({ id: trustedBrowsers.id })
    .from(trustedBrowsers)
    .where(
      and(
        eq(trustedBrowsers.tokenHash, hashToken(token)),
        eq(trustedBrowsers.userId, userId),
        gt(trustedBrowsers.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Completes a sign-in with `{ challenge, code }` or `{ challenge, recoveryCode }`: answers as sign-in does. */
export async function completeMfaSignIn(
  deps: Pick<ServiceDeps, "db" | "config" | "clientIp" | "userAgent" | "deviceToken" | "jobs">,
  input: unknown,
): Promise<MfaSignedIn & { factor: "totp" | "recovery" }> {
  const { db, clientIp } = deps;
  const given = parseInput(loginMfaSchema, input);
  const challenge = await liveLoginChallenge(db, given.challenge);
  if (!challenge) throw new Unauthorized(MFA_MESSAGES.challengeExpired);
  await consumeCodeAttempt(db, challenge.userId, clientIp, MFA_MESSAGES.tooManyCodes);
  const user = await findUserById(db, challenge.userId);
  if (!user) throw new Unauthorized(MFA_MESSAGES.challengeExpired);
  if (user.blockedAt) throw new Forbidden(AUTH_MESSAGES.accountBlocked);
  const outcome = await db.transaction(async (tx) => {
    const factor = await useSecondFactor(
      tx,
      deps.config,
      user.id,
      "code" in given ? { code: given.code } : { recoveryCode: given.recoveryCode },
    );
    if (factor === null || factor === "used") return { refused: factor === "used" ? CODE_USED_MESSAGE : MFA_MESSAGES.wrongCode };
    const [used] = await tx
      .update(loginChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)))
      .returning({ id: loginChallenges.id });
    if (!used) return { refused: MFA_MESSAGES.wrongCode };
    const session = await createSession(tx, user.id, clientOf(deps), user.role);
    await noteSignInDevice(deps, tx, user.id);
    if (factor === "recovery") {
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
      await queueSecurityMail(deps, tx, user.id, { kind: "recovery-code-used", left: left?.n ?? 0 });
    }
    let trustedBrowser: MfaSignedIn["trustedBrowser"];
    if (given.trustBrowser) {
      const token = newToken();
      const expiresAt = new Date(Date.now() + TRUSTED_BROWSER_MS);
      await tx.insert(trustedBrowsers).values({ userId: user.id, tokenHash: hashToken(token), expiresAt });
      trustedBrowser = { token, expiresAt };
    }
    return { factor, session, trustedBrowser };
  });
  if (outcome.refused !== undefined) {
    // A challenge takes a few wrong codes, then the password is asked again.
    await db
      .update(loginChallenges)
      .set({
        failedAttempts: sql`${loginChallenges.failedAttempts} + 1`,
        usedAt: sql`case when ${loginChallenges.failedAttempts} + 1 >= ${CHALLENGE_MAX_FAILURES} then now() else null end`,
      })
      .where(eq(loginChallenges.id, challenge.id));
    throw new Unauthorized(outcome.refused);
  }
  await forgetCodeFailures(db, user.id, clientIp);
  return {
    user: toAccountUser(user),
    sessionToken: outcome.session.token,
    expiresAt: outcome.session.expiresAt,
    trustedBrowser: outcome.trustedBrowser,
    factor: outcome.factor,
  };
}

/** The hourly purge: sign-in challenges that are used or expired, trusted browsers past their 30 days. */
export async function purgeSecondStepState(db: ServiceDeps["db"]): Promise<void> {
  const now = new Date();
  await db.delete(loginChallenges).where(or(lt(loginChallenges.expiresAt, now), isNotNull(loginChallenges.usedAt)));
  await db.delete(trustedBrowsers).where(lt(trustedBrowsers.expiresAt, now));
}
