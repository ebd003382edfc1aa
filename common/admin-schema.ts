import { z } from "zod";
import { PAGE_MESSAGE } from "#common/constants.ts";
import {
  ADMIN_EXPERIENCE_BANDS,
  BIO_MIN_LENGTH,
  CONSULTANT_STATUSES,
  COUNTRIES,
  type ConsultantStatus,
  MAX_PAGE_SIZE,
  PROFILE_SPECIALIZATIONS,
} from "./constants.ts";
import { PROFILE_LIMITS } from "./consultant-schema.ts";
import {
  bioField,
  blankToUndefined,
  booleanField,
  emailField,
  oneOf,
  optionalText,
  phoneField,
  requiredText,
  tooLong,
  yearsField,
} from "./zod-fields.ts";

// The admin's forms and queries: the Edit Consultant dialog (spec section 5, admin rules, messages
// word for word), the reasons of the approval queue, and the paging of the admin tables. One
// schema for the dialog in the browser, the /admin action and PUT /api/admin/consultants/{id}.

export const ADMIN_CONSULTANT_MESSAGES = {
  name: "Name is required",
  title: "Title is required",
  email: "Valid email is required",
  location: "Location is required",
  country: "Country is required",
  yearsExperience: "Years of experience is required",
  primarySpecialization: "Primary specialization is required",
  bio: "Bio must be at least 10 characters",
} as const;

export const ADMIN_MESSAGES = {
  lastAdmin: "At least one admin must remain",
  consultantNotFound: "Consultant not found",
  userNotFound: "User not found",
  emailTaken: "A consultant profile with this email already exists",
  reasonRequired: "A reason is required",
  onlyApprovedCanBeHidden: "Only an approved profile can be hidden",
  adminRequired: "This needs an administrator account",
  signInRequired: "You need to be signed in to do that",
  // Issue 14: blocking, and changes after approval.
  cannotBlockSelf: "You cannot block your own account",
  cannotBlockAdmin: "Demote this admin before blocking the account",
  ownerBlocked: "The owner's account is blocked: unblock it first",
  noPendingChange: "No change is waiting for review on this profile",
} as const;

/** The admin toasts of spec section 8, word for word. */
export const ADMIN_TOASTS = {
  success: "Success",
  error: "Error",
  consultantDeleted: "Consultant deleted successfully",
  consultantUpdated: "Consultant updated successfully",
  userPromoted: "User promoted to admin successfully",
  userDemoted: "User demoted from admin successfully",
  deleteFailed: "Failed to delete consultant",
  updateFailed: "Failed to update consultant",
  promoteFailed: "Failed to promote user",
  demoteFailed: "Failed to demote user",
  // The approval queue is ours (product.md); its toasts follow the spec's pattern.
  consultantApproved: "Profile approved and listed",
  consultantRejected: "Profile rejected; the owner has been told why",
  consultantHidden: "Profile hidden from the directory",
  approveFailed: "Failed to approve profile",
  rejectFailed: "Failed to reject profile",
  hideFailed: "Failed to hide profile",
  changeApproved: "Change approved and published",
  changeRejected: "Change rejected; the owner has been told why",
  approveChangeFailed: "Failed to approve change",
  rejectChangeFailed: "Failed to reject change",
  userBlocked: "User blocked",
  userUnblocked: "User unblocked",
  blockFailed: "Failed to block user",
  unblockFailed: "Failed to unblock user",
  // Issue 38: an admin ends every session of a user (a lost phone, a stolen session).
  sessionsEnded: "Sessions ended",
  endSessionsFailed: "Failed to end sessions",
} as const;

/** The dialog edits the same columns as the owner's form, within the same limits. */
const { name, title, email, phone, location, city, bio, yearsExperienceMax } = PROFILE_LIMITS;
export const ADMIN_LIMITS = {
  ...{ name, title, email, phone, location, city, bio, yearsExperienceMax },
  reason: 1000,
  search: 200,
} as const;

/**
 * The whole years a years-of-experience value stands for. The dialog offers the bands of spec
 * section 9 ("0-2 years" … "16+ years"); a band stores its lower bound (product.md), and a number
 * or numeric text is taken as it is. Anything else is NaN.
 */
export function yearsFromInput(value: string): number {
  const text = value.trim();
  if (/^\d{1,3}$/.test(text)) return Number(text);
  const band = ADMIN_EXPERIENCE_BANDS.find(
    (candidate) => candidate.label === text || candidate.label.replace(/ years$/, "") === text,
  );
  return band ? band.years : Number.NaN;
}

/** The band a stored number of years falls in (for prefilling the dialog). */
export function bandOfYears(years: number) {
  return ADMIN_EXPERIENCE_BANDS.find((band) => years >= band.years && (band.max === null || years <= band.max));
}

const yearsExperience = yearsField(ADMIN_CONSULTANT_MESSAGES.yearsExperience, ADMIN_LIMITS.yearsExperienceMax, yearsFromInput);

/**
 * The dialog offers the admin list of spec section 9 (ADMIN_SPECIALIZATIONS); the server accepts
 * every specialization a profile may have (the profile form's list, which contains the admin
 * list), so editing another field of a "Project Management" profile never forces a change on it.
 */
export const ADMIN_ACCEPTED_SPECIALIZATIONS: readonly string[] = PROFILE_SPECIALIZATIONS;

export const adminConsultantSchema = z.object(
  {
    name: requiredText(ADMIN_CONSULTANT_MESSAGES.name, "Name", ADMIN_LIMITS.name),
    title: requiredText(ADMIN_CONSULTANT_MESSAGES.title, "Title", ADMIN_LIMITS.title),
    email: emailField(ADMIN_CONSULTANT_MESSAGES.email, ADMIN_LIMITS.email),
    phone: phoneField(ADMIN_LIMITS.phone),
    location: requiredText(ADMIN_CONSULTANT_MESSAGES.location, "Location", ADMIN_LIMITS.location),
    city: optionalText("City", ADMIN_LIMITS.city),
    country: oneOf(COUNTRIES, ADMIN_CONSULTANT_MESSAGES.country, `Country must be one of ${COUNTRIES.join(", ")}`),
    yearsExperience,
    primarySpecialization: oneOf(
      ADMIN_ACCEPTED_SPECIALIZATIONS,
      ADMIN_CONSULTANT_MESSAGES.primarySpecialization,
      `Primary specialization must be one of ${ADMIN_ACCEPTED_SPECIALIZATIONS.join(", ")}`,
    ),
    bio: bioField(ADMIN_CONSULTANT_MESSAGES.bio, BIO_MIN_LENGTH, ADMIN_LIMITS.bio),
    availableForWork: booleanField("Available for work"),
    showEmail: booleanField("Show email publicly"),
    showPhone: booleanField("Show phone publicly"),
  },
  { error: "Send the consultant's fields, each under its name" },
);

export type AdminConsultantInput = z.infer<typeof adminConsultantSchema>;

/** The spec's defaults for the dialog's switches (section 5, admin rules). */
export const ADMIN_CONSULTANT_DEFAULTS = { availableForWork: true, showEmail: false, showPhone: false } as const;

/** Rejecting a profile needs a reason: the owner reads it. */
export const rejectSchema = z.object(
  {
    reason: requiredText(ADMIN_MESSAGES.reasonRequired, "Reason", ADMIN_LIMITS.reason),
  },
  { error: ADMIN_MESSAGES.reasonRequired },
);

/** Hiding a profile may say why. */
export const hideSchema = z
  .object({
    reason: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string({ error: "Reason must be text" })
        .trim()
        .max(ADMIN_LIMITS.reason, tooLong("Reason", ADMIN_LIMITS.reason))
        .optional(),
    ),
  })
  .default({ reason: undefined });

const limitMessage = `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** How many rows the admin tables show a page. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * The most rows the unpaged form returns (the spec's client loads a whole table at once). When
 * there are more, the response carries `X-Total-Count` and a `Link: rel="next"` to the paged form.
 */
export const ADMIN_UNPAGED_LIMIT = 1000;

const listShape = {
  search: z
    .string({ error: "Search must be text" })
    .trim()
    .max(ADMIN_LIMITS.search, tooLong("Search", ADMIN_LIMITS.search))
    .optional()
    .transform((value) => (value ? value : undefined)),
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(MAX_PAGE_SIZE, limitMessage)
    .optional(),
};

function toListQuery({ search, page, limit }: { search?: string; page?: number; limit?: number }) {
  const paged = page !== undefined || limit !== undefined;
  return { search, page: page ?? 1, limit: limit ?? (paged ? ADMIN_PAGE_SIZE : ADMIN_UNPAGED_LIMIT), paged };
}

/**
 * The admin lists' query: `?search=&page=&limit=`. `paged` is false when neither page nor limit
 * was given: the spec's client then expects a plain array (see ADMIN_UNPAGED_LIMIT).
 */
export const adminListQuerySchema = z.object(listShape).transform(toListQuery);

export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** The approval states of a profile; only approved profiles are public. */
export const APPROVAL_STATUSES = CONSULTANT_STATUSES;
export type ApprovalStatus = ConsultantStatus;

/** The consultants list adds a status filter: `?status=pending` is the approval queue. */
export const adminConsultantListQuerySchema = z
  .object({
    ...listShape,
    status: z.preprocess(
      blankToUndefined,
      z.enum(APPROVAL_STATUSES, { error: `Status must be one of ${APPROVAL_STATUSES.join(", ")}` }).optional(),
    ),
  })
  .transform(({ status, ...list }) => ({ ...toListQuery(list), status }));

export type AdminConsultantListQuery = z.infer<typeof adminConsultantListQuerySchema>;
