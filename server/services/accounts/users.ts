import { eq, sql } from "drizzle-orm";
import { AUTH_MESSAGES } from "../../../common/auth.ts";
import type { Executor } from "../../db/client.ts";
import { authUsers } from "../../db/schema.ts";
import { Conflict, ValidationFailed } from "../errors.ts";
import { isCommonPassword } from "./common-passwords.ts";

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

export function emailTaken() {
  return new Conflict(AUTH_MESSAGES.emailTaken, [{ path: "email", message: AUTH_MESSAGES.emailTaken }]);
}

export function assertPasswordAllowed(password: string, path: string) {
  if (isCommonPassword(password)) {
    throw new ValidationFailed(AUTH_MESSAGES.tooCommon, [{ path, message: AUTH_MESSAGES.tooCommon }]);
  }
}

/** The link of an e-mail that proves the person reads that mailbox. */
export function invalidLink() {
  return new ValidationFailed(AUTH_MESSAGES.invalidLink, [{ path: "token", message: AUTH_MESSAGES.invalidLink }]);
}
