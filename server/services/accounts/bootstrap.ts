import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import type { ServiceLog } from "../context.ts";
import { commandLineAccount, recordCommandLineChange } from "./command-line.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import { findUserByEmail, normalizeEmail } from "./users.ts";

// The first admin, at start-up and from the command line.

/**
 * Makes sure the configured admin exists, with admin role. Without configuration, the first
 * start of a database without any admin creates one with a random password, printed once.
 */
export async function ensureAdmin(
  db: Database,
  log: Pick<ServiceLog, "info" | "warn">,
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

/** `npm run admin -- promote EMAIL`. */
export async function promoteUserByEmail(db: Database, email: string): Promise<{ email: string; alreadyAdmin: boolean }> {
  const user = await commandLineAccount(db, email);
  if (user.role === "admin") return { email: user.email, alreadyAdmin: true };
  await db.transaction(async (tx) => {
    await tx.update(authUsers).set({ role: "admin", updatedAt: new Date() }).where(eq(authUsers.id, user.id));
    // As a promotion from the admin page: a session begun as a user does not become an admin's.
    await recordCommandLineChange(tx, user, "promote", { role: { from: "user", to: "admin" } });
  });
  return { email: user.email, alreadyAdmin: false };
}
