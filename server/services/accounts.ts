import { eq, sql } from "drizzle-orm";
import {
  type AccountProfileInput,
  type AccountUser,
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterInput,
} from "../../common/auth.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { authUsers } from "../db/schema.ts";
import { consumeAuthToken, findAuthToken, isAuthTokenUsable, issueAuthToken, retireAuthTokens } from "./auth-tokens.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { Conflict, NotFound, Unauthorized, ValidationFailed } from "./errors.ts";
import { requireUser } from "./guards.ts";
import { composeMail, type Mailer } from "./mail.ts";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.ts";
import { consumeRateLimits, type RateLimitRule, resetRateLimit } from "./rate-limit.ts";
import { type CurrentSession, createSession, deleteUserSessions, toAccountUser } from "./sessions.ts";

type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

/** What the account services need besides their input. */
export type AccountDeps = {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "siteName" | "publicUrl">;
  log: Logger;
};

/** Facts about the request that rules depend on (rate limits per network address). */
export type RequestFacts = { ip: string };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user;
}

/**
 * Makes sure the configured admin exists, with admin role. Without configuration, the first
 * start of a database without any admin creates one with a random password, printed once.
 */
export async function ensureAdmin(
  db: Database,
  log: Pick<Logger, "info" | "warn">,
  admin: { email: string; password: string } | undefined,
) {
  if (admin) {
    const existing = await findUserByEmail(db, admin.email);
    if (existing) {
      if (existing.role !== "admin") {
        await db.update(authUsers).set({ role: "admin", updatedAt: new Date() }).where(eq(authUsers.id, existing.id));
        log.info({ email: existing.email }, "promoted ADMIN_EMAIL to admin");
      }
      return;
    }
    await db.insert(authUsers).values({
      email: normalizeEmail(admin.email),
      name: "Administrator",
      hashedPassword: await hashPassword(admin.password),
      role: "admin",
      isEmailVerified: true,
    });
    log.info({ email: admin.email }, "created the admin from ADMIN_EMAIL");
    return;
  }
  const [anyAdmin] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.role, "admin")).limit(1);
  if (anyAdmin) return;
  const email = "admin@devconsult.local";
  const password = generatePassword();
  const inserted = await db
    .insert(authUsers)
    .values({
      email,
      name: "Demo Administrator",
      hashedPassword: await hashPassword(password),
      role: "admin",
      isEmailVerified: true,
    })
    .onConflictDoNothing()
    .returning({ id: authUsers.id });
  if (inserted.length === 0) {
    log.warn({ email }, "no admin exists and the demo admin address is taken: run npm run admin -- promote EMAIL");
    return;
  }
  // Printed once, on purpose: the field name keeps it out of the logger's password redaction.
  log.warn(
    { email, initialPassword: password },
    `created the demo admin ${email} with the random password ${password} (shown only this once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Limits: sign-in, registration and the e-mails are limited per network address and per account,
// so passwords cannot be guessed at speed and nobody's inbox can be flooded. Per-address limits
// are generous because offices and mobile carriers put many people behind one address.

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const AUTH_LIMITS = {
  loginPerIp: { limit: 100, windowSeconds: 15 * MINUTE },
  loginPerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
  registerPerIp: { limit: 20, windowSeconds: HOUR },
  resetPerIp: { limit: 20, windowSeconds: HOUR },
  resetPerAccount: { limit: 3, windowSeconds: HOUR },
  verificationPerIp: { limit: 20, windowSeconds: HOUR },
  verificationPerAccount: { limit: 5, windowSeconds: HOUR },
  passwordChangePerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
} as const;

export const RATE_LIMIT_MESSAGES = {
  login: "Too many sign-in attempts. Please wait a few minutes and try again.",
  register: "Too many accounts were created from your network. Please try again later.",
  reset: "Too many password reset requests. Please wait a while and try again.",
  verification: "Too many verification emails were requested. Please wait a while and try again.",
  passwordChange: "Too many attempts. Please wait a few minutes and try again.",
} as const;

function rule(key: string, limits: { limit: number; windowSeconds: number }, message: string): RateLimitRule {
  return { key, ...limits, message };
}

const loginAccountKey = (email: string) => `login:account:${normalizeEmail(email)}`;

// A real argon2id hash of a random secret: an unknown e-mail costs one verification, as a known one does.
export const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$nAphBozSNrOg7_eSeM4VYQ$bTQVIBxp6y1IAzcp0oytkTP8wqCVBwsaP-8w86pfIag";

function assertPasswordAllowed(password: string, path: string) {
  if (isCommonPassword(password)) {
    throw new ValidationFailed(AUTH_MESSAGES.tooCommon, [{ path, message: AUTH_MESSAGES.tooCommon }]);
  }
}

function emailTaken() {
  return new Conflict(AUTH_MESSAGES.emailTaken, [{ path: "email", message: AUTH_MESSAGES.emailTaken }]);
}

async function findUserById(db: Database, id: number) {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1);
  return user;
}

// ---------------------------------------------------------------------------------------------
// Registration and sign-in

export type SignedIn = { user: AccountUser; sessionToken: string; expiresAt: Date };

export async function registerAccount(deps: AccountDeps, request: RequestFacts, input: RegisterInput): Promise<SignedIn> {
  const { db } = deps;
  await consumeRateLimits(db, [rule(`register:ip:${request.ip}`, AUTH_LIMITS.registerPerIp, RATE_LIMIT_MESSAGES.register)]);
  assertPasswordAllowed(input.password, "password");
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw emailTaken();
  const hashedPassword = await hashPassword(input.password);
  let created: typeof authUsers.$inferSelect | undefined;
  try {
    [created] = await db.insert(authUsers).values({ email, name: input.name, hashedPassword }).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!created) throw new Error("registration inserted no row");
  const session = await createSession(db, created.id);
  await sendVerificationEmail(deps, created);
  return { user: toAccountUser(created), sessionToken: session.token, expiresAt: session.expiresAt };
}

/** Same answer, in about the same time, for an unknown e-mail and a wrong password. */
export async function signIn(deps: AccountDeps, request: RequestFacts, input: LoginInput): Promise<SignedIn> {
  const { db } = deps;
  await consumeRateLimits(db, [
    rule(`login:ip:${request.ip}`, AUTH_LIMITS.loginPerIp, RATE_LIMIT_MESSAGES.login),
    rule(loginAccountKey(input.email), AUTH_LIMITS.loginPerAccount, RATE_LIMIT_MESSAGES.login),
  ]);
  const user = await findUserByEmail(db, input.email);
  const matches = await verifyPassword(input.password, user?.hashedPassword ?? DUMMY_HASH);
  if (!user || !matches) throw new Unauthorized(AUTH_MESSAGES.invalidCredentials);
  await resetRateLimit(db, loginAccountKey(input.email));
  const session = await createSession(db, user.id);
  return { user: toAccountUser(user), sessionToken: session.token, expiresAt: session.expiresAt };
}

/** The signed-in user (read with the session at the start of this request). */
export function getAccount(actor: CurrentSession | null): AccountUser {
  return requireUser(actor).user;
}

// ---------------------------------------------------------------------------------------------
// The account page

/** Name and e-mail; a new e-mail address is Pending again and gets a fresh verification link. */
export async function updateAccountProfile(
  deps: AccountDeps,
  actor: CurrentSession | null,
  request: RequestFacts,
  input: AccountProfileInput,
): Promise<{ user: AccountUser; emailChanged: boolean }> {
  const session = requireUser(actor);
  const { db } = deps;
  const current = await findUserById(db, session.user.id);
  if (!current) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  const email = normalizeEmail(input.email);
  const emailChanged = email !== normalizeEmail(current.email);
  if (emailChanged) {
    const other = await findUserByEmail(db, email);
    if (other && other.id !== current.id) throw emailTaken();
    await consumeVerificationLimits(db, current.id, request);
  }
  let updated: typeof authUsers.$inferSelect | undefined;
  try {
    [updated] = await db
      .update(authUsers)
      .set({
        name: input.name,
        email,
        updatedAt: new Date(),
        ...(emailChanged ? { isEmailVerified: false } : {}),
      })
      .where(eq(authUsers.id, current.id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!updated) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  if (emailChanged) await sendVerificationEmail(deps, updated);
  return { user: toAccountUser(updated), emailChanged };
}

/** Changes the password and ends every other session of the user (this device stays signed in). */
export async function changePassword(deps: AccountDeps, actor: CurrentSession | null, input: ChangePasswordInput): Promise<void> {
  const session = requireUser(actor);
  const { db } = deps;
  await consumeRateLimits(db, [
    rule(`password:account:${session.user.id}`, AUTH_LIMITS.passwordChangePerAccount, RATE_LIMIT_MESSAGES.passwordChange),
  ]);
  const user = await findUserById(db, session.user.id);
  if (!user) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  if (!(await verifyPassword(input.currentPassword, user.hashedPassword))) {
    throw new ValidationFailed(AUTH_MESSAGES.wrongCurrentPassword, [
      { path: "currentPassword", message: AUTH_MESSAGES.wrongCurrentPassword },
    ]);
  }
  assertPasswordAllowed(input.newPassword, "newPassword");
  const hashedPassword = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(authUsers).set({ hashedPassword, updatedAt: new Date() }).where(eq(authUsers.id, user.id));
    await deleteUserSessions(tx, user.id, session.tokenHash);
    await retireAuthTokens(tx, "reset_password", user.id);
  });
}

// ---------------------------------------------------------------------------------------------
// E-mail verification

async function consumeVerificationLimits(db: Database, userId: number, request: RequestFacts) {
  await consumeRateLimits(db, [
    rule(`verify:ip:${request.ip}`, AUTH_LIMITS.verificationPerIp, RATE_LIMIT_MESSAGES.verification),
    rule(`verify:account:${userId}`, AUTH_LIMITS.verificationPerAccount, RATE_LIMIT_MESSAGES.verification),
  ]);
}

/** Sends a verification link; a mail failure is logged, not thrown (the account change stands, "Resend" exists). */
async function sendVerificationEmail(deps: AccountDeps, user: { id: number; name: string; email: string }) {
  const { config } = deps;
  try {
    const token = await issueAuthToken(deps.db, "verify_email", user.id, user.email);
    const url = `${config.publicUrl}/verify-email?token=${token}`;
    const { text, html } = composeMail(
      config.siteName,
      [
        `Hello ${user.name},`,
        `Please confirm that ${user.email} is your email address for your ${config.siteName} account. The link below works once and expires in 24 hours.`,
        `If you did not create an account with ${config.siteName}, you can ignore this message.`,
      ],
      { label: "Verify email address", url },
    );
    await deps.mailer.send({ to: user.email, subject: `Verify your email address for ${config.siteName}`, text, html });
    return true;
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, "could not send the verification email");
    return false;
  }
}

/** "Resend verification email" on the account page. */
export async function resendVerificationEmail(
  deps: AccountDeps,
  actor: CurrentSession | null,
  request: RequestFacts,
): Promise<{ email: string }> {
  const session = requireUser(actor);
  const user = await findUserById(deps.db, session.user.id);
  if (!user) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  if (user.isEmailVerified) throw new Conflict("Your email address is already verified");
  await consumeVerificationLimits(deps.db, user.id, request);
  if (!(await sendVerificationEmail(deps, user))) {
    throw new Error("the verification email could not be sent");
  }
  return { email: user.email };
}

/**
 * Follows a verification link. A link that was already used for the address the account still
 * has answers "already verified" (mail scanners sometimes open links before the person does).
 */
export async function verifyEmail(
  deps: Pick<AccountDeps, "db">,
  token: string,
): Promise<{ status: "verified" | "already-verified"; email: string }> {
  const { db } = deps;
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
  throw new ValidationFailed(AUTH_MESSAGES.invalidLink, [{ path: "token", message: AUTH_MESSAGES.invalidLink }]);
}

// ---------------------------------------------------------------------------------------------
// Password reset

/**
 * "Forgot password?": always the same answer, whether or not the account exists. The mail for an
 * existing account is prepared and sent after the answer, so the response time tells nothing either.
 */
export async function requestPasswordReset(deps: AccountDeps, request: RequestFacts, input: { email: string }): Promise<void> {
  const { db, config } = deps;
  await consumeRateLimits(db, [
    rule(`reset:ip:${request.ip}`, AUTH_LIMITS.resetPerIp, RATE_LIMIT_MESSAGES.reset),
    rule(`reset:account:${normalizeEmail(input.email)}`, AUTH_LIMITS.resetPerAccount, RATE_LIMIT_MESSAGES.reset),
  ]);
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  void (async () => {
    const token = await issueAuthToken(db, "reset_password", user.id, user.email);
    const url = `${config.publicUrl}/reset-password?token=${token}`;
    const { text, html } = composeMail(
      config.siteName,
      [
        `Hello ${user.name},`,
        `Someone (hopefully you) asked to reset the password of your ${config.siteName} account. The link below works once and expires in 1 hour.`,
        "If you did not ask for this, you can ignore this message: your password stays as it is.",
      ],
      { label: "Choose a new password", url },
    );
    await deps.mailer.send({ to: user.email, subject: `Reset your ${config.siteName} password`, text, html });
  })().catch((error: unknown) => deps.log.error({ err: error, userId: user.id }, "could not send the password reset email"));
}

export async function isResetTokenUsable(deps: Pick<AccountDeps, "db">, token: string): Promise<boolean> {
  return isAuthTokenUsable(deps.db, "reset_password", token);
}

/**
 * Sets a new password from a reset link: the link is used up, every session of the account ends,
 * and, since the person proved they read that mailbox, the address counts as verified.
 */
export async function resetPassword(deps: Pick<AccountDeps, "db">, input: { token: string; password: string }): Promise<void> {
  assertPasswordAllowed(input.password, "password");
  const hashedPassword = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, "reset_password", input.token);
    if (!used) return false;
    const [user] = await tx
      .update(authUsers)
      .set({
        hashedPassword,
        updatedAt: new Date(),
        isEmailVerified: sql`${authUsers.isEmailVerified} or lower(${authUsers.email}) = ${normalizeEmail(used.email)}`,
      })
      .where(eq(authUsers.id, used.userId))
      .returning({ id: authUsers.id });
    if (!user) return false;
    await deleteUserSessions(tx, user.id);
    await retireAuthTokens(tx, "reset_password", user.id);
    return true;
  });
  if (!done) throw new ValidationFailed(AUTH_MESSAGES.invalidLink, [{ path: "token", message: AUTH_MESSAGES.invalidLink }]);
}

// ---------------------------------------------------------------------------------------------
// Administration from the command line

/** `npm run admin -- promote EMAIL`. */
export async function promoteUserByEmail(db: Database, email: string): Promise<{ email: string; alreadyAdmin: boolean }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new NotFound(`No account with the email address ${normalizeEmail(email)}`);
  if (user.role === "admin") return { email: user.email, alreadyAdmin: true };
  await db.update(authUsers).set({ role: "admin", updatedAt: new Date() }).where(eq(authUsers.id, user.id));
  return { email: user.email, alreadyAdmin: false };
}
