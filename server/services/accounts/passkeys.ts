import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import { AUTH_MESSAGES } from "#common/auth.ts";
import {
  addPasskeySchema,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_ACCOUNT,
  type PasskeySummary,
  passkeyOptionsSchema,
  passkeySignInSchema,
  renamePasskeySchema,
} from "#common/passkeys.ts";
import { REAUTH_MESSAGES } from "#common/reauthentication.ts";
import { MFA_MESSAGES } from "#common/second-factor.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { type AuthUser, passkeyChallenges, passkeys } from "#server/db/schema.ts";
import { recordAudit } from "../admin/audit.ts";
import { type Actor, requireAccount, requireRecentAuthentication, type ServiceDeps, type Transaction } from "../context.ts";
import { Conflict, Forbidden, NotFound, Unauthorized, ValidationFailed } from "../errors.ts";
import { clientOf, createSession, hashToken, type SignedIn, toAccountUser } from "../sessions.ts";
import { parseInput } from "../validate.ts";
import { noteSignInDevice } from "./known-devices.ts";
import { consumePasskeyChallenge } from "./limits.ts";
import { userOfLoginChallenge } from "./login-challenge.ts";
import { queueSecurityMail } from "./security-mail.ts";
import { findUserById } from "./users.ts";

// Passkeys (WebAuthn, issue 38) with @simplewebauthn/server: an account registers several, each
// named, and signs in with one instead of the password (a discoverable credential: the browser
// offers the passkeys it holds for this site; user verification is required, so a passkey is
// something held and something known or been, a second factor by itself). The relying party is
// PUBLIC_URL: its host name is the RP ID, its origin the only origin accepted. Every challenge is
// made and kept here (its SHA-256, single-use, 5 minutes) and found again by the challenge the
// authenticator signed, never by anything else the client says; it is used up before the answer is
// checked, so a replayed or a bad answer changes nothing but that.

const CHALLENGE_MS = 5 * 60 * 1000;

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs">;
type Purpose = "register" | "sign-in" | "reauthenticate";

function relyingParty(config: ServiceDeps["config"]) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: config.siteName };
}

/** What every ceremony's answer must have been made for: this challenge, this site's origin and host. */
function expected(config: ServiceDeps["config"], challenge: string) {
  const { rpID, origin } = relyingParty(config);
  return { expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID };
}

function summaryOf(row: typeof passkeys.$inferSelect): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

async function currentUser(deps: Pick<ServiceDeps, "db">, signedIn: { id: number }) {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  return user;
}

async function storeChallenge(db: ServiceDeps["db"], purpose: Purpose, userId: number | null, challenge: string) {
  await db
    .insert(passkeyChallenges)
    .values({ challengeHash: hashToken(challenge), purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_MS) });
}

/** What the authenticator signed over: the client data's type, challenge and origin. */
function clientDataOf(response: { response: { clientDataJSON: string } }): { type: string; challenge: string; origin: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8"));
    if (typeof parsed === "object" && parsed !== null) {
      const { type, challenge, origin } = parsed as Record<string, unknown>;
      if (typeof type === "string" && typeof challenge === "string" && typeof origin === "string" && challenge.length <= 200) {
        return { type, challenge, origin };
      }
    }
  } catch {
    // falls through to the refusal below
  }
  throw new ValidationFailed(PASSKEY_MESSAGES.responseInvalid);
}

/**
 * Uses up the challenge this answer signed (it must be one this server made for `purpose`, and
 * for `userId` when given), then checks the answer was made on this site. Either refusal is a 400
 * that changed nothing but the challenge (a second try with the same answer finds it used).
 */
async function takeChallenge(
  deps: Pick<ServiceDeps, "db" | "config">,
  response: { response: { clientDataJSON: string } },
  purpose: Purpose,
  userId: number | null,
): Promise<{ challenge: string; userId: number | null }> {
  const clientData = clientDataOf(response);
  const now = new Date();
  const [row] = await deps.db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.challengeHash, hashToken(clientData.challenge)),
        eq(passkeyChallenges.purpose, purpose),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: passkeyChallenges.userId });
  if (!row || (userId !== null && row.userId !== userId)) throw new ValidationFailed(PASSKEY_MESSAGES.challengeExpired);
  if (clientData.origin !== relyingParty(deps.config).origin) throw new ValidationFailed(PASSKEY_MESSAGES.wrongOrigin);
  return { challenge: clientData.challenge, userId: row.userId };
}

/** The person's own passkey changes are audited with themselves as the actor, as the app's are. */
async function auditOwn(tx: Transaction, user: Pick<AuthUser, "id" | "name" | "email">, added: boolean, name: string) {
  const factor = `passkey: ${name}`;
  await recordAudit(tx, user, {
    action: added ? "factor_add" : "factor_remove",
    targetType: "user",
    targetId: user.id,
    targetLabel: user.name,
    changes: { factor: { from: added ? null : factor, to: added ? factor : null } },
  });
}

/** GET /api/account/passkeys: the account's passkeys, oldest first. */
export async function listPasskeys(deps: Pick<ServiceDeps, "db">, actor: Actor): Promise<{ passkeys: PasskeySummary[] }> {
  const signedIn = requireAccount(actor);
  const rows = await deps.db.select().from(passkeys).where(eq(passkeys.userId, signedIn.id)).orderBy(asc(passkeys.id));
  return { passkeys: rows.map(summaryOf) };
}

/**
 * POST /api/account/passkeys/options: the options for navigator.credentials.create(). Adding a
 * factor is a sensitive change (re-authentication); the passkeys already registered are excluded,
 * so one authenticator is not registered twice.
 */
export async function passkeyRegistrationOptions(deps: Deps, actor: Actor): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const signedIn = requireRecentAuthentication(deps, actor);
  const user = await currentUser(deps, signedIn);
  const existing = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= PASSKEYS_PER_ACCOUNT) throw new Conflict(PASSKEY_MESSAGES.tooMany);
  const { rpID, rpName } = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    attestationType: "none",
    timeout: CHALLENGE_MS,
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: key.transports as AuthenticatorTransport[],
    })),
    // A discoverable credential (it signs in without an e-mail typed first) that checks its user.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(deps.db, "register", user.id, options.challenge);
  return options;
}

/** POST /api/account/passkeys: `{ name, response }`, the authenticator's answer to the options; 201 with the passkey. */
export async function addPasskey(deps: Deps, actor: Actor, input: unknown): Promise<{ passkey: PasskeySummary }> {
  const signedIn = requireAccount(actor);
  const { name, response } = parseInput(addPasskeySchema, input);
  const user = await currentUser(deps, signedIn);
  const { challenge } = await takeChallenge(deps, response, "register", user.id);
  const verification = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    ...expected(deps.config, challenge),
    requireUserVerification: true,
  }).catch(() => null);
  const info = verification?.verified ? verification.registrationInfo : undefined;
  if (!info) throw new ValidationFailed(PASSKEY_MESSAGES.registrationFailed);
  const { credential } = info;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      if ((held?.n ?? 0) >= PASSKEYS_PER_ACCOUNT) throw new Conflict(PASSKEY_MESSAGES.tooMany);
      const [inserted] = await tx
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports ?? [],
          name,
        })
        .returning();
      if (!inserted) throw new Error("the passkey was not stored");
      await auditOwn(tx, user, true, name);
      await queueSecurityMail(deps, tx, user.id, { kind: "factor-added", passkey: name });
      return inserted;
    });
    return { passkey: summaryOf(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(PASSKEY_MESSAGES.alreadyRegistered);
    throw error;
  }
}

/** PATCH /api/account/passkeys/{id}: `{ name }`. A name is no factor: no re-authentication. */
export async function renamePasskey(
  deps: Deps,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<{ passkey: PasskeySummary }> {
  const signedIn = requireAccount(actor);
  const { id } = input;
  const { name } = parseInput(renamePasskeySchema, input.body);
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, signedIn.id)))
    .returning();
  if (!row) throw new NotFound(PASSKEY_MESSAGES.notFound);
  return { passkey: summaryOf(row) };
}

/** DELETE /api/account/passkeys/{id}: removing a factor asks for re-authentication; audited and e-mailed. */
export async function removePasskey(deps: Deps, actor: Actor, id: number): Promise<void> {
  const signedIn = requireRecentAuthentication(deps, actor);
  const user = await currentUser(deps, signedIn);
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    // Another account's passkey is "not found", as ids say nothing.
    if (!removed) throw new NotFound(PASSKEY_MESSAGES.notFound);
    await auditOwn(tx, user, false, removed.name);
    await queueSecurityMail(deps, tx, user.id, { kind: "factor-removed", passkey: removed.name });
  });
}

/**
 * POST /api/auth/passkey/options: the options for navigator.credentials.get(). With nothing, to
 * sign in instead of the password: no account is named (the browser offers the site's passkeys),
 * so nothing here tells whether an address has an account. With the sign-in's `challenge` (the
 * password was right), the passkeys of that account only, as its second step. With
 * `reauthenticate`, the signed-in person's own, to prove it is them again.
 */
export async function passkeySignInOptions(
  deps: Pick<ServiceDeps, "db" | "config" | "clientIp">,
  actor: Actor,
  input: unknown,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const given = parseInput(passkeyOptionsSchema, input) ?? {};
  await consumePasskeyChallenge(deps.db, deps.clientIp);
  let userId: number | null = null;
  if (given.reauthenticate) {
    const signedIn = requireAccount(actor);
    if (!signedIn.sessionTokenHash) throw new Unauthorized(REAUTH_MESSAGES.noSession);
    userId = signedIn.id;
  } else if (given.challenge) {
    userId = await userOfLoginChallenge(deps.db, given.challenge);
    if (userId === null) throw new Unauthorized(MFA_MESSAGES.challengeExpired);
  }
  const allowCredentials =
    userId === null
      ? undefined
      : (
          await deps.db
            .select({ id: passkeys.credentialId, transports: passkeys.transports })
            .from(passkeys)
            .where(eq(passkeys.userId, userId))
        ).map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] }));
  if (allowCredentials?.length === 0) throw new Conflict(PASSKEY_MESSAGES.noPasskeys);
  const { rpID } = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: CHALLENGE_MS,
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await storeChallenge(deps.db, given.reauthenticate ? "reauthenticate" : "sign-in", userId, options.challenge);
  return options;
}

/**
 * Checks a passkey's answer to a challenge of `purpose` (for `userId` when the challenge was made
 * for one account) and moves its counter (a cloned authenticator whose counter falls behind is
 * refused by the library); `then` runs in the same transaction, once the counter moved. Any
 * failure is a 400 that changed nothing but the challenge.
 */
async function useAssertion<T>(
  deps: Pick<ServiceDeps, "db" | "config">,
  input: unknown,
  purpose: "sign-in" | "reauthenticate",
  accountId: number | null,
  then: (tx: Transaction, user: AuthUser) => Promise<T>,
): Promise<{ user: AuthUser; result: T }> {
  const { response } = parseInput(passkeySignInSchema, input);
  const { challenge, userId } = await takeChallenge(deps, response, purpose, accountId);
  const [key] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  // A challenge made for one account (the second step, re-authentication) takes only its passkeys.
  if (!key || (userId !== null && key.userId !== userId)) throw new ValidationFailed(PASSKEY_MESSAGES.signInFailed);
  const user = await findUserById(deps.db, key.userId);
  if (!user) throw new ValidationFailed(PASSKEY_MESSAGES.signInFailed);
  const verification = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    ...expected(deps.config, challenge),
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
      counter: key.counter,
      transports: key.transports as AuthenticatorTransport[],
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new ValidationFailed(PASSKEY_MESSAGES.signInFailed);
  // Told only to someone who holds the passkey: a blocked account's existence stays private.
  if (user.blockedAt) throw new Forbidden(AUTH_MESSAGES.accountBlocked);
  const newCounter = verification.authenticationInfo.newCounter;
  const outcome = await deps.db.transaction(async (tx) => {
    // The counter read above must still be the stored one: two uses racing cannot both win.
    const [moved] = await tx
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: new Date() })
      .where(and(eq(passkeys.id, key.id), eq(passkeys.counter, key.counter)))
      .returning({ id: passkeys.id });
    if (!moved) return null;
    return { result: await then(tx, user) };
  });
  if (!outcome) throw new ValidationFailed(PASSKEY_MESSAGES.signInFailed);
  return { user, result: outcome.result };
}

/**
 * POST /api/auth/passkey/verify: `{ response }`, the authenticator's answer to the options; signs
 * in and answers as the password's sign-in does (a session). A passkey asks for its user's PIN or
 * fingerprint (user verification is required), so it is the second factor by itself.
 */
export async function signInWithPasskey(
  deps: Pick<ServiceDeps, "db" | "config" | "clientIp" | "userAgent" | "deviceToken" | "jobs">,
  input: unknown,
): Promise<SignedIn> {
  const { user, result: session } = await useAssertion(deps, input, "sign-in", null, async (tx, user) => {
    const created = await createSession(tx, user.id, clientOf(deps), user.role);
    // A sign-in from a device the account does not know is e-mailed, as after the password.
    await noteSignInDevice(deps, tx, user.id);
    return created;
  });
  return { user: toAccountUser(user), sessionToken: session.token, expiresAt: session.expiresAt };
}

/** Re-authentication with one of one's own passkeys (`POST /api/auth/reauthenticate { passkey }`); `then` marks the session. */
export async function reauthenticateWithPasskey(
  deps: Pick<ServiceDeps, "db" | "config">,
  userId: number,
  response: unknown,
  then: (tx: Transaction) => Promise<void>,
): Promise<void> {
  await useAssertion(deps, { response }, "reauthenticate", userId, (tx) => then(tx));
}

/** The hourly purge: passkey challenges used or past their 5 minutes. */
export async function purgePasskeyChallenges(db: ServiceDeps["db"]): Promise<void> {
  await db.delete(passkeyChallenges).where(or(lt(passkeyChallenges.expiresAt, new Date()), isNotNull(passkeyChallenges.usedAt)));
}
