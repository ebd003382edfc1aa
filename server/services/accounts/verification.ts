import { msg } from "@lingui/core/runtime-macro";
import { sql } from "drizzle-orm";
import { AUTH_MESSAGES, verifyEmailSchema } from "#common/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import { queueAccountMail } from "../account-mail.ts";
import { type Actor, requireAccount, type ServiceDeps } from "../context.ts";
import { Conflict, Unauthorized } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { consumeAuthToken, findAuthToken, issueAuthToken, retireAuthTokens } from "./auth-tokens.ts";
import { consumeVerificationLimits } from "./limits.ts";
import { findUserById, invalidLink, normalizeEmail } from "./users.ts";

// E-mail verification: the link is issued and its mail queued in the transaction of the write
// that needs it (a registration, a changed address, "Resend"), so a mail goes out if and only if
// that write committed; the job queue delivers it, whatever the mail server does meanwhile.

/** Issues a verification link for the account's address and queues its e-mail, in the caller's transaction. */
export async function queueVerificationEmail(
  deps: Pick<ServiceDeps, "config" | "jobs">,
  tx: Executor,
  user: { id: number; name: string; email: string; locale: string },
): Promise<void> {
  const token = await issueAuthToken(tx, "verify_email", user.id, user.email);
  const { email } = user;
  const siteName = deps.config.siteName;
  await queueAccountMail(deps, tx, user, (i18n) => ({
    subject: i18n._(msg`Verify your email address for ${{ siteName }}`),
    paragraphs: [
      i18n._(
        msg`Please confirm that ${{ email }} is your email address for your ${{ siteName }} account. The link below works once and expires in 24 hours.`,
      ),
      i18n._(msg`If you did not create an account with ${{ siteName }}, you can ignore this message.`),
    ],
    action: { label: i18n._(msg`Verify email address`), path: `/verify-email?token=${token}` },
  }));
}

/** "Resend verification email" on the account page. */
export async function resendVerificationEmail(
  deps: Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp">,
  actor: Actor,
): Promise<{ email: string }> {
  const signedIn = requireAccount(actor);
  const user = await findUserById(deps.db, signedIn.id);
  if (!user) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  if (user.isEmailVerified) throw new Conflict("Your email address is already verified");
  await consumeVerificationLimits(deps.db, user.id, deps.clientIp);
  await deps.db.transaction((tx) => queueVerificationEmail(deps, tx, user));
  return { email: user.email };
}

/**
 * Follows a verification link (`{ token }`). A link that was already used for the address the
 * account still has answers "already verified" (mail scanners sometimes open links before the
 * person does).
 */
export async function verifyEmail(
  deps: Pick<ServiceDeps, "db">,
  input: unknown,
): Promise<{ status: "verified" | "already-verified"; email: string }> {
  const { db } = deps;
  const { token } = parseInput(verifyEmailSchema, input);
  const outcome = await db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, "verify_email", token);
    if (!used) return undefined;
    const [user] = await tx
      .update(authUsers)
      .set({ isEmailVerified: true, updatedAt: new Date() })
      .where(sql`${authUsers.id} = ${used.userId} and lower(${authUsers.email}) = ${normalizeEmail(used.email)}`)
      .returning({ id: authUsers.id, email: authUsers.email });
    if (!user) return undefined;
    await retireAuthTokens(tx, "verify_email", user.id);
    return { status: "verified" as const, email: user.email };
  });
  if (outcome) return outcome;
  const earlier = await findAuthToken(db, "verify_email", token);
  if (earlier?.usedAt) {
    const user = await findUserById(db, earlier.userId);
    if (user?.isEmailVerified && normalizeEmail(user.email) === normalizeEmail(earlier.email)) {
      return { status: "already-verified", email: user.email };
    }
  }
  throw invalidLink();
}
