import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { Locale } from "#common/locales.ts";
import { belongsTo, createdAt, id, moment, timestamps } from "./columns.ts";

// Accounts, their sessions and their e-mailed links.

export const authUsers = pgTable(
  "auth_users",
  {
    id: id(),
    email: varchar("email", { length: 255 }).notNull(),
    hashedPassword: text("hashed_password").notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    role: varchar("role", { length: 50 }).$type<"user" | "admin">().notNull().default("user"),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    /** Set while an admin has blocked the account (migration 0012): no sign-in, no session. */
    blockedAt: moment("blocked_at"),
    /** The interface language e-mails to the account are written in (migration 0024, issue 37). */
    locale: varchar("locale", { length: 2 }).$type<Locale>().notNull().default("en"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("auth_users_email_lower_key").on(sql`lower(${table.email})`),
    index("auth_users_role_idx").on(table.role),
    check("auth_users_role_check", sql`${table.role} in ('user', 'admin')`),
    check("auth_users_locale_check", sql`${table.locale} in ('en', 'id', 'vi', 'th')`),
  ],
);

/** A column of a row that belongs to an account: deleting the account deletes the row. */
export const belongsToUser = () => belongsTo("user_id", () => authUsers.id);

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: id(),
    userId: belongsToUser(),
    // SHA-256 of the token: the token itself never reaches the database.
    sessionToken: text("session_token").notNull().unique(),
    /** The idle expiry: moved forward on use (at most once an hour), never past the absolute one. */
    expiresAt: moment("expires_at").notNull(),
    createdAt: createdAt(),
    /** Issue 38: what the account page lists (device, browser, the address's network, last use). */
    lastSeenAt: moment("last_seen_at").notNull().defaultNow(),
    userAgent: varchar("user_agent", { length: 512 }),
    ip: varchar("ip", { length: 64 }),
    /** When this session last proved the password or a second factor (re-authentication). */
    authenticatedAt: moment("authenticated_at").notNull().defaultNow(),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId), index("auth_sessions_expires_idx").on(table.expiresAt)],
);

export const authTokenPurposes = ["verify_email", "reset_password"] as const;
export type AuthTokenPurpose = (typeof authTokenPurposes)[number];

/**
 * Single-use links sent by e-mail (address verification, password reset). Only the SHA-256 of the
 * token is stored; `email` is the address the link was sent to, so a link stops working once the
 * account's address changes.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    userId: belongsToUser(),
    purpose: varchar("purpose", { length: 20 }).$type<AuthTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    email: varchar("email", { length: 255 }).notNull(),
    expiresAt: moment("expires_at").notNull(),
    usedAt: moment("used_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("auth_tokens_user_purpose_idx").on(table.userId, table.purpose),
    index("auth_tokens_expires_idx").on(table.expiresAt),
    check("auth_tokens_purpose_check", sql`${table.purpose} in ('verify_email', 'reset_password')`),
  ],
);

export type AuthUser = typeof authUsers.$inferSelect;

/**
 * An authenticator app (TOTP, RFC 6238) of an account (issue 38): its secret sealed with SECRETS_KEY
 * (server/services/accounts/secret-box.ts), unconfirmed until a first code proves the app has it,
 * and the last time step accepted, so a code is accepted once.
 */
export const userTotp = pgTable("user_totp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: moment("confirmed_at"),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes: argon2id hashes (one salt per set, so a guess costs one hash), used once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: belongsToUser(),
    codeHash: text("code_hash").notNull(),
    usedAt: moment("used_at"),
    createdAt: createdAt(),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId)],
);

/**
 * The second step of a sign-in: issued once the password was right, single-use, 5 minutes, a few
 * wrong codes at most. Only the SHA-256 of its token is stored.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: id(),
    userId: belongsToUser(),
    tokenHash: text("token_hash").notNull().unique(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: moment("expires_at").notNull(),
    usedAt: moment("used_at"),
    createdAt: createdAt(),
  },
  (table) => [index("login_challenges_expires_idx").on(table.expiresAt)],
);

/** "Trust this browser for 30 days": a cookie whose SHA-256 is here skips the second step for its account. */
export const trustedBrowsers = pgTable(
  "trusted_browsers",
  {
    id: id(),
    userId: belongsToUser(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: moment("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("trusted_browsers_user_idx").on(table.userId), index("trusted_browsers_expires_idx").on(table.expiresAt)],
);

/**
 * The devices an account has signed in from (issue 38, migration 0036): the SHA-256 of the
 * browser's device cookie, or of the device's few words and the address's network
 * (server/services/accounts/known-devices.ts), so a sign-in from a new device is e-mailed to the
 * owner. `signedInAt` stays null for what only the registration taught.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    id: id(),
    userId: belongsToUser(),
    keyHash: text("key_hash").notNull(),
    firstSeenAt: moment("first_seen_at").notNull().defaultNow(),
    lastSeenAt: moment("last_seen_at").notNull().defaultNow(),
    signedInAt: moment("signed_in_at"),
  },
  (table) => [
    uniqueIndex("known_devices_user_key_idx").on(table.userId, table.keyHash),
    index("known_devices_last_seen_idx").on(table.lastSeenAt),
  ],
);

/** Passkeys (WebAuthn credentials, issue 38): several an account, each named; the counter moves on every use. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: id(),
    userId: belongsToUser(),
    /** The credential's id, base64url, as the authenticator names it. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'`),
    name: varchar("name", { length: 60 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment("last_used_at"),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/** A WebAuthn challenge the server handed out: single-use, 5 minutes; found by its SHA-256. */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    id: id(),
    challengeHash: text("challenge_hash").notNull().unique(),
    purpose: text("purpose").$type<"register" | "sign-in" | "reauthenticate">().notNull(),
    userId: integer("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    expiresAt: moment("expires_at").notNull(),
    usedAt: moment("used_at"),
    createdAt: createdAt(),
  },
  (table) => [index("passkey_challenges_expires_idx").on(table.expiresAt)],
);
