import { msg } from "@lingui/core/runtime-macro";
import { sql } from "drizzle-orm";
import { AUTH_MESSAGES, verifyEmailSchema } from "#common/auth.ts";
import { localizePath } from "#common/locales.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { type Actor, requireAccount, type ServiceDeps } from "../context.ts";
import { Conflict, Unauthorized } from "../errors.ts";
import { composeMail } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
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
  const { config } = deps;
  const token = await issueAuthToken(tx, "verify_email", user.id, user.email);
  // In the account's language: the mail, and the page its link opens.
  const { locale, i18n } = await mailLanguage(user.locale);
  const url = `${config.publicUrl}${localizePath(locale, "/verify-email")}?token=${token}`;
  const { name, email } = user;
  const siteName = config.siteName;
  const { text, html, language } = composeMail(
    locale,
    siteName,
    [
      i18n._(msg`Hello ${{ name }},`),
      i18n._(
        msg`Please confirm that ${{ email }} is your email address for your ${{ siteName }} account. The link below works once and expires in 24 hours.`,
      ),
      i18n._(msg`If you did not create an account with ${{ siteName }}, you can ignore this message.`),
    ],
    { label: i18n._(msg`Verify email address`), url },
  );
  await enqueueMail(
    deps,
    { to: user.email, subject: i18n._(msg`Verify your email address for ${{ siteName }}`), text, html, language },
    { db: tx },
  );
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
