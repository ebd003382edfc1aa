import { z } from "zod";
import { adminConsultantSchema, hideSchema, rejectSchema } from "#common/admin-schema.ts";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "#common/constants.ts";
import { ORGANIZATION_FILTERS, ORGANIZATION_KINDS, ORGANIZATION_ROLES, reportActionSchema } from "#common/organizations.ts";
import { REVIEWED_FIELDS } from "#common/profile-changes.ts";
import { ADMIN_REVIEW_FILTERS, reviewHideSchema } from "#common/reviews.ts";
import { organizationBadgeSchema } from "./organizations.ts";
import { reviewAnswerSchema } from "./reviews.ts";
import {
  type ApiRoute,
  adminConsultantAnswer,
  assignmentAnswer,
  educationAnswer,
  messageOnly,
  responseSchemas,
} from "./schemas.ts";

const adminOrganizationShape = {
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(ORGANIZATION_KINDS.values),
  country: z.string(),
  website: z.string().nullable(),
  verified: z.boolean(),
  verificationMethod: z.enum(["domain", "admin"]).nullable(),
  memberCount: z.number().int(),
  openReports: z.number().int(),
  createdAt: z.string(),
};
const reportStatus = z.enum(["open", "warned", "blocked", "unverified", "dismissed"]);
export const reportAnswerSchema = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int().nullable(),
    subject: z.string(),
    senderName: z.string(),
    senderUserId: z.number().int().nullable(),
    senderBlocked: z.boolean(),
    organization: organizationBadgeSchema.nullable(),
    reporterName: z.string().nullable(),
    reason: z.string(),
    status: reportStatus,
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .strict();
const page = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

/**
 * A review in the moderation list (the AdminReview type of common/reviews.ts, dates as ISO text):
 * the public review's own fields, plus about whom, the reviewer's e-mail and whether it is hidden.
 */
const adminReviewAnswer = reviewAnswerSchema
  .pick({ id: true, consultantId: true, reviewerName: true, organization: true, score: true, text: true, createdAt: true })
  .extend({
    consultantName: z.string(),
    reviewerEmail: z.string(),
    hiddenAt: z.string().nullable(),
    hiddenReason: z.string().nullable(),
  })
  .strict();
/** GET /api/admin/reviews' answer. */
export const adminReviewPageSchema = z
  .object({ reviews: z.array(adminReviewAnswer), filter: z.enum(ADMIN_REVIEW_FILTERS), ...page })
  .strict();
/** A review hidden or shown again. */
const reviewVisibilityAnswer = z.object({ id: z.number().int(), hidden: z.boolean() }).strict();

/**
 * An account as an admin sees it (common/views.ts AdminUser): the signed-in user's own fields and
 * whether it is blocked; never the password hash, sessions or tokens.
 */
const adminUserAnswer = responseSchemas.user.extend({ blockedAt: z.string().nullable() }).strict();
// A field's value in the audit log: text, number, yes/no or nothing; a list of them or of records
// (assignments); a record (a rate, language levels). Spelled out: a recursive JSON type has no
// place in the document (its $defs would sit outside the components).
const auditScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const auditRecord = z.record(z.string(), z.union([auditScalar, z.array(auditScalar)]));
const auditValue = z.union([auditScalar, auditRecord, z.array(z.union([auditScalar, auditRecord]))]);
const auditEntryAnswer = z
  .object({
    id: z.number().int(),
    actorId: z.number().int().nullable(),
    actorName: z.string(),
    actorEmail: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    targetType: z.enum(AUDIT_TARGET_TYPES),
    targetId: z.number().int(),
    targetLabel: z.string(),
    // Each changed field's value before and after.
    changes: z.record(z.string(), z.object({ from: auditValue, to: auditValue }).strict()),
    createdAt: z.string(),
  })
  .strict();
/** An assignment in a change (common/profile-changes.ts ChangeAssignment): the id of the stored row it edits, when it edits one. */
const changeAssignment = assignmentAnswer.partial({ id: true }).strict();
const reviewedValue = z.union([z.string(), z.null(), z.array(z.string()), z.array(changeAssignment)]);
const queueEntryAnswer = adminConsultantAnswer
  .extend({
    change: z
      .object({
        consultantId: z.number().int(),
        submittedAt: z.string(),
        fields: z.array(z.object({ field: z.enum(REVIEWED_FIELDS), before: reviewedValue, after: reviewedValue }).strict()),
      })
      .strict()
      .nullable(),
    trackRecord: z
      .object({ assignments: z.array(assignmentAnswer), education: z.array(educationAnswer) })
      .strict()
      .nullable(),
  })
  .strict();
/**
 * The spec's client reads a plain array; asked for a page (page or limit given), the list comes under
 * `key` with total, page and limit (server/http/api/admin.ts listResponse).
 */
function adminList<K extends string>(key: K, item: z.ZodType, extra: Record<string, z.ZodType> = {}) {
  return z.union([z.array(item), z.object({ [key]: z.array(item), ...page, ...extra }).strict()]);
}

// The documented routes of the API: the admin dashboard's API.

export const adminRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/admin/consultants",
    tag: "Administration",
    summary: "Profiles by status",
    auth: "admin",
    response: adminList("consultants", adminConsultantAnswer),
  },
  {
    method: "GET",
    path: "/admin/consultants/:id",
    tag: "Administration",
    summary: "One profile, every field",
    auth: "admin",
    response: adminConsultantAnswer,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id",
    tag: "Administration",
    summary: "Edit any profile",
    auth: "admin",
    body: adminConsultantSchema,
    response: adminConsultantAnswer,
  },
  {
    method: "DELETE",
    path: "/admin/consultants/:id",
    tag: "Administration",
    summary: "Delete a profile",
    auth: "admin",
    response: messageOnly,
    reauthenticate: true,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/approve",
    tag: "Administration",
    summary: "Approve a profile",
    auth: "admin",
    response: adminConsultantAnswer,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/reject",
    tag: "Administration",
    summary: "Reject a profile with a reason",
    auth: "admin",
    body: rejectSchema,
    response: adminConsultantAnswer,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/hide",
    tag: "Administration",
    summary: "Hide a profile",
    auth: "admin",
    body: hideSchema,
    response: adminConsultantAnswer,
  },
  {
    method: "GET",
    path: "/admin/users",
    tag: "Administration",
    summary: "Accounts",
    auth: "admin",
    response: adminList("users", adminUserAnswer, { adminCount: z.number().int() }),
  },
  {
    method: "PUT",
    path: "/admin/users/:id/promote",
    tag: "Administration",
    summary: "Make an account admin",
    auth: "admin",
    response: adminUserAnswer,
    reauthenticate: true,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/demote",
    tag: "Administration",
    summary: "Take the admin role away",
    auth: "admin",
    response: adminUserAnswer,
    reauthenticate: true,
  },
  {
    method: "GET",
    path: "/admin/queue",
    tag: "Administration",
    summary: "The approval queue: new profiles and changes, oldest first",
    auth: "admin",
    response: z.object({ entries: z.array(queueEntryAnswer), ...page }).strict(),
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/approve-change",
    tag: "Administration",
    summary: "Approve a pending change to a listed profile",
    auth: "admin",
    response: z.object({ message: z.string(), fields: z.array(z.enum(REVIEWED_FIELDS)) }).strict(),
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/reject-change",
    tag: "Administration",
    summary: "Reject a pending change with a reason",
    auth: "admin",
    body: rejectSchema,
    response: messageOnly,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/block",
    tag: "Administration",
    summary: "Block an account",
    auth: "admin",
    response: adminUserAnswer,
    reauthenticate: true,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/unblock",
    tag: "Administration",
    summary: "Unblock an account",
    auth: "admin",
    response: adminUserAnswer,
    reauthenticate: true,
  },
  {
    method: "DELETE",
    path: "/admin/users/:id/sessions",
    tag: "Administration",
    summary: "End every session of a user (audited)",
    auth: "admin",
    response: z.object({ message: z.string(), ended: z.number().int() }).strict(),
  },
  {
    method: "GET",
    path: "/admin/audit-log",
    tag: "Administration",
    summary: "Who did what",
    auth: "admin",
    response: adminList("entries", auditEntryAnswer),
  },
  {
    method: "GET",
    path: "/admin/organizations",
    tag: "Administration",
    summary: "Organizations: search, filter verified / unverified / reported",
    auth: "admin",
    query: z.object({
      search: z.string().optional(),
      filter: z.enum(ORGANIZATION_FILTERS).optional(),
      page: z.number().int().optional(),
      limit: z.number().int().optional(),
    }),
    response: z
      .object({
        organizations: z.array(z.object(adminOrganizationShape).strict()),
        filter: z.enum(ORGANIZATION_FILTERS),
        ...page,
      })
      .strict(),
  },
  {
    method: "GET",
    path: "/admin/organizations/:id",
    tag: "Administration",
    summary: "One organization with its members and the reports about it",
    auth: "admin",
    response: z
      .object({
        ...adminOrganizationShape,
        domain: z.string().nullable(),
        description: z.string(),
        members: z.array(
          z
            .object({
              userId: z.number().int(),
              name: z.string(),
              email: z.string(),
              role: z.enum(ORGANIZATION_ROLES.values),
              listed: z.boolean(),
              canPost: z.boolean(),
              joinedAt: z.string(),
            })
            .strict(),
        ),
        reports: z.array(
          z
            .object({
              id: z.number().int(),
              subject: z.string(),
              senderName: z.string(),
              reason: z.string(),
              status: reportStatus,
              createdAt: z.string(),
            })
            .strict(),
        ),
      })
      .strict(),
  },
  {
    method: "GET",
    path: "/admin/reports",
    tag: "Administration",
    summary: "Reported conversations (open by default; ?status=all)",
    auth: "admin",
    query: z.object({
      status: z.enum(["open", "all"]).optional(),
      page: z.number().int().optional(),
      limit: z.number().int().optional(),
    }),
    response: z.object({ reports: z.array(reportAnswerSchema), ...page }).strict(),
  },
  {
    method: "PUT",
    path: "/admin/reports/:id",
    tag: "Administration",
    summary: "Act on a report: warn the sender, block the account, unverify the organization, or dismiss",
    auth: "admin",
    body: reportActionSchema,
    response: reportAnswerSchema,
    reauthenticate: true,
  },
  {
    method: "GET",
    path: "/admin/reviews",
    tag: "Administration",
    summary: "Reviews to moderate, newest first: all, the visible or the hidden ones, searched by consultant, reviewer or text",
    auth: "admin",
    query: z.object({
      filter: z.enum(ADMIN_REVIEW_FILTERS).optional(),
      search: z.string().optional(),
      page: z.number().int().optional(),
      limit: z.number().int().optional(),
    }),
    response: adminReviewPageSchema,
  },
  {
    method: "PUT",
    path: "/admin/reviews/:reviewId/hide",
    tag: "Administration",
    summary: "Hide a review",
    auth: "admin",
    body: reviewHideSchema,
    response: reviewVisibilityAnswer,
  },
  {
    method: "PUT",
    path: "/admin/reviews/:reviewId/unhide",
    tag: "Administration",
    summary: "Show a hidden review again",
    auth: "admin",
    response: reviewVisibilityAnswer,
  },
];
