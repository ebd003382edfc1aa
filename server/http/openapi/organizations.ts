import { z } from "zod";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import {
  actingSchema,
  hiddenFromSchema,
  invitationSchema,
  memberUpdateSchema,
  ORGANIZATION_KINDS,
  ORGANIZATION_ROLES,
  organizationCreateSchema,
  organizationSearchSchema,
  organizationUpdateSchema,
  verifySchema,
} from "#common/organizations.ts";
import { type ApiRoute, messageOnly } from "./schemas.ts";

// The documented routes of organizations (issue 31), with what each answers: the answers are
// checked against these schemas by server/http/api/organizations.test.ts.

const role = z.enum(ORGANIZATION_ROLES.values);
const kind = z.enum(ORGANIZATION_KINDS.values);
const timestamp = z.string();

/** `{ id, name, verified }`: what every sender, reviewer and shared list carries. */
export const organizationBadgeSchema = z
  .object({ id: z.number().int(), name: z.string(), verified: z.boolean(), logoUrl: z.string().nullable().optional() })
  .strict();

export const organizationSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    kind,
    country: z.string().length(2),
    website: z.string().nullable(),
    domain: z.string().nullable(),
    description: z.string(),
    logoUrl: z.string().nullable(),
    verified: z.boolean(),
    verifiedAt: timestamp.nullable(),
    verificationMethod: z.enum(["domain", "admin"]).nullable(),
    memberCount: z.number().int(),
    createdAt: timestamp,
    role: role.nullable(),
    acting: z.boolean(),
  })
  .strict();

const organizationListSchema = z
  .object({
    organizations: z.array(
      z
        .object({
          id: z.number().int(),
          slug: z.string(),
          name: z.string(),
          kind,
          country: z.string(),
          verified: z.boolean(),
          role: role.nullable(),
        })
        .strict(),
    ),
  })
  .strict();

export const memberSchema = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    email: z.string(),
    role,
    listed: z.boolean(),
    canPost: z.boolean(),
    joinedAt: timestamp,
  })
  .strict();

export const invitationAnswerSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role,
    invitedBy: z.string().nullable(),
    expiresAt: timestamp,
    createdAt: timestamp,
  })
  .strict();

const invitationPreviewSchema = z
  .object({
    organization: organizationBadgeSchema.extend({ slug: z.string(), kind, country: z.string() }).strict(),
    email: z.string(),
    role,
    invitedBy: z.string().nullable(),
    expiresAt: timestamp,
  })
  .strict();

const membershipSchema = organizationBadgeSchema.extend({ slug: z.string(), role, acting: z.boolean() }).strict();
export const actingAnswerSchema = z
  .object({ acting: membershipSchema.nullable(), organizations: z.array(membershipSchema) })
  .strict();
export const hiddenFromAnswerSchema = z.object({ organizations: z.array(organizationBadgeSchema) }).strict();

const tag = "Organizations";

export const organizationRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/organizations",
    tag,
    summary: "The caller's organizations, or with ?search= organizations by name",
    auth: "session",
    query: organizationSearchSchema,
    response: organizationListSchema,
  },
  {
    method: "POST",
    path: "/organizations",
    tag,
    summary: "Create an organization (the caller becomes its owner)",
    auth: "session",
    body: organizationCreateSchema,
    response: organizationSchema,
    status: 201,
  },
  {
    method: "GET",
    path: "/organizations/:id",
    tag,
    summary: "An organization: members see it whole, anyone a verified one",
    response: organizationSchema,
  },
  {
    method: "PATCH",
    path: "/organizations/:id",
    tag,
    summary: "Change an organization's details (owners and admins)",
    auth: "session",
    body: organizationUpdateSchema,
    response: organizationSchema,
  },
  {
    method: "DELETE",
    path: "/organizations/:id",
    tag,
    summary: "Delete an organization (owners and admins)",
    auth: "session",
    response: messageOnly,
    reauthenticate: true,
  },
  {
    method: "PUT",
    path: "/organizations/:id/logo",
    tag,
    summary:
      "Upload or replace the organization's logo (owners and admins; members 403, others 404): a JPEG, PNG or GIF of at most 1.5 MB, fitted whole into a square and stored as WebP",
    auth: "session",
    upload: { field: "logo", mediaTypes: ["image/jpeg", "image/png", "image/gif"], maxBytes: PHOTO_MAX_BYTES },
    response: organizationSchema,
  },
  {
    method: "DELETE",
    path: "/organizations/:id/logo",
    tag,
    summary: "Remove the organization's logo (owners and admins): its initials are shown instead",
    auth: "session",
    response: organizationSchema,
  },
  {
    method: "GET",
    path: "/organizations/:id/members",
    tag,
    summary: "An organization's members (members only)",
    auth: "session",
    response: z.object({ members: z.array(memberSchema) }).strict(),
  },
  {
    method: "PATCH",
    path: "/organizations/:id/members/:userId",
    tag,
    summary:
      "Change a member's role or let a plain member post opportunities (owners and admins), or one's own listing on the public page",
    auth: "session",
    body: memberUpdateSchema,
    response: memberSchema,
  },
  {
    method: "DELETE",
    path: "/organizations/:id/members/:userId",
    tag,
    summary: "Remove a member (owners and admins), or leave (one's own id)",
    auth: "session",
    response: z.object({ left: z.boolean() }).strict(),
  },
  {
    method: "GET",
    path: "/organizations/:id/invitations",
    tag,
    summary: "Invitations waiting for an answer (owners and admins)",
    auth: "session",
    response: z.object({ invitations: z.array(invitationAnswerSchema) }).strict(),
  },
  {
    method: "POST",
    path: "/organizations/:id/invitations",
    tag,
    summary: "Invite someone by e-mail (a single-use link, 7 days)",
    auth: "session",
    body: invitationSchema,
    response: invitationAnswerSchema,
    status: 201,
  },
  {
    method: "DELETE",
    path: "/organizations/:id/invitations/:invitationId",
    tag,
    summary: "Withdraw an invitation",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "POST",
    path: "/organizations/:id/verify",
    tag,
    summary: "Verify an organization: by a member's e-mail at its domain, or by a site admin",
    auth: "session",
    body: verifySchema,
    response: organizationSchema,
  },
  {
    method: "DELETE",
    path: "/organizations/:id/verify",
    tag,
    summary: "Take an organization's verification back (site admins)",
    auth: "admin",
    response: z.object({ id: z.number().int(), verified: z.literal(false) }).strict(),
    reauthenticate: true,
  },
  {
    method: "GET",
    path: "/invitations/:token",
    tag,
    summary: "An invitation, as its e-mailed link shows it",
    response: invitationPreviewSchema,
  },
  {
    method: "POST",
    path: "/invitations/:token/accept",
    tag,
    summary: "Accept an invitation (signed in with the invited address)",
    auth: "session",
    response: organizationSchema,
  },
  {
    method: "POST",
    path: "/invitations/:token/decline",
    tag,
    summary: "Decline an invitation (whoever holds the link)",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/acting-organization",
    tag,
    summary: "The caller's organizations and the one they act for",
    auth: "session",
    response: actingAnswerSchema,
  },
  {
    method: "PUT",
    path: "/acting-organization",
    tag,
    summary: "Act for one of one's organizations, or for oneself (null)",
    auth: "session",
    body: actingSchema,
    response: actingAnswerSchema,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/hidden-from",
    tag,
    summary: "The organizations the caller's profile is hidden from",
    auth: "session",
    response: hiddenFromAnswerSchema,
  },
  {
    method: "PUT",
    path: "/my-consultant-profile/hidden-from",
    tag,
    summary: "Hide the caller's profile from these organizations (the whole list)",
    auth: "session",
    body: hiddenFromSchema,
    response: hiddenFromAnswerSchema,
  },
];
