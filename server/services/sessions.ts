import { createHash, randomBytes } from "node:crypto";
import { and, eq, exists, gt, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { AccountUser } from "#common/auth.ts";
import { type Locale, toLocale } from "#common/locales.ts";
import { isSecondFactorRequired, type SecondFactorPolicy } from "#common/second-factor.ts";
import type { Database } from "../db/client.ts";
import { type AuthUser, authSessions, authUsers, passkeys, userTotp } from "../db/schema.ts";

// Sessions: a random 256-bit token goes to the browser (cookie) or the API client (Bearer); only
// its SHA-256 is stored, so a copy of the database cannot be used to sign in.

/** The database or a transaction: both can run these statements. */
type Executor = Pick<Database, "insert" | "update" | "select" | "delete">;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a session lives (issue 38, ASVS 7.3): idle = since its last use, absolute = since it
 * began, whatever the use. An admin's sessions are shorter: a stolen one is worth more.
 */
export const SESSION_TIMEOUTS = {
  user: { idleMs: 30 * DAY_MS, absoluteMs: 90 * DAY_MS },
  admin: { idleMs: 12 * HOUR_MS, absoluteMs: 7 * DAY_MS },
} as const;
/** The expiry and the last use are written at most this often (no write per request). */
const RENEW_EVERY_MS = HOUR_MS;

/** A session just begun: what sign-in and registration answer. */
export type SignedIn = {
  user: AccountUser;
  sessionToken: string;
  expiresAt: Date;
  /** ENFORCE_SECOND_FACTOR wants a factor on this account and it has none: set one up first (issue 38). */
  secondFactorSetupRequired?: true;
};

/** Why an account must set up a second factor before going on (CurrentSession.mustEnrol). */
export type MustEnrol = "admin" | "account" | null;

/** What the policy asks of an account of this role with or without a factor. */
export function mustEnrolOf(policy: SecondFactorPolicy, role: string, hasFactor: boolean): MustEnrol {
  if (hasFactor || !isSecondFactorRequired(policy, role)) return null;
  return policy === "all" ? "account" : "admin";
}

/** What the request tells about the device: kept with the session for the account page's list. */
export type SessionClient = { ip?: string; userAgent?: string };

export type CurrentSession = {
  /** The session's row id (the account page's list names sessions by it). */
  id: number;
  /** SHA-256 hex of the token: identifies the session without keeping the token around. */
  tokenHash: string;
  user: AccountUser;
  expiresAt: Date;
  /** When this session last proved the password or a second factor (re-authentication). */
  authenticatedAt: Date;
  /** True when this request moved the expiry forward (the cookie should be sent again). */
  renewed: boolean;
  /** The account's interface language (e-mails are written in it). */
  locale: Locale;
  /**
   * The policy (ENFORCE_SECOND_FACTOR) wants a second factor on this account and it has none
   * (issue 38): "admin", an admin who can do nothing admin until then (`admins`); "account", an
   * account that can do nothing but manage itself until then (`all`); null otherwise.
   */
  mustEnrol: MustEnrol;
};

export function timeoutsOf(role: string) {
  return role === "admin" ? SESSION_TIMEOUTS.admin : SESSION_TIMEOUTS.user;
}

/** The idle expiry from `now`, never past the absolute end of a session begun at `createdAt`. */
export function sessionExpiry(role: string, createdAt: Date, now: Date): Date {
  const { idleMs, absoluteMs } = timeoutsOf(role);
  return new Date(Math.min(now.getTime() + idleMs, createdAt.getTime() + absoluteMs));
}

/** What a new session keeps of the request: the address and the browser, for the account page's list. */
export function clientOf(deps: { clientIp: string; userAgent?: string }): SessionClient {
  return { ip: deps.clientIp, userAgent: deps.userAgent };
}

/** A user agent or address as stored: bounded, and absent rather than empty. */
function clientFields(client: SessionClient) {
  const userAgent = client.userAgent?.trim().slice(0, 512) || null;
  const ip = client.ip?.trim().slice(0, 64) || null;
  return { userAgent, ip };
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The one function that turns a user row into what leaves the server: never the hash. */
export function toAccountUser(
  user: Pick<AuthUser, "id" | "name" | "email" | "role" | "isEmailVerified" | "createdAt">,
): AccountUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role === "admin" ? "admin" : "user",
    isEmailVerified: user.isEmailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function createSession(
  db: Executor,
  userId: number,
  client: SessionClient = {},
  role: string = "user",
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = sessionExpiry(role, now, now);
  await db.insert(authSessions).values({
    userId,
    sessionToken: hashToken(token),
    expiresAt,
    createdAt: now,
    lastSeenAt: now,
    authenticatedAt: now,
    ...clientFields(client),
  });
  return { token, expiresAt };
}

/**
 * The session and user behind a token, or null when unknown, idle too long or past its absolute
 * end (by the user's role now: a user promoted to admin falls under the admin's timeouts at once).
 * The idle expiry moves on use, at most once an hour, so an active user stays signed in without a
 * write per request; the same write records the last use and its address. `policy` is
 * ENFORCE_SECOND_FACTOR, always passed: a default would let a new caller turn enforcement off unseen.
 */
export async function resolveSession(
  db: Database,
  token: string,
  client: SessionClient,
  policy: SecondFactorPolicy,
): Promise<CurrentSession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: authSessions.id,
      expiresAt: authSessions.expiresAt,
      sessionCreatedAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      authenticatedAt: authSessions.authenticatedAt,
      id: authUsers.id,
      name: authUsers.name,
      email: authUsers.email,
      role: authUsers.role,
      isEmailVerified: authUsers.isEmailVerified,
      createdAt: authUsers.createdAt,
      locale: authUsers.locale,
      // An authenticator app or a passkey (issue 38: either is the second factor ENFORCE_SECOND_FACTOR asks for).
      hasSecondFactor: sql<boolean>`(${exists(
        db
          .select({ one: userTotp.userId })
          .from(userTotp)
          .where(and(eq(userTotp.userId, authUsers.id), isNotNull(userTotp.confirmedAt))),
      )} or ${exists(db.select({ one: passkeys.id }).from(passkeys).where(eq(passkeys.userId, authUsers.id)))})`.mapWith(Boolean),
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    // A blocked account's sessions are deleted when it is blocked; this keeps one made meanwhile from counting.
    .where(and(eq(authSessions.sessionToken, tokenHash), gt(authSessions.expiresAt, now), isNull(authUsers.blockedAt)))
    .limit(1);
  if (!row) return null;
  const { idleMs, absoluteMs } = timeoutsOf(row.role);
  const idleEnd = Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + idleMs);
  if (idleEnd <= now.getTime() || row.sessionCreatedAt.getTime() + absoluteMs <= now.getTime()) {
    await db.delete(authSessions).where(eq(authSessions.id, row.sessionId));
    return null;
  }
  let expiresAt = new Date(idleEnd);
  let renewed = false;
  const fresh = sessionExpiry(row.role, row.sessionCreatedAt, now);
  if (fresh.getTime() - row.expiresAt.getTime() >= RENEW_EVERY_MS || now.getTime() - row.lastSeenAt.getTime() >= RENEW_EVERY_MS) {
    expiresAt = fresh;
    await db
      .update(authSessions)
      .set({ expiresAt, lastSeenAt: now, ...(client.ip ? { ip: clientFields(client).ip } : {}) })
      .where(eq(authSessions.id, row.sessionId));
    renewed = true;
  }
  return {
    id: row.sessionId,
    tokenHash,
    user: toAccountUser(row),
    expiresAt,
    authenticatedAt: row.authenticatedAt,
    renewed,
    locale: toLocale(row.locale),
    mustEnrol: mustEnrolOf(policy, row.role, row.hasSecondFactor),
  };
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.sessionToken, tokenHash));
}

/** Ends every session of a user, except the one given (the device that made the change). */
export async function deleteUserSessions(db: Executor, userId: number, exceptTokenHash?: string): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      exceptTokenHash
        ? and(eq(authSessions.userId, userId), ne(authSessions.sessionToken, exceptTokenHash))
        : eq(authSessions.userId, userId),
    );
}

export async function purgeExpiredSessions(db: Database): Promise<number> {
  const deleted = await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date())).returning({ id: authSessions.id });
  return deleted.length;
}
