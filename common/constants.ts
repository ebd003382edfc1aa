import { choices } from "./choices.ts";

// Business constants from spec section 9, shared by the server and the browser.

export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/** Every list's refusal of a ?page= that is not a page number. */
export const PAGE_MESSAGE = "Page must be a whole number of at least 1";

export const COUNTRIES = [
  "Indonesia",
  "Thailand",
  "Vietnam",
  "Philippines",
  "Malaysia",
  "Singapore",
  "Myanmar",
  "Cambodia",
  "Laos",
  "Brunei",
] as const;
export type Country = (typeof COUNTRIES)[number];

/**
 * The ten areas of the search, the home tiles and the profile form: spec section 9's nine plus
 * Gender & Social Inclusion, searchable like the others (product.md).
 */
export const SEARCH_SPECIALIZATIONS = [
  "Project Management",
  "Healthcare",
  "Education",
  "Agriculture",
  "Infrastructure",
  "Environmental",
  "Governance",
  "Finance",
  "Technology",
  "Gender & Social Inclusion",
] as const;

/** The profile form's list: the same ten. */
export const PROFILE_SPECIALIZATIONS = SEARCH_SPECIALIZATIONS;

/** The admin edit dialog's list (spec section 9). */
export const ADMIN_SPECIALIZATIONS = [
  "Healthcare",
  "Education",
  "Infrastructure",
  "Agriculture",
  "Environmental",
  "Governance",
  "Finance",
  "Technology",
] as const;

export const LANGUAGES = [
  "English",
  "Thai",
  "Vietnamese",
  "Indonesian",
  "Malay",
  "Mandarin",
  "Filipino",
  "Myanmar",
  "Khmer",
  "Lao",
] as const;

/** Experience filter levels, mapped onto whole years (product.md). */
export const EXPERIENCE_LEVELS = [
  { value: "1-3", label: "1-3 years", min: 1, max: 3 },
  { value: "4-7", label: "4-7 years", min: 4, max: 7 },
  { value: "8-15", label: "8-15 years", min: 8, max: 15 },
  { value: "15+", label: "15+ years", min: 15, max: null },
] as const;

/** Admin edit years-of-experience options; each band stores its lower bound in whole years. */
export const ADMIN_EXPERIENCE_BANDS = [
  { label: "0-2 years", years: 0, max: 2 },
  { label: "3-5 years", years: 3, max: 5 },
  { label: "6-10 years", years: 6, max: 10 },
  { label: "11-15 years", years: 11, max: 15 },
  { label: "16+ years", years: 16, max: null },
] as const;

export const AVAILABILITY_VALUES = ["available", "unavailable"] as const;

export const SORT_OPTIONS = choices({
  relevance: "Relevance",
  experience: "Experience",
  location: "Location",
  recent: "Recently joined",
}).options;

export const RATING_MAX = 100;
export const BIO_MIN_LENGTH = 10;
export const PHOTO_MAX_BYTES = 1.5 * 1024 * 1024;
/** The spec's words for a photo (or a logo) too large: the upload's 413, whichever step refuses it. */
export const PHOTO_TOO_LARGE = "File too large";

/**
 * The approval states of a consultant profile; only approved profiles are public. The database
 * schema (server/db/schema.ts) and the views the UI renders (common/views.ts) both take them from here.
 */
export const CONSULTANT_STATUSES = ["pending", "approved", "rejected", "hidden"] as const;
export type ConsultantStatus = (typeof CONSULTANT_STATUSES)[number];

/** What the audit log records (server/services/admin/audit.ts). */
export const AUDIT_ACTIONS = [
  "edit",
  "delete",
  "approve",
  "reject",
  "hide",
  "unhide",
  "promote",
  "demote",
  // Issue 14: an owner's change published at once or sent for review, the decisions on it, blocking.
  "change",
  "submit_change",
  "approve_change",
  "reject_change",
  "block",
  "unblock",
  // Issue 34: each step of a confirmed reference (the referee's steps have no account behind them).
  "reference_ask",
  "reference_confirm",
  "reference_decline",
  "reference_withdraw",
  "reference_remove",
  // Issue 31: organizations (their members' actions and the admins'), and reports of conversations.
  "create",
  "verify",
  "unverify",
  "invite",
  "withdraw_invite",
  "join",
  "decline",
  "change_role",
  "remove_member",
  "leave",
  "report",
  "warn",
  "dismiss",
  // Issue 32: opportunities (members publish, send for approval and close; admins approve, reject, unpublish).
  "publish",
  "submit",
  "unpublish",
  "close",
  // Issue 33: an admin's synonym added to a concept of the field glossary.
  "add_synonym",
  // Issue 38: an admin ended every session of a user.
  "end_sessions",
  // A second factor added, removed, new recovery codes; the admin CLI's reset of a user's factors.
  "factor_add",
  "factor_remove",
  "recovery_codes",
  "factor_reset",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = [
  "consultant",
  "user",
  "review",
  "reference",
  "organization",
  "report",
  "opportunity",
  // Issue 33: a form added to a concept of the field glossary (the target id is the addition's).
  "concept",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
/** What changed, field by field: `{ status: { from: "pending", to: "approved" } }`. */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;
