import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditChanges,
  type AuditTargetType,
  CONSULTANT_STATUSES,
  type ConsultantStatus,
} from "../../common/constants.ts";
import type { LanguageLevel, RateCurrency, RateVisibility } from "../../common/track-record.ts";

// The tables of spec section 3, plus what product.md adds (profile owner, approval status).
// The database keeps its own promises: case-insensitive unique e-mails, foreign keys with the
// right ON DELETE, and checks on every bounded value.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const authUsers = pgTable(
  "auth_users",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 255 }).notNull(),
    hashedPassword: text("hashed_password").notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    role: varchar("role", { length: 50 }).$type<"user" | "admin">().notNull().default("user"),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    /** Set while an admin has blocked the account (migration 0012): no sign-in, no session. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("auth_users_email_lower_key").on(sql`lower(${table.email})`),
    index("auth_users_role_idx").on(table.role),
    check("auth_users_role_check", sql`${table.role} in ('user', 'admin')`),
  ],
);

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    // SHA-256 of the token: the token itself never reaches the database.
    sessionToken: text("session_token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
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
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 20 }).$type<AuthTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    email: varchar("email", { length: 255 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("auth_tokens_user_purpose_idx").on(table.userId, table.purpose),
    index("auth_tokens_expires_idx").on(table.expiresAt),
    check("auth_tokens_purpose_check", sql`${table.purpose} in ('verify_email', 'reset_password')`),
  ],
);

export const consultantStatuses = CONSULTANT_STATUSES;
export type { ConsultantStatus };

export const consultants = pgTable(
  "consultants",
  {
    id: serial("id").primaryKey(),
    // The account that owns the profile; one profile per account. Seeded demo profiles have none.
    userId: integer("user_id").references(() => authUsers.id, { onDelete: "set null" }),
    name: varchar("name", { length: 255 }).notNull(),
    title: varchar("title", { length: 255 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    phone: varchar("phone", { length: 50 }),
    location: varchar("location", { length: 255 }).notNull(),
    city: varchar("city", { length: 120 }),
    country: varchar("country", { length: 80 }).notNull(),
    yearsExperience: integer("years_experience").notNull(),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    primarySpecialization: varchar("primary_specialization", { length: 120 }).notNull(),
    secondarySpecializations: text("secondary_specializations").array().notNull().default(sql`'{}'::text[]`),
    bio: text("bio").notNull(),
    profilePhotoUrl: text("profile_photo_url"),
    showEmail: boolean("show_email").notNull().default(false),
    showPhone: boolean("show_phone").notNull().default(false),
    availableForWork: boolean("available_for_work").notNull().default(true),
    // Track record (issue 12): a level per language, availability date and an optional daily rate.
    languageLevels: jsonb("language_levels").$type<Record<string, LanguageLevel>>().notNull().default({}),
    availableFrom: date("available_from", { mode: "string" }),
    dailyRateMin: integer("daily_rate_min"),
    dailyRateMax: integer("daily_rate_max"),
    rateCurrency: varchar("rate_currency", { length: 3 }).$type<RateCurrency>(),
    rateVisibility: varchar("rate_visibility", { length: 10 }).$type<RateVisibility>().notNull().default("hidden"),
    rating: integer("rating").notNull().default(50),
    projectsCompleted: integer("projects_completed").notNull().default(0),
    /** Visible reviews, kept by a trigger on reviews (migration 0011) with the rating they earn. */
    reviewCount: integer("review_count").notNull().default(0),
    status: varchar("status", { length: 20 }).$type<ConsultantStatus>().notNull().default("pending"),
    statusReason: text("status_reason"),
    /** While the owner's account is blocked the profile is hidden; this is the status unblocking restores. */
    statusBeforeBlock: varchar("status_before_block", { length: 20 }).$type<ConsultantStatus>(),
    // When the profile last became listed (set by a trigger, migration 0009): saved-search alerts.
    listedAt: timestamp("listed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // No two profiles show the same address; a hidden one may be shared (migration 0010: a unique
    // index over hidden addresses told anyone whose address it was).
    index("consultants_email_lower_idx").on(sql`lower(${table.email})`),
    uniqueIndex("consultants_shown_email_lower_key").on(sql`lower(${table.email})`).where(sql`${table.showEmail}`),
    uniqueIndex("consultants_user_id_key").on(table.userId),
    index("consultants_status_created_idx").on(table.status, table.createdAt.desc(), table.id.desc()),
    index("consultants_country_idx").on(table.country),
    // Which profile shows an uploaded photo (photo clean-up looks this up).
    index("consultants_photo_url_idx").on(table.profilePhotoUrl).where(sql`${table.profilePhotoUrl} is not null`),
    check("consultants_rating_check", sql`${table.rating} between 0 and 100`),
    check("consultants_projects_check", sql`${table.projectsCompleted} >= 0`),
    check("consultants_years_check", sql`${table.yearsExperience} between 0 and 80`),
    check("consultants_status_check", sql`${table.status} in ('pending', 'approved', 'rejected', 'hidden')`),
    check("consultants_bio_length_check", sql`char_length(${table.bio}) between 10 and 5000`),
  ],
);

/**
 * A consultant's assignments, in the order the consultant gave (newest first), replaced as a
 * whole list. Months are stored as the first day of the month. The migration adds the checks
 * (end not before start, donors from the list) and the triggers that copy the assignments'
 * text, donors and countries onto the profile for the search.
 */
export const consultantAssignments = pgTable(
  "consultant_assignments",
  {
    id: serial("id").primaryKey(),
    consultantId: integer("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: varchar("title", { length: 255 }).notNull(),
    organization: varchar("organization", { length: 255 }).notNull(),
    donors: text("donors").array().notNull(),
    countries: text("countries").array().notNull(),
    role: varchar("role", { length: 255 }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    sector: varchar("sector", { length: 120 }),
    description: text("description"),
  },
  (table) => [
    uniqueIndex("consultant_assignments_position_key").on(table.consultantId, table.position),
    index("consultant_assignments_consultant_idx").on(table.consultantId, table.position),
    check("consultant_assignments_dates_check", sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
  ],
);

export const consultantEducation = pgTable(
  "consultant_education",
  {
    id: serial("id").primaryKey(),
    consultantId: integer("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    degree: varchar("degree", { length: 255 }).notNull(),
    field: varchar("field", { length: 255 }),
    institution: varchar("institution", { length: 255 }).notNull(),
    year: integer("year"),
  },
  (table) => [
    uniqueIndex("consultant_education_position_key").on(table.consultantId, table.position),
    index("consultant_education_consultant_idx").on(table.consultantId, table.position),
    check("consultant_education_year_check", sql`${table.year} between 1950 and 2100`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    consultantId: integer("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    senderUserId: integer("sender_user_id").references(() => authUsers.id, { onDelete: "set null" }),
    // NOT NULL in the database: when an insert leaves it out, a trigger opens or continues the
    // conversation of this sender and consultant (migration 0009), whichever code path inserts.
    conversationId: integer("conversation_id").references((): AnyPgColumn => conversations.id, { onDelete: "cascade" }),
    senderName: varchar("sender_name", { length: 255 }).notNull(),
    senderEmail: varchar("sender_email", { length: 255 }).notNull(),
    senderOrganization: varchar("sender_organization", { length: 255 }),
    subject: varchar("subject", { length: 255 }).notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("messages_consultant_created_idx").on(table.consultantId, table.createdAt.desc()),
    // The inbox badge counts unread messages on every page a consultant opens.
    index("messages_unread_idx").on(table.consultantId).where(sql`not ${table.isRead}`),
    // The one-minute duplicate check looks up the sender's latest messages; also serves ON DELETE SET NULL.
    index("messages_sender_created_idx").on(table.senderUserId, table.createdAt.desc()),
    check("messages_length_check", sql`char_length(${table.message}) between 10 and 5000`),
  ],
);

/** What a consultant answered from the inbox; each reply was e-mailed to the sender. */
export const messageReplies = pgTable(
  "message_replies",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** Read by the sender of the message (in the product). */
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("message_replies_message_idx").on(table.messageId, table.createdAt),
    check("message_replies_body_check", sql`char_length(${table.body}) between 1 and 5000`),
  ],
);

export type AuthUser = typeof authUsers.$inferSelect;
export type Consultant = typeof consultants.$inferSelect;
export type NewConsultant = typeof consultants.$inferInsert;
export type Message = typeof messages.$inferSelect;
export type MessageReply = typeof messageReplies.$inferSelect;

/** Fixed-window counters shared by every app instance on this database (see services/rate-limit.ts). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [index("rate_limits_window_idx").on(table.windowStart)],
);

export const auditActions = AUDIT_ACTIONS;
export const auditTargetTypes = AUDIT_TARGET_TYPES;
export type { AuditAction, AuditChanges, AuditTargetType };

/**
 * Every admin action, written in the same transaction as the action itself. The admin's and the
 * target's names are copied in, so the record stays readable after either is deleted; the target
 * id has no foreign key for the same reason.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => authUsers.id, { onDelete: "set null" }),
    actorName: varchar("actor_name", { length: 255 }).notNull(),
    actorEmail: varchar("actor_email", { length: 255 }).notNull(),
    action: varchar("action", { length: 20 }).$type<AuditAction>().notNull(),
    targetType: varchar("target_type", { length: 20 }).$type<AuditTargetType>().notNull(),
    targetId: integer("target_id").notNull(),
    targetLabel: varchar("target_label", { length: 255 }).notNull(),
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("audit_log_target_idx").on(table.targetType, table.targetId),
    index("audit_log_actor_idx").on(table.actorId),
    check(
      "audit_log_action_check",
      sql`${table.action} in ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote', 'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock')`,
    ),
    check("audit_log_target_type_check", sql`${table.targetType} in ('consultant', 'user', 'review')`),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;

/** Messages sent through the contact page; each is also e-mailed to SUPPORT_EMAIL. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    subject: varchar("subject", { length: 20 }).notNull(),
    message: text("message").notNull(),
    // Null until the support e-mail went out: a failed send leaves the message findable.
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("contact_messages_created_idx").on(table.createdAt.desc()),
    check(
      "contact_messages_subject_check",
      sql`${table.subject} in ('general', 'technical', 'consultant', 'organization', 'partnership', 'feedback', 'other')`,
    ),
    check("contact_messages_length_check", sql`char_length(${table.message}) between 10 and 5000`),
  ],
);

export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * Every uploaded photo and who uploaded it. A profile may only take a photo its editor uploaded
 * (so nobody can claim, and later delete, another person's photo), and uploads that never made
 * it onto a profile are found and removed.
 */
export const photoUploads = pgTable(
  "photo_uploads",
  {
    photoUrl: text("photo_url").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [index("photo_uploads_user_idx").on(table.userId, table.createdAt)],
);
export * from "./schema-trust.ts";

// ---------------------------------------------------------------------------------------------
// The hiring side (issue 13, migration 0009_hiring).

/** One per sender account and consultant: the sender's messages and the consultant's replies. */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    consultantId: integer("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    senderUserId: integer("sender_user_id").references(() => authUsers.id, { onDelete: "set null" }),
    subject: varchar("subject", { length: 255 }).notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("conversations_pair_key").on(table.consultantId, table.senderUserId),
    index("conversations_sender_idx").on(table.senderUserId, table.lastMessageAt.desc()),
    index("conversations_consultant_idx").on(table.consultantId, table.lastMessageAt.desc()),
  ],
);

export const shortlists = pgTable(
  "shortlists",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    // SHA-256 of the share token; null when the list is not shared.
    shareTokenHash: text("share_token_hash"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("shortlists_user_idx").on(table.userId, table.updatedAt.desc()),
    uniqueIndex("shortlists_share_token_key").on(table.shareTokenHash),
    check("shortlists_name_check", sql`char_length(${table.name}) between 1 and 120`),
  ],
);

export const shortlistEntries = pgTable(
  "shortlist_entries",
  {
    shortlistId: integer("shortlist_id")
      .notNull()
      .references(() => shortlists.id, { onDelete: "cascade" }),
    consultantId: integer("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: "shortlist_entries_pkey", columns: [table.shortlistId, table.consultantId] }),
    index("shortlist_entries_consultant_idx").on(table.consultantId),
    check("shortlist_entries_note_check", sql`char_length(${table.note}) <= 2000`),
  ],
);

export const alertFrequencies = ["off", "daily", "weekly"] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    query: text("query").notNull(),
    frequency: varchar("frequency", { length: 10 }).$type<AlertFrequency>().notNull().default("off"),
    lastAlertedAt: timestamp("last_alerted_at", { withTimezone: true }),
    /** Signs the unsubscribe link of this search's alerts (HMAC); never leaves the server. */
    alertKey: text("alert_key").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("saved_searches_user_idx").on(table.userId, table.createdAt.desc()),
    index("saved_searches_alert_idx").on(table.frequency, table.lastAlertedAt).where(sql`${table.frequency} <> 'off'`),
    check("saved_searches_name_check", sql`char_length(${table.name}) between 1 and 120`),
    check("saved_searches_query_check", sql`char_length(${table.query}) <= 2000`),
    check("saved_searches_frequency_check", sql`${table.frequency} in ('off', 'daily', 'weekly')`),
  ],
);

/** Which consultants an alert already announced for a saved search: never twice. */
export const savedSearchNotified = pgTable(
  "saved_search_notified",
  {
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    consultantId: integer("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "saved_search_notified_pkey", columns: [table.savedSearchId, table.consultantId] }),
    index("saved_search_notified_consultant_idx").on(table.consultantId),
  ],
);
