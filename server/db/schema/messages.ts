import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { ConversationReport } from "#common/organizations.ts";
import { authUsers } from "./accounts.ts";
import { belongsTo, createdAt, id, linkedTo, moment } from "./columns.ts";
import { belongsToConsultant } from "./consultants.ts";
import { organizations } from "./organizations.ts";

// Messages to consultants, the consultants' replies, and the conversations that group them.

/**
 * One per sender account and consultant, or (issue 31, migration 0023) one per organization and
 * consultant: the sender's messages and the consultant's replies.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    consultantId: belongsToConsultant(),
    /** Who wrote first; in a team conversation, the member who started it. */
    senderUserId: linkedTo("sender_user_id", () => authUsers.id),
    /** A team conversation's organization: every member reads and answers it. */
    organizationId: linkedTo("organization_id", (): AnyPgColumn => organizations.id),
    /** The organization's name when the conversation started (kept if the organization is deleted). */
    organizationName: varchar("organization_name", { length: 160 }),
    subject: varchar("subject", { length: 255 }).notNull(),
    lastMessageAt: moment("last_message_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("conversations_pair_key")
      .on(table.consultantId, table.senderUserId)
      .where(sql`${table.organizationName} is null`),
    uniqueIndex("conversations_team_key")
      .on(table.consultantId, table.organizationId)
      .where(sql`${table.organizationId} is not null`),
    index("conversations_sender_idx").on(table.senderUserId, table.lastMessageAt.desc()),
    index("conversations_consultant_idx").on(table.consultantId, table.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    consultantId: belongsToConsultant(),
    senderUserId: linkedTo("sender_user_id", () => authUsers.id),
    // NOT NULL in the database: when an insert leaves it out, a trigger opens or continues the
    // conversation of this sender and consultant (migration 0009), whichever code path inserts.
    conversationId: integer("conversation_id").references((): AnyPgColumn => conversations.id, { onDelete: "cascade" }),
    senderName: varchar("sender_name", { length: 255 }).notNull(),
    senderEmail: varchar("sender_email", { length: 255 }).notNull(),
    senderOrganization: varchar("sender_organization", { length: 255 }),
    /** Sent while acting for this organization (issue 31): the trigger files it in the team's conversation. */
    organizationId: linkedTo("organization_id", (): AnyPgColumn => organizations.id),
    subject: varchar("subject", { length: 255 }).notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    repliedAt: moment("replied_at"),
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
    id: id(),
    messageId: belongsTo("message_id", () => messages.id),
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

export type Message = typeof messages.$inferSelect;
export type MessageReply = typeof messageReplies.$inferSelect;

/** A received conversation a consultant reported to the admins (issue 31, migration 0023). */
export const conversationReports = pgTable(
  "conversation_reports",
  {
    id: id(),
    conversationId: linkedTo("conversation_id", () => conversations.id),
    reporterId: linkedTo("reporter_id", () => authUsers.id),
    /** The account reported: the conversation's latest writer on the sender's side. */
    senderUserId: linkedTo("sender_user_id", () => authUsers.id),
    organizationId: linkedTo("organization_id", () => organizations.id),
    senderName: varchar("sender_name", { length: 255 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    reason: text("reason").notNull(),
    status: varchar("status", { length: 12 }).$type<ConversationReport["status"]>().notNull().default("open"),
    resolvedBy: linkedTo("resolved_by", () => authUsers.id),
    resolvedAt: moment("resolved_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("conversation_reports_open_key").on(table.conversationId).where(sql`${table.status} = 'open'`),
    index("conversation_reports_created_idx").on(table.createdAt.desc(), table.id.desc()),
    check("conversation_reports_reason_check", sql`char_length(${table.reason}) between 1 and 1000`),
  ],
);

/** A conversation one party deleted from their own view (issue 36); a newer entry brings it back. */
export const conversationHidden = pgTable(
  "conversation_hidden",
  {
    conversationId: belongsTo("conversation_id", () => conversations.id),
    userId: belongsTo("user_id", () => authUsers.id),
    hiddenAt: moment("hidden_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.conversationId] })],
);
