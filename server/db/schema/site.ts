import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";

import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditChanges,
  type AuditTargetType,
} from "#common/constants.ts";
import { authUsers, belongsToUser } from "./accounts.ts";
import { createdAt, id, linkedTo, moment } from "./columns.ts";

// What the site keeps besides profiles: rate-limit windows, the audit log, contact messages, photo uploads.

/** Fixed-window counters shared by every app instance on this database (see services/rate-limit.ts). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: moment("window_start").notNull(),
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
    id: id(),
    actorId: linkedTo("actor_id", () => authUsers.id),
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
      sql`${table.action} in ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote', 'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock', 'reference_ask', 'reference_confirm', 'reference_decline', 'reference_withdraw', 'reference_remove')`,
    ),
    check("audit_log_target_type_check", sql`${table.targetType} in ('consultant', 'user', 'review', 'reference')`),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;

/** Messages sent through the contact page; each is also e-mailed to SUPPORT_EMAIL. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    subject: varchar("subject", { length: 20 }).notNull(),
    message: text("message").notNull(),
    // Null until the support e-mail went out: a failed send leaves the message findable.
    emailedAt: moment("emailed_at"),
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
    userId: belongsToUser(),
    createdAt: createdAt(),
  },
  (table) => [index("photo_uploads_user_idx").on(table.userId, table.createdAt)],
);
