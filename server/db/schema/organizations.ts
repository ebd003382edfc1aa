import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, unique, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { OrganizationKind, OrganizationRole } from "#common/organizations.ts";
import { authUsers, belongsToUser } from "./accounts.ts";
import { belongsTo, createdAt, id, linkedTo, moment, timestamps } from "./columns.ts";
import { belongsToConsultant } from "./consultants.ts";

// Organizations as teams (issue 31, migration 0021_organizations.sql): the organization, its
// members, invitations, and the organizations a consultant hides their profile from.

export const organizations = pgTable(
  "organizations",
  {
    id: id(),
    slug: varchar("slug", { length: 90 }).notNull(),
    name: varchar("name", { length: 160 }).notNull(),
    kind: varchar("kind", { length: 30 }).$type<OrganizationKind>().notNull(),
    /** ISO 3166-1 alpha-2 (common/countries.ts). */
    country: varchar("country", { length: 2 }).notNull(),
    website: varchar("website", { length: 255 }),
    /** The website's host without "www.": what domain verification compares against. */
    domain: varchar("domain", { length: 255 }),
    description: text("description").notNull().default(""),
    logoUrl: text("logo_url"),
    verifiedAt: moment("verified_at"),
    verificationMethod: varchar("verification_method", { length: 10 }).$type<"domain" | "admin">(),
    createdBy: linkedTo("created_by", () => authUsers.id),
    ...timestamps(),
  },
  (table) => [
    unique("organizations_slug_key").on(table.slug),
    index("organizations_created_idx").on(table.createdAt.desc(), table.id.desc()),
    check("organizations_name_check", sql`char_length(${table.name}) between 2 and 160`),
  ],
);

/** A column of a row that belongs to an organization: deleting the organization deletes the row. */
export const belongsToOrganization = () => belongsTo("organization_id", () => organizations.id);

export const organizationMembers = pgTable(
  "organization_members",
  {
    organizationId: belongsToOrganization(),
    userId: belongsToUser(),
    role: varchar("role", { length: 10 }).$type<OrganizationRole>().notNull(),
    /** Shown on the organization's public page: the member's own choice. */
    isListed: boolean("is_listed").notNull().default(false),
    /** The organization this person acts for (at most one per person). */
    isActing: boolean("is_acting").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index("organization_members_user_idx").on(table.userId),
    uniqueIndex("organization_members_acting_key").on(table.userId).where(sql`${table.isActing}`),
  ],
);

export const organizationInvitations = pgTable(
  "organization_invitations",
  {
    id: id(),
    organizationId: belongsToOrganization(),
    email: varchar("email", { length: 255 }).notNull(),
    role: varchar("role", { length: 10 }).$type<OrganizationRole>().notNull(),
    /** SHA-256 of the link's token: the token itself never reaches the database. */
    tokenHash: text("token_hash").notNull(),
    invitedBy: linkedTo("invited_by", () => authUsers.id),
    expiresAt: moment("expires_at").notNull(),
    /** Accepted or declined: a link works once. */
    answeredAt: moment("answered_at"),
    createdAt: createdAt(),
  },
  (table) => [
    unique("organization_invitations_token_key").on(table.tokenHash),
    index("organization_invitations_expires_idx").on(table.expiresAt),
  ],
);

export const consultantHiddenFrom = pgTable(
  "consultant_hidden_from",
  {
    consultantId: belongsToConsultant(),
    organizationId: belongsToOrganization(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.consultantId, table.organizationId] }),
    index("consultant_hidden_from_organization_idx").on(table.organizationId, table.consultantId),
  ],
);

export type Organization = typeof organizations.$inferSelect;
