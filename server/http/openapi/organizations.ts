import { z } from "zod";
import { ORGANIZATION_KINDS, ORGANIZATION_ROLES } from "#common/organizations.ts";

// What the routes of organizations answer (issue 31; each described where it is registered,
// ../api/organizations.ts): the answers are checked against these schemas by
// server/http/api/organizations.test.ts.

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

export const organizationListSchema = z
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

export const invitationPreviewSchema = z
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
