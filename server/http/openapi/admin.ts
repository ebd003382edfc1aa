import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "#common/constants.ts";
import { ORGANIZATION_KINDS } from "#common/organizations.ts";
import { REVIEWED_FIELDS } from "#common/profile-changes.ts";
import { ADMIN_REVIEW_FILTERS } from "#common/reviews.ts";
import { organizationBadgeSchema } from "./organizations.ts";
import { reviewAnswerSchema } from "./reviews.ts";
import { adminConsultantAnswer, assignmentAnswer, educationAnswer, pageFields, responseSchemas } from "./schemas.ts";

export const adminOrganizationShape = {
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
export const reportStatus = z.enum(["open", "warned", "blocked", "unverified", "dismissed"]);
export const reportAnswerSchema = z.strictObject({
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
});

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
export const adminReviewPageSchema = z.strictObject({
  reviews: z.array(adminReviewAnswer),
  filter: z.enum(ADMIN_REVIEW_FILTERS),
  ...pageFields,
});
/** A review hidden or shown again. */
export const reviewVisibilityAnswer = z.strictObject({ id: z.number().int(), hidden: z.boolean() });

/**
 * An account as an admin sees it (common/views.ts AdminUser): the signed-in user's own fields and
 * whether it is blocked; never the password hash, sessions or tokens.
 */
export const adminUserAnswer = responseSchemas.user.extend({ blockedAt: z.string().nullable() }).strict();
// A field's value in the audit log: text, number, yes/no or nothing; a list of them or of records
// (assignments); a record (a rate, language levels). Spelled out: a recursive JSON type has no
// place in the document (its $defs would sit outside the components).
const auditScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const auditRecord = z.record(z.string(), z.union([auditScalar, z.array(auditScalar)]));
const auditValue = z.union([auditScalar, auditRecord, z.array(z.union([auditScalar, auditRecord]))]);
export const auditEntryAnswer = z.strictObject({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.number().int(),
  targetLabel: z.string(),
  // Each changed field's value before and after.
  changes: z.record(z.string(), z.strictObject({ from: auditValue, to: auditValue })),
  createdAt: z.string(),
});
/** An assignment in a change (common/profile-changes.ts ChangeAssignment): the id of the stored row it edits, when it edits one. */
const changeAssignment = assignmentAnswer.partial({ id: true }).strict();
const reviewedValue = z.union([z.string(), z.null(), z.array(z.string()), z.array(changeAssignment)]);
export const queueEntryAnswer = adminConsultantAnswer
  .extend({
    change: z
      .strictObject({
        consultantId: z.number().int(),
        submittedAt: z.string(),
        fields: z.array(z.strictObject({ field: z.enum(REVIEWED_FIELDS), before: reviewedValue, after: reviewedValue })),
      })
      .nullable(),
    trackRecord: z.strictObject({ assignments: z.array(assignmentAnswer), education: z.array(educationAnswer) }).nullable(),
  })
  .strict();
/**
 * The spec's client reads a plain array; asked for a page (page or limit given), the list comes under
 * `key` with total, page and limit (server/http/api/admin.ts listResponse).
 */
export function adminList<K extends string>(key: K, item: z.ZodType, extra: Record<string, z.ZodType> = {}) {
  return z.union([z.array(item), z.strictObject({ [key]: z.array(item), ...pageFields, ...extra })]);
}
