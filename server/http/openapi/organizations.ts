import { z } from "zod";
import { ORGANIZATION_KINDS, ORGANIZATION_ROLES } from "#common/organizations.ts";

// What the routes of organizations answer (issue 31; each described where it is registered,
// ../api/organizations.ts): the answers are checked against these schemas by
// server/http/api/organizations.test.ts.

const role = z.enum(ORGANIZATION_ROLES.values);
const kind = z.enum(ORGANIZATION_KINDS.values);
const timestamp = z.string();

/** `{ id, name, verified }`: what every sender, reviewer and shared list carries. */
export const organizationBadgeSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  verified: z.boolean(),
  logoUrl: z.string().nullable().optional(),
});

export const organizationSchema = z.strictObject({
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
});

export const organizationListSchema = z.strictObject({
  organizations: z.array(
    z.strictObject({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      kind,
      country: z.string(),
      verified: z.boolean(),
      role: role.nullable(),
    }),
  ),
});

export const memberSchema = z.strictObject({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role,
  listed: z.boolean(),
  canPost: z.boolean(),
  joinedAt: timestamp,
});

export const invitationAnswerSchema = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  role,
  invitedBy: z.string().nullable(),
  expiresAt: timestamp,
  createdAt: timestamp,
});

export const invitationPreviewSchema = z.strictObject({
  organization: organizationBadgeSchema.extend({ slug: z.string(), kind, country: z.string() }).strict(),
  email: z.string(),
  role,
  invitedBy: z.string().nullable(),
  expiresAt: timestamp,
});

const membershipSchema = organizationBadgeSchema.extend({ slug: z.string(), role, acting: z.boolean() }).strict();
export const actingAnswerSchema = z.strictObject({
  acting: membershipSchema.nullable(),
  organizations: z.array(membershipSchema),
});
export const hiddenFromAnswerSchema = z.strictObject({ organizations: z.array(organizationBadgeSchema) });
