import { z } from "zod";
import { choices } from "./choices.ts";
import { COUNTRY_CODES } from "./countries.ts";
import { MAX_ID } from "./ids.ts";
import { blankToUndefined, boundedText, emailAddress, tooLong } from "./zod-fields.ts";

// Organizations as teams (issue 31, docs/decisions/014-organizations.md): what an organization is,
// who belongs to it with which role, how it is verified, and the shapes the pages and the JSON
// API show. One schema per form, shared by the browser, the page actions and the API.

export const ORGANIZATION_KINDS = choices({
  ngo: "NGO",
  un_agency: "UN agency",
  donor: "Donor / development bank",
  implementing_firm: "Implementing firm",
  government: "Government",
  research: "Research / academia",
  other: "Other",
});
export type OrganizationKind = (typeof ORGANIZATION_KINDS.values)[number];

/** owner: everything, ownership included; admin: details, members and invitations (not owners); member: the team's work. */
export const ORGANIZATION_ROLES = choices({ owner: "Owner", admin: "Admin", member: "Member" });
export type OrganizationRole = (typeof ORGANIZATION_ROLES.values)[number];

/** The roles that manage an organization: its details, its members and its invitations. */
export const MANAGING_ROLES: readonly OrganizationRole[] = ["owner", "admin"];

export const ORGANIZATION_LIMITS = {
  name: 160,
  website: 255,
  description: 1000,
  /** Organizations one account belongs to. */
  perUser: 50,
  /** Members of one organization. */
  members: 200,
  /** Invitations waiting for an answer, per organization. */
  pendingInvitations: 20,
  invitationDays: 7,
  /** Organizations a consultant hides from. */
  hiddenFrom: 50,
  reportReason: 1000,
  /** "Report this sender": what the consultant adds to the reason (stored with it, within reportReason). */
  reportDetails: 900,
} as const;

export const ORGANIZATION_TEXTS = {
  signIn: "You need to be signed in to work with organizations.",
  notFound: "Organization not found",
  name: "Name is required",
  nameShort: "Name must be at least 2 characters long",
  nameTooLong: tooLong("Name", ORGANIZATION_LIMITS.name),
  kind: `Kind must be one of ${ORGANIZATION_KINDS.values.join(", ")}`,
  country: "Country must be a two-letter ISO country code, such as TH",
  website: "Website must be a web address such as https://example.org",
  websiteTooLong: tooLong("Website", ORGANIZATION_LIMITS.website),
  descriptionTooLong: tooLong("Description", ORGANIZATION_LIMITS.description),
  logoUrl: "The logo must be a photo you uploaded with POST /api/upload-photo",
  logoMultipart: "Send the logo as multipart/form-data in the logo field",
  logoChoose: "Choose a picture to upload",
  role: `Role must be one of ${ORGANIZATION_ROLES.values.join(", ")}`,
  email: "Valid email address is required",
  needsRole: "Only the organization's owners and admins can do this",
  ownersOnly: "Only an owner can make someone an owner or change an owner's role",
  lastOwner: "An organization needs at least one owner. Make another member an owner first.",
  tooManyOrganizations: `You can belong to at most ${ORGANIZATION_LIMITS.perUser} organizations.`,
  tooManyMembers: `An organization can have at most ${ORGANIZATION_LIMITS.members} members.`,
  tooManyInvitations: `An organization can have at most ${ORGANIZATION_LIMITS.pendingInvitations} invitations waiting for an answer. Withdraw one or wait for answers.`,
  alreadyMember: "This person is already a member of the organization",
  memberNotFound: "Member not found",
  invitationNotFound: "This invitation link is not valid. It may have expired, been answered or been withdrawn.",
  invitationOtherAddress: "This invitation was sent to another e-mail address. Sign in with the address it was sent to.",
  verifyMethod: 'Method must be "domain" or "admin"',
  verifyNeedsWebsite: "Add the organization's website first: the domain is checked against it.",
  verifyFreeMail: "A free e-mail provider's domain cannot verify an organization.",
  verifyEmailNotVerified: "Confirm your own e-mail address first (Manage Account, Resend verification email).",
  verifyOtherDomain: "Your sign-in e-mail address is not at the organization's web domain.",
  verifyAdminOnly: "Only a site administrator can verify an organization by hand.",
  acting: "Choose one of your organizations by its id, or none (null)",
  hiddenFromList: "Add the organizations as a list of their ids",
  hiddenFromTooMany: `You can hide your profile from at most ${ORGANIZATION_LIMITS.hiddenFrom} organizations.`,
  hiddenFromUnknown: "One of the organizations does not exist",
  search: "Search must be text of at most 100 characters",
  canPost: "Can post must be true or false",
  postsAlready: "Owners and admins always post opportunities: allow plain members only",
} as const;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** A web address: http(s), a host with a dot, at most 255 characters; blank is none. */
const website = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  z
    .string({ error: ORGANIZATION_TEXTS.website })
    .trim()
    .max(ORGANIZATION_LIMITS.website, ORGANIZATION_TEXTS.websiteTooLong)
    .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`))
    .refine((value) => webDomainOf(value) !== null, ORGANIZATION_TEXTS.website)
    .nullable()
    .optional(),
);

const fields = {
  name: z.preprocess(
    blankToUndefined,
    z
      .string({ error: ORGANIZATION_TEXTS.name })
      .trim()
      .min(2, ORGANIZATION_TEXTS.nameShort)
      .max(ORGANIZATION_LIMITS.name, ORGANIZATION_TEXTS.nameTooLong),
  ),
  kind: z.preprocess(blankToUndefined, z.enum(ORGANIZATION_KINDS.values, { error: ORGANIZATION_TEXTS.kind })),
  country: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() || undefined : value),
    z.string({ error: ORGANIZATION_TEXTS.country }).refine((value) => COUNTRY_CODES.includes(value), ORGANIZATION_TEXTS.country),
  ),
  website,
  description: z.preprocess(
    (value) => (value === null ? "" : value),
    z
      .string({ error: ORGANIZATION_TEXTS.descriptionTooLong })
      .trim()
      .max(ORGANIZATION_LIMITS.description, ORGANIZATION_TEXTS.descriptionTooLong)
      .optional(),
  ),
  logoUrl: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z.string({ error: ORGANIZATION_TEXTS.logoUrl }).max(500, ORGANIZATION_TEXTS.logoUrl).nullable().optional(),
  ),
};

/** POST /api/organizations and the create form. */
export const organizationCreateSchema = z.object(fields, { error: "Send the organization's fields, each under its name" });
export type OrganizationCreateInput = z.input<typeof organizationCreateSchema>;

/** PATCH /api/organizations/{id}: any of the fields; what is left out stays. */
export const organizationUpdateSchema = z.object(
  {
    name: fields.name.optional(),
    kind: fields.kind.optional(),
    country: fields.country.optional(),
    website: fields.website,
    description: fields.description,
    logoUrl: fields.logoUrl,
  },
  { error: "Send the changes, each under its field's name" },
);

const role = z.enum(ORGANIZATION_ROLES.values, { error: ORGANIZATION_TEXTS.role });

/** POST /api/organizations/{id}/invitations. */
export const invitationSchema = z.object({
  email: emailAddress(ORGANIZATION_TEXTS.email, 255),
  role: z.preprocess(blankToUndefined, role.default("member")),
});

/** PATCH /api/organizations/{id}/members/{userId}. */
export const memberRoleSchema = z.object({ role });

/**
 * PATCH /api/organizations/{id}/members/{userId} may also say whether the member is listed on the
 * public page (their own choice) and whether a plain member may post the organization's
 * opportunities (issue 32: "or a member allowed by them"; owners and admins decide).
 */
export const memberUpdateSchema = z
  .object({
    role: role.optional(),
    listed: z.boolean({ error: "Listed must be true or false" }).optional(),
    canPost: z.boolean({ error: ORGANIZATION_TEXTS.canPost }).optional(),
  })
  .refine((value) => value.role !== undefined || value.listed !== undefined || value.canPost !== undefined, {
    message: ORGANIZATION_TEXTS.role,
    path: ["role"],
  });

export const VERIFY_METHODS = ["domain", "admin"] as const;

/** POST /api/organizations/{id}/verify. */
export const verifySchema = z.object({
  method: z.enum(VERIFY_METHODS, { error: ORGANIZATION_TEXTS.verifyMethod }),
});

/** PUT /api/acting-organization: which organization the signed-in person acts for (null: themselves). */
export const actingSchema = z.object({
  organizationId: z.preprocess(
    (value) => (value === "" || value === "none" ? null : value),
    id(ORGANIZATION_TEXTS.acting).nullable(),
  ),
});

/** PUT /api/my-consultant-profile/hidden-from. */
export const hiddenFromSchema = z.object({
  organizationIds: z
    .array(id(ORGANIZATION_TEXTS.hiddenFromList), { error: ORGANIZATION_TEXTS.hiddenFromList })
    .max(ORGANIZATION_LIMITS.hiddenFrom, ORGANIZATION_TEXTS.hiddenFromTooMany)
    .transform((ids) => [...new Set(ids)]),
});

/** GET /api/organizations?search=: finding an organization by name (the consultant's "hide from" picker). */
export const organizationSearchSchema = z.object({
  search: z.string({ error: ORGANIZATION_TEXTS.search }).trim().max(100, ORGANIZATION_TEXTS.search).optional(),
});

export const REPORT_TEXTS = {
  reason: "Please say why you are reporting this sender.",
  reasonTooLong: tooLong("Reason", ORGANIZATION_LIMITS.reportReason),
  detailsTooLong: tooLong("Details", ORGANIZATION_LIMITS.reportDetails),
  tooLongTogether: `The reason and the details together must be at most ${ORGANIZATION_LIMITS.reportReason} characters`,
  detailsNeeded: "Please say in the details what is wrong with this conversation.",
  onlyReceived: "Only the consultant who received a conversation can report its sender",
  alreadyReported: "You have already reported this conversation; an administrator will look at it",
  reported: "Thank you. An administrator will look at this conversation.",
  notFound: "Report not found",
  action: "Action must be one of warn, block, unverify, dismiss",
  noOrganization: "This conversation was not sent for an organization, so there is none to unverify",
  noSender: "The sender's account no longer exists",
  resolved: "This report has already been dealt with",
} as const;

/**
 * The reasons the "Report this sender" form offers, in the words the admins' queue shows (the API
 * takes any reason as text). The last one asks for details.
 */
export const CONVERSATION_REPORT_REASONS = [
  "Spam or advertising",
  "A scam or a fake job offer (for example, it asks for a fee)",
  "Harassment or abusive language",
  "Pretends to be a person or an organization it is not",
  "Something else",
] as const;
const SOMETHING_ELSE: string = CONVERSATION_REPORT_REASONS[CONVERSATION_REPORT_REASONS.length - 1] as string;

/** POST /api/conversations/{id}/report `{ reason, details? }`: both are kept as one text (the queue's reason). */
export const reportSchema = z
  .object({
    reason: boundedText(REPORT_TEXTS.reason, 1, ORGANIZATION_LIMITS.reportReason, REPORT_TEXTS.reasonTooLong),
    details: z
      .string({ error: REPORT_TEXTS.detailsTooLong })
      .trim()
      .max(ORGANIZATION_LIMITS.reportDetails, REPORT_TEXTS.detailsTooLong)
      .optional(),
  })
  .superRefine(({ reason, details }, context) => {
    if (reason === SOMETHING_ELSE && !details) {
      context.addIssue({ code: "custom", path: ["details"], message: REPORT_TEXTS.detailsNeeded });
    } else if (details && reportText(reason, details).length > ORGANIZATION_LIMITS.reportReason) {
      context.addIssue({ code: "custom", path: ["details"], message: REPORT_TEXTS.tooLongTogether });
    }
  });

/** The report's text as the admins read it: the reason, then the details on their own lines. */
export function reportText(reason: string, details: string | undefined): string {
  return details ? `${reason}\n\n${details}` : reason;
}

export const REPORT_ACTIONS = choices({
  warn: "Warn the sender",
  block: "Block the sender's account",
  unverify: "Unverify the organization",
  dismiss: "Dismiss",
});
export type ReportAction = (typeof REPORT_ACTIONS.values)[number];

/** PUT /api/admin/reports/{id}: what the admin does about a report (`message` is the warning's text). */
export const reportActionSchema = z.object({
  action: z.enum(REPORT_ACTIONS.values, { error: REPORT_TEXTS.action }),
  message: z.string({ error: "Message must be text" }).trim().max(1000, tooLong("Message", 1000)).optional(),
});

/** The admin Organizations table's filter. */
export const ORGANIZATION_FILTERS = ["all", "verified", "unverified", "reported"] as const;
export type OrganizationFilter = (typeof ORGANIZATION_FILTERS)[number];

// ---------------------------------------------------------------------------------------------
// Domains

/**
 * The web domain of a website address: its host, lower case, without a leading "www."; null when
 * it is not an http(s) address with a dotted host name (an IP address names no organization).
 */
export function webDomainOf(url: string): string | null {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) || /^[\d.]+$/.test(host)) return null;
  return host.replace(/^www\./, "");
}

/** The domain of an e-mail address, lower case. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** An address at the organization's domain or one of its subdomains (ploy@th.example.org for example.org). */
export function isAtDomain(emailDomain: string, domain: string): boolean {
  return emailDomain === domain || emailDomain.endsWith(`.${domain}`);
}

// ---------------------------------------------------------------------------------------------
// What the pages and the API show

/** The badge every sender, reviewer and shared list carries: which organization, and whether it is verified. */
/** `logoUrl` where the organization is shown with its logo (messages, reviews, shared lists; issue 31). */
export type OrganizationBadge = { id: number; name: string; verified: boolean; logoUrl?: string | null };

/**
 * "Already contacted by a colleague": the conversation the organization a member acts for already
 * has with a consultant, who of the team wrote last, and when (ISO).
 */
export type TeamContact = {
  conversationId: number;
  subject: string;
  organizationName: string;
  writtenBy: string;
  /** The person asking wrote it: "You wrote last". */
  writtenByYou: boolean;
  writtenAt: string;
};

/** An organization as its members see it. */
export type OrganizationView = {
  id: number;
  slug: string;
  name: string;
  kind: OrganizationKind;
  country: string;
  website: string | null;
  domain: string | null;
  description: string;
  logoUrl: string | null;
  verified: boolean;
  verifiedAt: string | null;
  verificationMethod: "domain" | "admin" | null;
  memberCount: number;
  createdAt: string;
  /** The caller's role in it; null for someone who is not a member (the public view of a verified organization). */
  role: OrganizationRole | null;
  /** Whether the caller acts for it now (the header's switcher). */
  acting: boolean;
};

/** A verified organization's public page: members who chose to be listed, and the reviews it has written. */
export type PublicOrganization = Omit<OrganizationView, "role" | "acting" | "memberCount" | "verificationMethod"> & {
  members: { name: string; role: OrganizationRole }[];
};

export type OrganizationMember = {
  userId: number;
  name: string;
  email: string;
  role: OrganizationRole;
  listed: boolean;
  /** Posts and manages the organization's opportunities: owners and admins, and the members they allowed. */
  canPost: boolean;
  joinedAt: string;
};

export type OrganizationInvitation = {
  id: number;
  email: string;
  role: OrganizationRole;
  invitedBy: string | null;
  expiresAt: string;
  createdAt: string;
};

/** What the invitation link's page shows before the invitee answers. */
export type InvitationPreview = {
  organization: OrganizationBadge & { slug: string; kind: OrganizationKind; country: string };
  email: string;
  role: OrganizationRole;
  invitedBy: string | null;
  expiresAt: string;
};

/** The organizations the signed-in person belongs to, with the one they act for (the header's switcher). */
export type Membership = OrganizationBadge & { slug: string; role: OrganizationRole; acting: boolean };

/** A conversation reported to the admins. */
export type ConversationReport = {
  id: number;
  conversationId: number | null;
  subject: string;
  senderName: string;
  senderUserId: number | null;
  senderBlocked: boolean;
  organization: OrganizationBadge | null;
  reporterName: string | null;
  reason: string;
  status: "open" | "warned" | "blocked" | "unverified" | "dismissed";
  createdAt: string;
  resolvedAt: string | null;
};

/** A row of the admin Organizations table. */
export type AdminOrganization = Pick<
  OrganizationView,
  "id" | "slug" | "name" | "kind" | "country" | "website" | "verified" | "verificationMethod" | "memberCount" | "createdAt"
> & { openReports: number };
