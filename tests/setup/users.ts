import { randomBytes } from "node:crypto";
import type { Database } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import { createSession } from "#server/services/sessions.ts";

/** An account straight in the database (no password anyone can use): for service-level tests. */
export async function insertUser(
  db: Database,
  { role = "user", name = "Test Person" }: { role?: "user" | "admin"; name?: string } = {},
) {
  const [user] = await db
    .insert(authUsers)
    .values({ email: `user-${randomBytes(6).toString("hex")}@example.org`, name, hashedPassword: "not-a-hash", role })
    .returning({ id: authUsers.id, role: authUsers.role, email: authUsers.email, name: authUsers.name });
  if (!user) throw new Error("could not create a test user");
  return user;
}

/** An account with a live session: its Bearer token signs API calls in. */
export async function insertSignedInUser(db: Database, options: { role?: "user" | "admin"; name?: string } = {}) {
  const user = await insertUser(db, options);
  const { token } = await createSession(db, user.id);
  return { ...user, token };
}
