import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { ShortlistStage } from "#common/shortlists.ts";
import { authUsers, belongsToUser } from "./accounts.ts";
import { belongsTo, createdAt, id, linkedTo, moment, timestamps } from "./columns.ts";
import { belongsToConsultant } from "./consultants.ts";
import { organizations } from "./organizations.ts";

// The hiring side (issue 13, migration 0009_hiring): shortlists and saved searches. (Conversations
// are in messages.ts, beside the messages they group.)

export const shortlists = pgTable(
  "shortlists",
  {
    id: id(),
    /** The person a private list belongs to; null for a team list (migration 0022). */
    userId: integer("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    /** The organization a team list belongs to (issue 31): every member sees and edits it. */
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: linkedTo("created_by", () => authUsers.id),
    name: varchar("name", { length: 120 }).notNull(),
    // SHA-256 of the share token; null when the list is not shared.
    shareTokenHash: text("share_token_hash"),
    ...timestamps(),
  },
  (table) => [
    index("shortlists_user_idx").on(table.userId, table.updatedAt.desc()),
    index("shortlists_organization_idx")
      .on(table.organizationId, table.updatedAt.desc())
      .where(sql`${table.organizationId} is not null`),
    check("shortlists_owner_check", sql`(${table.userId} is null) <> (${table.organizationId} is null)`),
    uniqueIndex("shortlists_share_token_key").on(table.shareTokenHash),
    check("shortlists_name_check", sql`char_length(${table.name}) between 1 and 120`),
  ],
);

export const shortlistEntries = pgTable(
  "shortlist_entries",
  {
    shortlistId: belongsTo("shortlist_id", () => shortlists.id),
    consultantId: belongsToConsultant(),
    note: text("note").notNull().default(""),
    /** Where the consultant is in the team's pipeline (issue 31); sending and replies move it on. */
    stage: varchar("stage", { length: 12 }).$type<ShortlistStage>().notNull().default("considering"),
    stageChangedAt: moment("stage_changed_at").notNull().defaultNow(),
    addedBy: linkedTo("added_by", () => authUsers.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: "shortlist_entries_pkey", columns: [table.shortlistId, table.consultantId] }),
    index("shortlist_entries_consultant_idx").on(table.consultantId),
    check("shortlist_entries_note_check", sql`char_length(${table.note}) <= 2000`),
  ],
);

/** Internal notes on an entry (issue 31): who wrote them and when; never shown to the consultant. */
export const shortlistNotes = pgTable(
  "shortlist_notes",
  {
    id: id(),
    shortlistId: integer("shortlist_id").notNull(),
    consultantId: integer("consultant_id").notNull(),
    authorId: linkedTo("author_id", () => authUsers.id),
    authorName: varchar("author_name", { length: 255 }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({
      name: "shortlist_notes_entry_fkey",
      columns: [table.shortlistId, table.consultantId],
      foreignColumns: [shortlistEntries.shortlistId, shortlistEntries.consultantId],
    }).onDelete("cascade"),
    index("shortlist_notes_entry_idx").on(table.shortlistId, table.consultantId, table.createdAt),
    check("shortlist_notes_body_check", sql`char_length(${table.body}) between 1 and 2000`),
  ],
);

export const alertFrequencies = ["off", "daily", "weekly"] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: id(),
    userId: belongsToUser(),
    name: varchar("name", { length: 120 }).notNull(),
    query: text("query").notNull(),
    frequency: varchar("frequency", { length: 10 }).$type<AlertFrequency>().notNull().default("off"),
    lastAlertedAt: moment("last_alerted_at"),
    /** Signs the unsubscribe link of this search's alerts (HMAC); never leaves the server. */
    alertKey: text("alert_key").notNull(),
    ...timestamps(),
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
    savedSearchId: belongsTo("saved_search_id", () => savedSearches.id),
    consultantId: belongsToConsultant(),
    notifiedAt: moment("notified_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "saved_search_notified_pkey", columns: [table.savedSearchId, table.consultantId] }),
    index("saved_search_notified_consultant_idx").on(table.consultantId),
  ],
);
