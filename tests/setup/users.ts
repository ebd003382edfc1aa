import { randomBytes } from "node:crypto";
import type { Database, Sql } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import { createSession } from "#server/services/sessions.ts";

/**
 * An account straight in the database (no password anyone can use): for service-level tests. Its
 * e-mail address counts as verified unless asked otherwise (only verified accounts start
 * conversations, issue 36).
 */
export async function insertUser(
  db: Database,
  {
    role = "user",
    name = "Test Person",
    isEmailVerified = true,
  }: { role?: "user" | "admin"; name?: string; isEmailVerified?: boolean } = {},
) {
  const [user] = await db
    .insert(authUsers)
    .values({
      email: `user-${randomBytes(6).toString("hex")}@example.org`,
      name,
      hashedPassword: "not-a-hash",
      role,
      isEmailVerified,
    })
    .returning({ id: authUsers.id, role: authUsers.role, email: authUsers.email, name: authUsers.name });
  if (!user) throw new Error("could not create a test user");
  return user;
}

/** An account with a live session: its Bearer token signs API calls in. */
export async function insertSignedInUser(
  db: Database,
  options: { role?: "user" | "admin"; name?: string; isEmailVerified?: boolean } = {},
) {
  const user = await insertUser(db, options);
  const { token } = await createSession(db, user.id);
  return { ...user, token };
}

/** The key under which the sign-in counts the attempts at one account, from any address. */
export const loginAccountKey = (email: string) => `login:account:${email.toLowerCase()}`;

/** An account guessed at a hundred times just now (from many networks): its next sign-in is delayed (429). */
export async function guessedAt(sql: Sql, email: string) {
  await sql`insert into rate_limits (key, window_start, hits) values (${loginAccountKey(email)}, now(), 100)`;
}
