import { eq, sql } from "drizzle-orm";
import { AUTH_MESSAGES } from "#common/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import { Conflict, ValidationFailed } from "../errors.ts";
import { passwordWeakness } from "./password-strength.ts";

// What the account services share: finding an account, and the two refusals they all give.

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user;
}

export async function findUserById(db: Executor, id: number) {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1);
  return user;
}

/** Who an account's e-mail goes to (name, address, language), without reading the rest of the row (its password hash). */
export async function findMailRecipient(db: Executor, id: number) {
  const [user] = await db
    .select({ email: authUsers.email, name: authUsers.name, locale: authUsers.locale })
    .from(authUsers)
    .where(eq(authUsers.id, id))
    .limit(1);
  return user;
}

export function emailTaken() {
  return new Conflict(AUTH_MESSAGES.emailTaken, [{ path: "email", message: AUTH_MESSAGES.emailTaken }]);
}

/**
 * Refuses a password that is easy to guess (password-strength.ts), saying why and how to choose
 * a better one. `personal`: the person's name and e-mail, which a guesser would try first.
 */
export function assertPasswordAllowed(password: string, path: string, personal: string[] = []) {
  const weakness = passwordWeakness(password, personal);
  if (!weakness) return;
  const message = [AUTH_MESSAGES.tooWeak, weakness.warning, ...weakness.suggestions].filter(Boolean).join(" ");
  throw new ValidationFailed(message, [{ path, message }]);
}

/** The link of an e-mail that proves the person reads that mailbox. */
export function invalidLink() {
  return new ValidationFailed(AUTH_MESSAGES.invalidLink, [{ path: "token", message: AUTH_MESSAGES.invalidLink }]);
}
