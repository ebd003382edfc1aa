import { z } from "zod";
import { adminConsultantSchema, hideSchema, rejectSchema } from "#common/admin-schema.ts";
import { ORGANIZATION_FILTERS, ORGANIZATION_KINDS, ORGANIZATION_ROLES, reportActionSchema } from "#common/organizations.ts";
import { ADMIN_REVIEW_FILTERS, reviewHideSchema } from "#common/reviews.ts";
import { organizationBadgeSchema } from "./organizations.ts";
import { type ApiRoute, anyJson, messageOnly } from "./schemas.ts";

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

/** GET /api/admin/reviews' answer (the AdminReview type of common/reviews.ts, dates as ISO text). */
export const adminReviewPageSchema = z
  .object({
    reviews: z.array(
      z
        .object({
          id: z.number().int(),
          consultantId: z.number().int(),
          consultantName: z.string(),
          reviewerName: z.string(),
          reviewerEmail: z.string(),
          organization: organizationBadgeSchema.nullable(),
          score: z.number().int(),
          text: z.string(),
          createdAt: z.string(),
          hiddenAt: z.string().nullable(),
          hiddenReason: z.string().nullable(),
        })
        .strict(),
    ),
    filter: z.enum(ADMIN_REVIEW_FILTERS),
    ...page,
  })
  .strict();

// The documented routes of the API: the admin dashboard's API.

export const adminRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/admin/consultants",
    tag: "Administration",
    summary: "Profiles by status",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/admin/consultants/:id",
    tag: "Administration",
    summary: "One profile, every field",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id",
    tag: "Administration",
    summary: "Edit any profile",
    auth: "admin",
    body: adminConsultantSchema,
    response: anyJson,
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
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/reject",
    tag: "Administration",
    summary: "Reject a profile with a reason",
    auth: "admin",
    body: rejectSchema,
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/hide",
    tag: "Administration",
    summary: "Hide a profile",
    auth: "admin",
    body: hideSchema,
    response: anyJson,
  },
  { method: "GET", path: "/admin/users", tag: "Administration", summary: "Accounts", auth: "admin", response: anyJson },
  {
    method: "PUT",
    path: "/admin/users/:id/promote",
    tag: "Administration",
    summary: "Make an account admin",
    auth: "admin",
    response: anyJson,
    reauthenticate: true,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/demote",
    tag: "Administration",
    summary: "Take the admin role away",
    auth: "admin",
    response: anyJson,
    reauthenticate: true,
  },
  {
    method: "GET",
    path: "/admin/queue",
    tag: "Administration",
    summary: "The approval queue: new profiles and changes, oldest first",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/approve-change",
    tag: "Administration",
    summary: "Approve a pending change to a listed profile",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/reject-change",
    tag: "Administration",
    summary: "Reject a pending change with a reason",
    auth: "admin",
    body: rejectSchema,
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/block",
    tag: "Administration",
    summary: "Block an account",
    auth: "admin",
    response: anyJson,
    reauthenticate: true,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/unblock",
    tag: "Administration",
    summary: "Unblock an account",
    auth: "admin",
    response: anyJson,
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
  { method: "GET", path: "/admin/audit-log", tag: "Administration", summary: "Who did what", auth: "admin", response: anyJson },
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
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/reviews/:reviewId/unhide",
    tag: "Administration",
    summary: "Show a hidden review again",
    auth: "admin",
    response: anyJson,
  },
];
