import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { AccountUser } from "#common/auth.ts";
import { type Locale, toLocale } from "#common/locales.ts";
import type { Database } from "../db/client.ts";
import { type AuthUser, authSessions, authUsers } from "../db/schema.ts";

// Sessions: a random 256-bit token goes to the browser (cookie) or the API client (Bearer); only
// its SHA-256 is stored, so a copy of the database cannot be used to sign in.

/** The database or a transaction: both can run these statements. */
type Executor = Pick<Database, "insert" | "update" | "select" | "delete">;

export const SESSION_TTL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;

export type CurrentSession = {
  /** SHA-256 hex of the token: identifies the session without keeping the token around. */
  tokenHash: string;
  user: AccountUser;
  expiresAt: Date;
  /** True when this request moved the expiry forward (the cookie should be sent again). */
  renewed: boolean;
  /** The account's interface language (e-mails are written in it). */
  locale: Locale;
};

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

export async function createSession(db: Executor, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(authSessions).values({ userId, sessionToken: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/**
 * The session and user behind a token, or null when unknown or expired. The 30-day expiry is
 * renewed on use, at most once a day, so an active user stays signed in without a write per request.
 */
export async function resolveSession(db: Database, token: string): Promise<CurrentSession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      sessionId: authSessions.id,
      expiresAt: authSessions.expiresAt,
      id: authUsers.id,
      name: authUsers.name,
      email: authUsers.email,
      role: authUsers.role,
      isEmailVerified: authUsers.isEmailVerified,
      createdAt: authUsers.createdAt,
      locale: authUsers.locale,
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    // A blocked account's sessions are deleted when it is blocked; this keeps one made meanwhile from counting.
    .where(and(eq(authSessions.sessionToken, tokenHash), sql`${authSessions.expiresAt} > now()`, isNull(authUsers.blockedAt)))
    .limit(1);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - Date.now() < SESSION_TTL_MS - DAY_MS) {
    expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(authSessions).set({ expiresAt }).where(eq(authSessions.id, row.sessionId));
    renewed = true;
  }
  return { tokenHash, user: toAccountUser(row), expiresAt, renewed, locale: toLocale(row.locale) };
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
