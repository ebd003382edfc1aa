import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { type AuthTokenPurpose, authTokens } from "#server/db/schema.ts";
import { hashToken, newToken } from "../sessions.ts";

// Single-use links sent by e-mail. The token (256 random bits) travels only in the e-mail; the
// database keeps its SHA-256, the address it was sent to, an expiry and when it was used.

export const TOKEN_LIFETIME_SECONDS: Record<AuthTokenPurpose, number> = {
  verify_email: 24 * 60 * 60,
  reset_password: 60 * 60,
};

type Tx = Pick<Database, "insert" | "update" | "select" | "delete">;

export async function issueAuthToken(db: Tx, purpose: AuthTokenPurpose, userId: number, email: string): Promise<string> {
  const token = newToken();
  await db.insert(authTokens).values({
    userId,
    purpose,
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_SECONDS[purpose] * 1000),
  });
  return token;
}

function usable(purpose: AuthTokenPurpose, tokenHash: string) {
  return and(
    eq(authTokens.tokenHash, tokenHash),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    sql`${authTokens.expiresAt} > now()`,
  );
}

/** Marks the token used and returns whom it was for; undefined when unknown, used or expired. Atomic: one use only. */
export async function consumeAuthToken(db: Tx, purpose: AuthTokenPurpose, token: string) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(purpose, hashToken(token)))
    .returning({ userId: authTokens.userId, email: authTokens.email });
  return row;
}

/** Whether a token could still be used, without using it (to show the reset form or an error). */
export async function isAuthTokenUsable(db: Tx, purpose: AuthTokenPurpose, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(usable(purpose, hashToken(token)))
    .limit(1);
  return row !== undefined;
}

/** A token's record whatever its state (to tell "already used" from "never existed"). */
export async function findAuthToken(db: Tx, purpose: AuthTokenPurpose, token: string) {
  const [row] = await db
    .select({ userId: authTokens.userId, email: authTokens.email, usedAt: authTokens.usedAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Retires a user's outstanding tokens of one purpose (after a reset or a verification). */
export async function retireAuthTokens(db: Tx, purpose: AuthTokenPurpose, userId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

export async function purgeExpiredAuthTokens(db: Database): Promise<number> {
  const deleted = await db.delete(authTokens).where(lt(authTokens.expiresAt, new Date())).returning({ id: authTokens.id });
  return deleted.length;
}
