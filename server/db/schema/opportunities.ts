import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import type { BudgetKind, DurationUnit, OpportunityStatus } from "#common/opportunities.ts";
import type { DigestFrequency } from "#common/opportunity-match.ts";
import { authUsers } from "./accounts.ts";
import { belongsTo, createdAt, id, linkedTo, moment, timestamps } from "./columns.ts";
import { belongsToConsultant } from "./consultants.ts";
import { belongsToOrganization } from "./organizations.ts";

// Opportunities (issue 32, migration 0026_opportunities.sql): Terms of Reference an organization
// posts, their attached PDF, the members allowed to post besides owners and admins, reports of
// them, and consultants' expressions of interest (with the CV as sent).

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const opportunities = pgTable(
  "opportunities",
  {
    id: id(),
    organizationId: belongsToOrganization(),
    slug: varchar("slug", { length: 90 }).notNull(),
    title: varchar("title", { length: 160 }).notNull(),
    /** The ToR as its poster wrote it (simple Markdown); descriptionHtml is it rendered and sanitized. */
    description: text("description").notNull(),
    descriptionHtml: text("description_html").notNull(),
    specializations: text("specializations").array().notNull().default(sql`'{}'::text[]`),
    countries: text("countries").array().notNull().default(sql`'{}'::text[]`),
    isRemote: boolean("is_remote").notNull().default(false),
    donors: text("donors").array().notNull().default(sql`'{}'::text[]`),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    minYearsExperience: integer("min_years_experience").notNull().default(0),
    startDate: date("start_date", { mode: "string" }),
    durationValue: integer("duration_value").notNull(),
    durationUnit: varchar("duration_unit", { length: 6 }).$type<DurationUnit>().notNull(),
    levelOfEffort: varchar("level_of_effort", { length: 120 }),
    budgetMin: integer("budget_min"),
    budgetMax: integer("budget_max"),
    budgetCurrency: varchar("budget_currency", { length: 3 }),
    budgetKind: varchar("budget_kind", { length: 5 }).$type<BudgetKind>(),
    isBudgetHidden: boolean("is_budget_hidden").notNull().default(false),
    /** The deadline as a date in `timeZone`, and the instant it passes (the start of the next day there). */
    deadlineDate: date("deadline_date", { mode: "string" }).notNull(),
    deadline: moment("deadline").notNull(),
    timeZone: varchar("time_zone", { length: 64 }).notNull(),
    contactUserId: linkedTo("contact_user_id", () => authUsers.id),
    createdBy: linkedTo("created_by", () => authUsers.id),
    status: varchar("status", { length: 10 }).$type<OpportunityStatus>().notNull().default("draft"),
    /** An admin unpublished it: its next publication waits for approval, whatever the organization. */
    isHeldForReview: boolean("is_held_for_review").notNull().default(false),
    /** The reason of the last rejection or unpublishing, shown to the organization. */
    moderationReason: text("moderation_reason"),
    publishedAt: moment("published_at"),
    closedAt: moment("closed_at"),
    searchDocument: tsvector("search_document"),
    ...timestamps(),
  },
  (table) => [
    index("opportunities_organization_idx").on(table.organizationId, table.status),
    index("opportunities_published_idx").on(table.publishedAt.desc(), table.id.desc()).where(sql`status = 'published'`),
    index("opportunities_deadline_idx").on(table.deadline, table.id).where(sql`status = 'published'`),
    index("opportunities_remote_idx")
      .on(table.publishedAt.desc(), table.id.desc())
      .where(sql`status = 'published' and is_remote`),
    // In the migrations only: the GIN indexes (0026) and opportunities_matching_idx (0041, the
    // list's order INCLUDE the columns Opportunities for you reads; Drizzle cannot write INCLUDE).
    check("opportunities_status_check", sql`${table.status} in ('draft', 'pending', 'published', 'closed', 'filled')`),
  ],
);

export const opportunityDocuments = pgTable("opportunity_documents", {
  opportunityId: belongsTo("opportunity_id", () => opportunities.id).primaryKey(),
  name: varchar("name", { length: 200 }).notNull(),
  body: bytea("body").notNull(),
  bytes: integer("bytes").notNull(),
  createdAt: createdAt(),
});

/** Members allowed by an owner or admin to post and manage the organization's opportunities. */
export const opportunityPosters = pgTable(
  "opportunity_posters",
  {
    organizationId: belongsToOrganization(),
    userId: belongsTo("user_id", () => authUsers.id),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.userId] })],
);

export const opportunityReports = pgTable(
  "opportunity_reports",
  {
    id: serial("id").primaryKey(),
    opportunityId: belongsTo("opportunity_id", () => opportunities.id),
    reporterId: linkedTo("reporter_id", () => authUsers.id),
    reason: varchar("reason", { length: 20 }).notNull(),
    details: text("details").notNull().default(""),
    resolvedAt: moment("resolved_at"),
    createdAt: createdAt(),
  },
  (table) => [index("opportunity_reports_open_idx").on(table.opportunityId).where(sql`resolved_at is null`)],
);

export const opportunityInterests = pgTable(
  "opportunity_interests",
  {
    id: id(),
    opportunityId: belongsTo("opportunity_id", () => opportunities.id),
    consultantId: belongsToConsultant(),
    note: text("note").notNull(),
    availableFrom: date("available_from", { mode: "string" }),
    dailyRate: integer("daily_rate"),
    dailyRateCurrency: varchar("daily_rate_currency", { length: 3 }),
    stage: varchar("stage", { length: 12 }).notNull().default("new"),
    /** The profile's CV PDF as it was when the interest was sent: later edits do not change it. */
    cvPdf: bytea("cv_pdf"),
    ...timestamps(),
  },
  (table) => [
    unique("opportunity_interests_one_key").on(table.opportunityId, table.consultantId),
    index("opportunity_interests_consultant_idx").on(table.consultantId),
    check(
      "opportunity_interests_stage_check",
      sql`${table.stage} in ('new', 'shortlisted', 'interview', 'selected', 'declined')`,
    ),
  ],
);

/**
 * The opportunities digest's state for a consultant (migration 0035): their choice, the key of the
 * unsubscribe link, when it was last sent. No row: weekly (written when a digest is first considered).
 */
export const opportunityDigests = pgTable(
  "opportunity_digests",
  {
    consultantId: belongsToConsultant().primaryKey(),
    frequency: varchar("frequency", { length: 6 }).$type<DigestFrequency>().notNull().default("weekly"),
    /** Signs the digest's unsubscribe link (HMAC); never leaves the server. */
    alertKey: text("alert_key").notNull(),
    lastSentAt: moment("last_sent_at"),
    ...timestamps(),
  },
  (table) => [check("opportunity_digests_frequency_check", sql`${table.frequency} in ('off', 'daily', 'weekly')`)],
);

/** The opportunities a consultant's digest announced: never twice. */
export const opportunityDigestSent = pgTable(
  "opportunity_digest_sent",
  {
    consultantId: belongsToConsultant(),
    opportunityId: belongsTo("opportunity_id", () => opportunities.id),
    sentAt: moment("sent_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "opportunity_digest_sent_pkey", columns: [table.consultantId, table.opportunityId] }),
    index("opportunity_digest_sent_opportunity_idx").on(table.opportunityId),
  ],
);

export type Opportunity = typeof opportunities.$inferSelect;
