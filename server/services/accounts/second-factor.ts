import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { generate } from "lean-qr";
import { toSvgSource } from "lean-qr/extras/svg";
import * as OTPAuth from "otpauth";
import { AUTH_MESSAGES } from "#common/auth.ts";
import type { AuditAction } from "#common/constants.ts";
import { CODE_USED_MESSAGE, confirmTotpSchema, formatRecoveryCode, MFA_MESSAGES } from "#common/second-factor.ts";
import type { AuthUser } from "#server/db/schema.ts";
import { passkeys, recoveryCodes, userTotp } from "#server/db/schema.ts";
import { recordAudit } from "../admin/audit.ts";
import { type Actor, requireAccount, requireRecentAuthentication, type ServiceDeps, type Transaction } from "../context.ts";
import { Conflict, Unauthorized, ValidationFailed } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { commandLineAccount, recordCommandLineChange } from "./command-line.ts";
import { forgetTrustedBrowsers } from "./known-devices.ts";
import { hashWithSalt, saltOf } from "./passwords.ts";
import { SECRETS_KEY_MISSING, type SecretBox, secretBox } from "./secret-box.ts";
import { queueSecurityMail } from "./security-mail.ts";
import { findUserById } from "./users.ts";

// The second factor (issue 38, ASVS 6.3.2 / 6.5 / 6.6): an authenticator app (TOTP, RFC 6238:
// 30-second steps, SHA-1, 6 digits, as every app expects) and 10 single-use recovery codes.
// The TOTP secret comes from the CSPRNG and is stored sealed with SECRETS_KEY; a code is accepted
// once (the last accepted step is stored); the recovery codes are argon2id hashes, one salt a set.

export const TOTP = { period: 30, digits: 6, algorithm: "SHA1", window: 1 } as const;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: a code read off paper is typed right. 10 characters of 32 = 50 bits. */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs">;

export function totpBox(config: ServiceDeps["config"]): SecretBox {
  if (!config.secretsKey) throw new Conflict(MFA_MESSAGES.unavailable);
  return secretBox(config.secretsKey, "totp-secret");
}

function totpOf(base32: string, siteName: string, email: string) {
  return new OTPAuth.TOTP({
    issuer: siteName,
    label: email,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
    secret: OTPAuth.Secret.fromBase32(base32),
  });
}

/**
 * What a code is worth: the time step it belongs to (this one, or one either side for a clock a
 * little off); "used" when it is right but not newer than the last step accepted (a replayed code,
 * or the one before it: the person must wait for the app's next code); "wrong" otherwise.
 */
export function checkTotpCode(
  base32: string,
  code: string,
  lastUsedStep: number | null,
  now: number = Date.now(),
): number | "wrong" | "used" {
  const totp = totpOf(base32, "x", "x");
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP.window });
  if (delta === null) return "wrong";
  const step = Math.floor(now / 1000 / TOTP.period) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return "used";
  return step;
}

/** The time step a code belongs to, or null when wrong or already used (checkTotpCode). */
export function acceptedStep(base32: string, code: string, lastUsedStep: number | null, now: number = Date.now()): number | null {
  const checked = checkTotpCode(base32, code, lastUsedStep, now);
  return typeof checked === "number" ? checked : null;
}

/** Audits a person's change to their own factors (the actor is the account itself). */
async function auditOwn(tx: Transaction, user: Pick<AuthUser, "id" | "name" | "email">, action: AuditAction, factor: string) {
  await recordAudit(tx, user, {
    action,
    targetType: "user",
    targetId: user.id,
    targetLabel: user.name,
    changes: { factor: { from: action === "factor_add" ? null : factor, to: action === "factor_remove" ? null : factor } },
  });
}

async function currentUser(deps: Deps, actor: Actor) {
  const signedIn = requireAccount(actor);
  const user = await findUserById(deps.db, signedIn.id);
  if (!user) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  return user;
}

/** Starts (or starts again) setting up an authenticator app: a new secret, its otpauth URL and a QR code as SVG. */
export async function startTotpEnrolment(
  deps: Deps,
  actor: Actor,
): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  requireRecentAuthentication(deps, actor);
  const user = await currentUser(deps, actor);
  const box = totpBox(deps.config);
  const [existing] = await deps.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
  if (existing?.confirmedAt) throw new Conflict(MFA_MESSAGES.alreadyOn);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const sealed = box.seal(secret);
  await deps.db
    .insert(userTotp)
    .values({ userId: user.id, secretSealed: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed: sealed, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(userTotp.confirmedAt),
    });
  const otpauthUrl = totpOf(secret, deps.config.siteName, user.email).toString();
  const qrSvg = toSvgSource(generate(otpauthUrl), { on: "#000", off: "#fff", pad: 4, xmlDeclaration: false });
  return { secret, otpauthUrl, qrSvg };
}

/** Ten new codes and their hashes (one salt for the set). */
async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(randomBytes(10), (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join(""),
  );
  const salt = randomBytes(16);
  const hashes = await Promise.all(codes.map((code) => hashWithSalt(code, salt)));
  return { codes, hashes };
}

async function replaceRecoveryCodes(tx: Transaction, userId: number, hashes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Confirms the app with a first code; answers the 10 recovery codes, shown once. */
export async function confirmTotpEnrolment(deps: Deps, actor: Actor, input: unknown): Promise<{ recoveryCodes: string[] }> {
  const user = await currentUser(deps, actor);
  const { code } = parseInput(confirmTotpSchema, input);
  const box = totpBox(deps.config);
  const [pending] = await deps.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
  if (!pending) throw new Conflict(MFA_MESSAGES.notStarted);
  if (pending.confirmedAt) throw new Conflict(MFA_MESSAGES.alreadyOn);
  const step = checkTotpCode(box.open(pending.secretSealed), code, pending.lastUsedStep);
  if (typeof step !== "number") {
    const message = step === "used" ? CODE_USED_MESSAGE : MFA_MESSAGES.wrongCode;
    throw new ValidationFailed(message, [{ path: "code", message }]);
  }
  const { codes, hashes } = await newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(userTotp)
      .set({ confirmedAt: new Date(), lastUsedStep: step })
      .where(and(eq(userTotp.userId, user.id), isNull(userTotp.confirmedAt), eq(userTotp.secretSealed, pending.secretSealed)))
      .returning({ userId: userTotp.userId });
    if (!confirmed) throw new Conflict(MFA_MESSAGES.notStarted);
    await replaceRecoveryCodes(tx, user.id, hashes);
    await auditOwn(tx, user, "factor_add", "totp");
    await queueSecurityMail(deps, tx, user.id, { kind: "factor-added" });
  });
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

/** Turns the authenticator app off: its secret, the recovery codes and the trusted browsers go. */
export async function disableTotp(deps: Deps, actor: Actor): Promise<void> {
  requireRecentAuthentication(deps, actor);
  const user = await currentUser(deps, actor);
  await deps.db.transaction(async (tx) => {
    if (!(await removeSecondFactor(tx, user.id))) throw new Conflict(MFA_MESSAGES.notOn);
    await auditOwn(tx, user, "factor_remove", "totp");
    await queueSecurityMail(deps, tx, user.id, { kind: "factor-removed" });
  });
}

/**
 * Removes the account's authenticator app with what hangs on it (recovery codes, trusted
 * browsers), in the caller's transaction; answers whether a confirmed app was on.
 */
async function removeSecondFactor(tx: Transaction, userId: number): Promise<boolean> {
  const removed = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ confirmedAt: userTotp.confirmedAt });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await forgetTrustedBrowsers(tx, userId);
  return Boolean(removed[0]?.confirmedAt);
}

/** A new set of 10 recovery codes; the old set stops working. */
export async function regenerateRecoveryCodes(deps: Deps, actor: Actor): Promise<{ recoveryCodes: string[] }> {
  requireRecentAuthentication(deps, actor);
  const user = await currentUser(deps, actor);
  if (!(await hasTotp(deps.db, user.id))) throw new Conflict(MFA_MESSAGES.notOn);
  const { codes, hashes } = await newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, hashes);
    await auditOwn(tx, user, "recovery_codes", "recovery codes");
    // Who holds a stolen session and a recent sign-in could otherwise swap the owner's codes quietly.
    await queueSecurityMail(deps, tx, user.id, { kind: "recovery-codes-new" });
  });
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

/** Whether the account has a confirmed authenticator app. */
async function hasTotp(db: ServiceDeps["db"] | Transaction, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

/** Whether the account has a passkey (server/services/accounts/passkeys.ts). */
async function hasPasskey(db: ServiceDeps["db"] | Transaction, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

/** The second factors an account has: an authenticator app, passkeys (either is the second step). */
export async function secondFactorsOf(
  db: ServiceDeps["db"] | Transaction,
  userId: number,
): Promise<{ totp: boolean; passkey: boolean }> {
  const [totp, passkey] = await Promise.all([hasTotp(db, userId), hasPasskey(db, userId)]);
  return { totp, passkey };
}

/** Whether the account signs in with a second step (an authenticator app or a passkey). */
export async function hasSecondFactor(db: ServiceDeps["db"] | Transaction, userId: number): Promise<boolean> {
  const { totp, passkey } = await secondFactorsOf(db, userId);
  return totp || passkey;
}

/** What the account page shows of the second factor. */
export async function secondFactorStatus(
  deps: Deps,
  actor: Actor,
): Promise<{ totp: boolean; recoveryCodesLeft: number; available: boolean }> {
  const signedIn = requireAccount(actor);
  const [totp] = await deps.db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(and(eq(userTotp.userId, signedIn.id), isNotNull(userTotp.confirmedAt)));
  const [left] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, signedIn.id), isNull(recoveryCodes.usedAt)));
  return { totp: totp !== undefined, recoveryCodesLeft: left?.n ?? 0, available: Boolean(deps.config.secretsKey) };
}

// A salt for the hash a sign-in computes when the account has no recovery codes: the work is the same.
const NO_CODES_SALT = Buffer.alloc(16, 7);

/**
 * Checks a second factor inside the sign-in's transaction and uses it up: a TOTP code moves the
 * last accepted step (a concurrent replay finds it moved), a recovery code is marked used. Both
 * kinds cost one argon2id hash and one TOTP check, so a wrong code and a wrong recovery code take
 * the same time. Answers which factor was used, "used" for a right TOTP code already accepted (a
 * replay: the person is told to wait for the next code), or null.
 */
export async function useSecondFactor(
  tx: Transaction,
  config: ServiceDeps["config"],
  userId: number,
  given: { code?: string; recoveryCode?: string },
): Promise<"totp" | "recovery" | "used" | null> {
  const [totp] = await tx
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
    .for("update");
  const codes = await tx
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const secret = totp ? totpBox(config).open(totp.secretSealed) : null;
  const checked = secret && given.code ? checkTotpCode(secret, given.code, totp?.lastUsedStep ?? null) : "wrong";
  const salt = (codes[0] && saltOf(codes[0].codeHash)) ?? NO_CODES_SALT;
  const candidate = await hashWithSalt(given.recoveryCode ?? given.code ?? "", salt);
  const candidateHash = Buffer.from(candidate.slice(candidate.lastIndexOf("$") + 1), "base64url");
  const matched = codes.find((row) => {
    const stored = Buffer.from(row.codeHash.slice(row.codeHash.lastIndexOf("$") + 1), "base64url");
    return stored.length === candidateHash.length && timingSafeEqual(stored, candidateHash);
  });
  if (given.code && typeof checked === "number" && totp) {
    const [moved] = await tx
      .update(userTotp)
      .set({ lastUsedStep: checked })
      .where(and(eq(userTotp.userId, userId), sql`coalesce(${userTotp.lastUsedStep}, -1) < ${checked}`))
      .returning({ userId: userTotp.userId });
    // A concurrent request accepted this step first: this one is the replay.
    return moved ? "totp" : "used";
  }
  if (given.code && checked === "used") return "used";
  if (given.recoveryCode && matched) {
    const [used] = await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.id, matched.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used ? "recovery" : null;
  }
  return null;
}

/**
 * At start-up: when accounts have an authenticator app and SECRETS_KEY is missing, nobody with a
 * factor could sign in, so the process refuses to start with a message naming the setting.
 */
export async function secretsKeyProblem(
  db: ServiceDeps["db"],
  config: Pick<ServiceDeps["config"], "secretsKey">,
): Promise<string | null> {
  if (config.secretsKey) return null;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(userTotp).where(isNotNull(userTotp.confirmedAt));
  const count = row?.n ?? 0;
  if (count === 0) return null;
  return `${SECRETS_KEY_MISSING} (${count} ${count === 1 ? "account has" : "accounts have"} an authenticator app.)`;
}

/**
 * The recovery path when someone has lost their phone and their recovery codes (`npm run admin --
 * reset-second-factor EMAIL`): the account's authenticator app, passkeys, recovery codes, trusted
 * browsers and sessions go, and the audit log records it with the command line as the actor.
 */
export async function resetSecondFactorByEmail(
  db: ServiceDeps["db"],
  email: string,
): Promise<{ email: string; hadFactor: boolean }> {
  const user = await commandLineAccount(db, email);
  const hadFactor = await db.transaction(async (tx) => {
    // The passkeys go too: a lost phone may have held them, and the password's second step asks for one.
    const removedPasskeys = await tx.delete(passkeys).where(eq(passkeys.userId, user.id)).returning({ id: passkeys.id });
    const had = (await removeSecondFactor(tx, user.id)) || removedPasskeys.length > 0;
    await recordCommandLineChange(tx, user, "factor_reset", { factor: { from: had ? "totp" : null, to: null } });
    return had;
  });
  return { email: user.email, hadFactor };
}
