import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, unique, varchar } from "drizzle-orm/pg-core";
import { authUsers } from "./schema/accounts.ts";
import { belongsTo, id, linkedTo, moment, timestamps } from "./schema/columns.ts";
import { belongsToConsultant, consultants } from "./schema/consultants.ts";
import { organizations } from "./schema/organizations.ts";

// Tables of issue 14 (trust), re-exported by schema.ts; migration 0011_trust.sql creates them.

/**
 * Insights for consultants: one row per consultant per day (UTC) with that day's counters,
 * written in batches by the insights buffer (server/services/insights/counter.ts).
 */
export const consultantInsights = pgTable(
  "consultant_insights",
  {
    consultantId: belongsToConsultant(),
    day: date("day", { mode: "string" }).notNull(),
    profileViews: integer("profile_views").notNull().default(0),
    searchAppearances: integer("search_appearances").notNull().default(0),
    cvDownloads: integer("cv_downloads").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.consultantId, table.day] }),
    check("consultant_insights_counts_check", sql`profile_views >= 0 and search_appearances >= 0 and cv_downloads >= 0`),
  ],
);

/**
 * Who viewed a profile on a day, as an opaque key (a user id, or a hash of address and browser
 * for visitors): a view counts once per visitor per day. Kept for two days only.
 */
export const insightVisitors = pgTable(
  "insight_visitors",
  {
    consultantId: belongsToConsultant(),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.consultantId, table.day, table.visitor] }),
    index("insight_visitors_day_idx").on(table.day),
  ],
);

/** A review of a consultant by someone they replied to (migration 0011_trust.sql). */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    consultantId: belongsToConsultant(),
    reviewerId: belongsTo("reviewer_id", () => authUsers.id),
    score: integer("score").notNull(),
    body: text("body").notNull(),
    engagement: varchar("engagement", { length: 40 }).notNull(),
    response: text("response"),
    respondedAt: moment("responded_at"),
    hiddenAt: moment("hidden_at"),
    hiddenReason: text("hidden_reason"),
    /** Hidden because its author's account was blocked (migration 0012): unblocking shows it again. */
    hiddenByBlock: boolean("hidden_by_block").notNull().default(false),
    /**
     * The organization its author wrote for (issue 31, migration 0025): the review counts toward the
     * rating only while that organization is verified, one per organization and consultant.
     */
    organizationId: linkedTo("organization_id", () => organizations.id),
    ...timestamps(),
  },
  (table) => [
    unique("reviews_one_per_reviewer").on(table.consultantId, table.reviewerId),
    check("reviews_score_check", sql`${table.score} between 1 and 10`),
    check("reviews_body_check", sql`char_length(${table.body}) between 10 and 2000`),
    check("reviews_response_check", sql`${table.response} is null or char_length(${table.response}) between 1 and 2000`),
    index("reviews_reviewer_idx").on(table.reviewerId),
  ],
);

/**
 * A change to an approved profile's reviewed fields, waiting for an admin (or rejected, with the
 * reason its owner reads until their next edit): one per profile (migration 0012). `changes` holds
 * the proposed values of the fields it changes (common/profile-changes.ts); the consultants row
 * keeps the published version.
 */
export const consultantChanges = pgTable(
  "consultant_changes",
  {
    consultantId: integer("consultant_id")
      .primaryKey()
      .references(() => consultants.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 20 }).$type<"pending" | "rejected">().notNull().default("pending"),
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    reason: text("reason"),
    submittedBy: linkedTo("submitted_by", () => authUsers.id),
    submittedAt: moment("submitted_at").notNull().defaultNow(),
    decidedAt: moment("decided_at"),
  },
  (table) => [
    check("consultant_changes_status_check", sql`${table.status} in ('pending', 'rejected')`),
    index("consultant_changes_pending_idx").on(table.submittedAt).where(sql`${table.status} = 'pending'`),
  ],
);
