import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, unique, varchar } from "drizzle-orm/pg-core";
import { REFERENCE_STATUSES, type ReferenceStatus } from "#common/references.ts";
import { belongsTo, id, moment } from "./columns.ts";
import { consultantAssignments, consultants } from "./consultants.ts";

// Confirmed references (issue 34, migration 0020): one row a request, its answer on the same row.

export const assignmentReferences = pgTable(
  "assignment_references",
  {
    id: id(),
    consultantId: belongsTo("consultant_id", () => consultants.id),
    assignmentId: belongsTo("assignment_id", () => consultantAssignments.id),
    refereeName: varchar("referee_name", { length: 120 }).notNull(),
    refereeEmail: varchar("referee_email", { length: 255 }).notNull(),
    /** SHA-256 of the single-use link's token; the token itself is only in the e-mail. */
    tokenHash: text("token_hash").notNull(),
    status: varchar("status", { length: 12 }).$type<ReferenceStatus>().notNull().default("requested"),
    /** The assignment as the request described it; on confirming, as the referee corrected it. */
    assignmentTitle: varchar("assignment_title", { length: 255 }).notNull(),
    organization: varchar("organization", { length: 255 }).notNull(),
    role: varchar("role", { length: 255 }),
    startMonth: varchar("start_month", { length: 7 }).notNull(),
    endMonth: varchar("end_month", { length: 7 }),
    statement: text("statement"),
    score: smallint("score"),
    requestedAt: moment("requested_at").notNull().defaultNow(),
    expiresAt: moment("expires_at").notNull(),
    answeredAt: moment("answered_at"),
    closedAt: moment("closed_at"),
  },
  (table) => [
    unique("assignment_references_token_hash_key").on(table.tokenHash),
    index("assignment_references_consultant_idx").on(table.consultantId, table.status),
    index("assignment_references_assignment_idx").on(table.assignmentId),
    index("assignment_references_referee_idx").on(sql`lower(${table.refereeEmail})`, table.requestedAt),
    check("assignment_references_status_check", sql`${table.status} in ${sql.raw(`('${REFERENCE_STATUSES.join("', '")}')`)}`),
    check("assignment_references_score_check", sql`${table.score} is null or ${table.score} between 1 and 10`),
    check("assignment_references_months_check", sql`${table.endMonth} is null or ${table.endMonth} >= ${table.startMonth}`),
    check("assignment_references_statement_check", sql`${table.statement} is null or length(${table.statement}) <= 1000`),
  ],
);

export type AssignmentReferenceRow = typeof assignmentReferences.$inferSelect;
