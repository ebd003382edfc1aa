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
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

import { CONSULTANT_STATUSES, type ConsultantStatus } from "#common/constants.ts";
import type { ProfileLanguage } from "#common/profile-languages.ts";
import type { LanguageLevel, RateCurrency, RateVisibility } from "#common/track-record.ts";
import { authUsers } from "./accounts.ts";
import { belongsTo, id, linkedTo, moment, timestamps } from "./columns.ts";

// Consultant profiles (spec section 3, with the owner and the approval status of product.md) and their track record.

export const consultantStatuses = CONSULTANT_STATUSES;
export type { ConsultantStatus };

export const consultants = pgTable(
  "consultants",
  {
    id: id(),
    // The account that owns the profile; one profile per account. Seeded demo profiles have none.
    userId: linkedTo("user_id", () => authUsers.id),
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
    /** The language the profile is written in, a BCP 47 code of common/profile-languages.ts (issue 37, migration 0043); null: not stated. */
    profileLanguage: varchar("profile_language", { length: 12 }).$type<ProfileLanguage>(),
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
    /** The reviews behind the rating (issue 31, migration 0025): by verified organizations, one per organization. */
    ratedReviewCount: integer("rated_review_count").notNull().default(0),
    status: varchar("status", { length: 20 }).$type<ConsultantStatus>().notNull().default("pending"),
    statusReason: text("status_reason"),
    /** While the owner's account is blocked the profile is hidden; this is the status unblocking restores. */
    statusBeforeBlock: varchar("status_before_block", { length: 20 }).$type<ConsultantStatus>(),
    // When the profile last became listed (set by a trigger, migration 0009): saved-search alerts.
    listedAt: moment("listed_at"),
    ...timestamps(),
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
    check("consultants_profile_language_check", sql`${table.profileLanguage} ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$'`),
  ],
);

/** A column of a row that belongs to a profile: deleting the profile deletes the row. */
export const belongsToConsultant = () => belongsTo("consultant_id", () => consultants.id);

/** The columns of one item of an ordered list on a profile: its place in the list, from 0. */
const profileListItem = () => ({ id: id(), consultantId: belongsToConsultant(), position: integer("position").notNull() });

/** One place per item in a profile's list (`<table>_position_key`), read in order (`<table>_consultant_idx`). */
const profileListIndexes = (table: string, columns: { consultantId: AnyPgColumn; position: AnyPgColumn }) => [
  uniqueIndex(`${table}_position_key`).on(columns.consultantId, columns.position),
  index(`${table}_consultant_idx`).on(columns.consultantId, columns.position),
];

/**
 * A consultant's assignments, in the order the consultant gave (newest first), replaced as a
 * whole list. Months are stored as the first day of the month. The migration adds the checks
 * (end not before start, donors from the list) and the triggers that copy the assignments'
 * text, donors and countries onto the profile for the search.
 */
export const consultantAssignments = pgTable(
  "consultant_assignments",
  {
    ...profileListItem(),
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
    ...profileListIndexes("consultant_assignments", table),
    check("consultant_assignments_dates_check", sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
  ],
);

export const consultantEducation = pgTable(
  "consultant_education",
  {
    ...profileListItem(),
    degree: varchar("degree", { length: 255 }).notNull(),
    field: varchar("field", { length: 255 }),
    institution: varchar("institution", { length: 255 }).notNull(),
    year: integer("year"),
  },
  (table) => [
    ...profileListIndexes("consultant_education", table),
    check("consultant_education_year_check", sql`${table.year} between 1950 and 2100`),
  ],
);

export type Consultant = typeof consultants.$inferSelect;
export type NewConsultant = typeof consultants.$inferInsert;
