import { z } from "zod";
import { PAGE_MESSAGE } from "#common/constants.ts";
import { choices } from "./choices.ts";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "./constants.ts";
import { MAX_ID } from "./ids.ts";
import type { MatchOpportunity, MatchScore } from "./opportunity-match.ts";
import { urlSlug } from "./slugs.ts";
import { canonicalDonor, canonicalLanguage, DONORS, type LANGUAGE_NAMES, RATE_CURRENCIES } from "./track-record-lists.ts";
import { blankToUndefined, givenText, tooLong } from "./zod-fields.ts";

// Opportunities (issue 32, docs/decisions/016-opportunities.md): an organization posts Terms of
// Reference, consultants express interest. The states, the limits, the messages and the one schema
// per form that the JSON API, the page actions and the browser forms share.

export const OPPORTUNITY_STATUSES = choices({
  draft: "Draft",
  pending: "Waiting for approval",
  published: "Published",
  closed: "Closed",
  filled: "Filled",
});
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES.values)[number];

/** Published or waiting for approval: what counts against an organization's posting limit. */
export const OPEN_STATUSES: readonly OpportunityStatus[] = ["pending", "published"];

export const DURATION_UNITS = choices({ days: "days", months: "months" });
export type DurationUnit = (typeof DURATION_UNITS.values)[number];

export const BUDGET_KINDS = choices({ total: "Total budget", daily: "Daily rate" });
export type BudgetKind = (typeof BUDGET_KINDS.values)[number];

/** Where the work happens: one of the ten countries, or remote (its own flag). */
export const OPPORTUNITY_COUNTRIES = COUNTRIES;

export const OPPORTUNITY_LIMITS = {
  title: 160,
  titleMin: 5,
  description: 20_000,
  descriptionMin: 50,
  levelOfEffort: 120,
  countries: 10,
  specializations: 10,
  donors: 10,
  languages: 10,
  minYears: 50,
  durationDays: 3650,
  durationMonths: 120,
  budgetMax: 100_000_000,
  /** Open (published or pending) opportunities per organization. */
  openVerified: 50,
  openUnverified: 3,
  /** The attached ToR PDF. */
  documentBytes: 5 * 1024 * 1024,
  documentName: 200,
  moderationReason: 1000,
  /** "Deadline soon": within this many days. */
  deadlineSoonDays: 7,
  keywords: 200,
} as const;

export const OPPORTUNITY_TEXTS = {
  signIn: "You need to be signed in to post or manage opportunities.",
  notFound: "Opportunity not found",
  organizationId: "Choose one of your organizations to post for",
  needsPoster: "Only the organization's owners and admins, and the members they allow, can post and manage its opportunities",
  title: `Title must be between ${OPPORTUNITY_LIMITS.titleMin} and ${OPPORTUNITY_LIMITS.title} characters`,
  description: `Terms of Reference (description) must be at least ${OPPORTUNITY_LIMITS.descriptionMin} characters`,
  descriptionTooLong: tooLong("Terms of Reference (description)", OPPORTUNITY_LIMITS.description),
  specializations: "Choose at least one specialization from the list",
  tooManySpecializations: `Choose at most ${OPPORTUNITY_LIMITS.specializations} specializations`,
  countries: "Choose each country from the list of countries",
  tooManyCountries: `Choose at most ${OPPORTUNITY_LIMITS.countries} countries`,
  whereNeeded: "Give at least one country where the work happens, or mark it remote",
  remote: "Say whether the work can be done remotely (yes or no)",
  donors: "Choose each donor from the list of donors",
  tooManyDonors: `Choose at most ${OPPORTUNITY_LIMITS.donors} donors`,
  languages: "Write each language by its name, such as English or Khmer",
  tooManyLanguages: `Choose at most ${OPPORTUNITY_LIMITS.languages} languages`,
  minYears: `Minimum years of experience must be a whole number from 0 to ${OPPORTUNITY_LIMITS.minYears}`,
  startDate: "Give the start date as a date, such as 2027-03-01",
  duration: "Give the duration as a whole number of days or months, more than 0",
  durationTooLong: `The duration can be at most ${OPPORTUNITY_LIMITS.durationDays} days (${OPPORTUNITY_LIMITS.durationMonths} months)`,
  levelOfEffortTooLong: tooLong("Level of effort", OPPORTUNITY_LIMITS.levelOfEffort),
  deadline: "Give the application deadline as a date, such as 2027-01-31",
  deadlinePast: "The application deadline must be in the future",
  deadlineAfterStart: "The application deadline must be on or before the start date",
  timeZone: "Choose a time zone, such as Asia/Bangkok",
  budget: `Give the budget as whole amounts from 0 to ${OPPORTUNITY_LIMITS.budgetMax}, with its currency`,
  budgetCurrency: "Choose the budget's currency from the list",
  budgetKind: "Say whether the budget is a total or a daily rate",
  budgetAmount: "Give a minimum or a maximum budget amount",
  budgetOrder: "The budget's minimum must not be more than its maximum",
  contactUserId: "Choose a member of the organization as the contact",
  objectBody: "Send the opportunity's fields, each under its name",
  noChanges: "Send at least one field to change",
  notDraft: "Only a draft can be deleted. Close the opportunity instead.",
  cannotPublish: "Only a draft can be published",
  cannotClose: "Only a published opportunity (or one waiting for approval) can be closed",
  closeAs: 'Close as must be "closed" or "filled"',
  notEditable: "A closed or filled opportunity can no longer be changed",
  tooManyOpenVerified: `A verified organization can have at most ${OPPORTUNITY_LIMITS.openVerified} open opportunities. Close one first.`,
  tooManyOpenUnverified: `An unverified organization can have at most ${OPPORTUNITY_LIMITS.openUnverified} open opportunities. Close one first, or verify the organization.`,
  published: "Opportunity published",
  submitted: "Sent for approval: an administrator checks opportunities of unverified organizations before they are public.",
  closed: "Opportunity closed",
  deleted: "Draft deleted",
  notPending: "Only an opportunity waiting for approval can be approved or rejected",
  notPublished: "Only a published opportunity can be unpublished",
  reasonRequired: "Reason is required",
  reasonTooLong: tooLong("Reason", OPPORTUNITY_LIMITS.moderationReason),
  document: "The attachment must be a PDF file",
  documentTooLarge: "The PDF must be at most 5 MB",
  documentEmpty: "Send the PDF as the request body (Content-Type: application/pdf)",
  documentNotFound: "This opportunity has no attached PDF",
  keywords: `Keywords must be at most ${OPPORTUNITY_LIMITS.keywords} characters`,
  page: PAGE_MESSAGE,
  sort: 'Sort must be "newest" or "deadline"',
  specialization: `Specialization must be one of ${PROFILE_SPECIALIZATIONS.join(", ")}`,
  country: `Country must be one of ${COUNTRIES.join(", ")}`,
  donor: `Donor must be one of ${DONORS.join(", ")}`,
  language: "Language must be a language name, such as English or Khmer",
  flag: "must be true or false",
} as const;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date "YYYY-MM-DD" that exists (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dateField = (message: string) =>
  z.preprocess(blankToUndefined, z.string({ error: message }).trim().refine(isCalendarDate, message));

/** A list from JSON (an array) or from a form (repeated keys, or one comma-separated value). */
function listOf<T extends string>(canonical: (value: string) => T | undefined, message: string, max: number, tooMany: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return value;
      const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : value;
      if (!Array.isArray(items)) return items;
      return items.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "");
    },
    z
      .array(z.string({ error: message }), { error: message })
      .transform((items, context) => {
        const out: T[] = [];
        for (const item of items) {
          const known = canonical(item);
          if (!known) {
            context.addIssue({ code: "custom", message: `${message} (unknown: "${item.slice(0, 60)}")` });
            return z.NEVER;
          }
          if (!out.includes(known)) out.push(known);
        }
        return out;
      })
      .refine((items) => items.length <= max, tooMany),
  );
}

const findIn =
  <T extends string>(list: readonly T[]) =>
  (value: string): T | undefined =>
    list.find((item) => item.toLowerCase() === value.toLowerCase());

const flag = (label: string) =>
  z.preprocess(
    (value) => {
      const last = Array.isArray(value) ? value[value.length - 1] : value;
      if (typeof last !== "string") return last;
      const normalized = last.trim().toLowerCase();
      if (["true", "on", "1", "yes"].includes(normalized)) return true;
      if (["false", "off", "0", "no", ""].includes(normalized)) return false;
      return last;
    },
    z.boolean({ error: `${label} ${OPPORTUNITY_TEXTS.flag}` }),
  );

/** A whole number from JSON or a form's text, from `min` to `max`; `message` for any fault. */
const whole = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** Text that may be left out (blank is left out), trimmed, at most `max` characters; `message` for any fault. */
const optionalUpTo = (message: string, max: number) =>
  z.preprocess(blankToUndefined, z.string({ error: message }).trim().max(max, message).optional());

const wholeNumber = (message: string, min: number, max: number) => z.preprocess(blankToUndefined, whole(message, min, max));

/** Is `name` an IANA time zone this runtime knows? */
export function isTimeZone(name: string): boolean {
  if (name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const durationSchema = z
  .object(
    {
      value: z.coerce
        .number({ error: OPPORTUNITY_TEXTS.duration })
        .int(OPPORTUNITY_TEXTS.duration)
        .positive(OPPORTUNITY_TEXTS.duration),
      unit: z.enum(DURATION_UNITS.values, { error: OPPORTUNITY_TEXTS.duration }),
    },
    { error: OPPORTUNITY_TEXTS.duration },
  )
  .refine(
    (duration) =>
      duration.value <= (duration.unit === "days" ? OPPORTUNITY_LIMITS.durationDays : OPPORTUNITY_LIMITS.durationMonths),
    OPPORTUNITY_TEXTS.durationTooLong,
  );

const amount = z.preprocess(
  blankToUndefined,
  whole(OPPORTUNITY_TEXTS.budget, 0, OPPORTUNITY_LIMITS.budgetMax).nullable().optional(),
);

const budgetSchema = z
  .object(
    {
      min: amount,
      max: amount,
      currency: z.enum(RATE_CURRENCIES, { error: OPPORTUNITY_TEXTS.budgetCurrency }),
      kind: z.enum(BUDGET_KINDS.values, { error: OPPORTUNITY_TEXTS.budgetKind }),
      hidden: flag("Budget hidden").default(false),
    },
    { error: OPPORTUNITY_TEXTS.budget },
  )
  .refine((budget) => budget.min != null || budget.max != null, OPPORTUNITY_TEXTS.budgetAmount)
  .refine((budget) => budget.min == null || budget.max == null || budget.min <= budget.max, OPPORTUNITY_TEXTS.budgetOrder);

export type Budget = { min: number | null; max: number | null; currency: string; kind: BudgetKind; hidden: boolean };

const fields = {
  title: givenText(OPPORTUNITY_TEXTS.title, OPPORTUNITY_LIMITS.titleMin, OPPORTUNITY_LIMITS.title, OPPORTUNITY_TEXTS.title),
  description: givenText(
    OPPORTUNITY_TEXTS.description,
    OPPORTUNITY_LIMITS.descriptionMin,
    OPPORTUNITY_LIMITS.description,
    OPPORTUNITY_TEXTS.descriptionTooLong,
  ),
  specializations: listOf(
    findIn(PROFILE_SPECIALIZATIONS),
    OPPORTUNITY_TEXTS.specializations,
    OPPORTUNITY_LIMITS.specializations,
    OPPORTUNITY_TEXTS.tooManySpecializations,
  ).refine((items) => items.length > 0, OPPORTUNITY_TEXTS.specializations),
  countries: listOf(
    findIn(COUNTRIES),
    OPPORTUNITY_TEXTS.countries,
    OPPORTUNITY_LIMITS.countries,
    OPPORTUNITY_TEXTS.tooManyCountries,
  ).default([]),
  remote: flag("Remote").default(false),
  donors: listOf(canonicalDonor, OPPORTUNITY_TEXTS.donors, OPPORTUNITY_LIMITS.donors, OPPORTUNITY_TEXTS.tooManyDonors).default(
    [],
  ),
  languages: listOf(
    (value) => canonicalLanguage(value) as (typeof LANGUAGE_NAMES)[number] | undefined,
    OPPORTUNITY_TEXTS.languages,
    OPPORTUNITY_LIMITS.languages,
    OPPORTUNITY_TEXTS.tooManyLanguages,
  ).default([]),
  minYearsExperience: wholeNumber(OPPORTUNITY_TEXTS.minYears, 0, OPPORTUNITY_LIMITS.minYears).default(0),
  startDate: dateField(OPPORTUNITY_TEXTS.startDate).nullable().optional(),
  duration: durationSchema,
  levelOfEffort: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z
      .string({ error: OPPORTUNITY_TEXTS.levelOfEffortTooLong })
      .trim()
      .max(OPPORTUNITY_LIMITS.levelOfEffort, OPPORTUNITY_TEXTS.levelOfEffortTooLong)
      .nullable()
      .optional(),
  ),
  deadline: dateField(OPPORTUNITY_TEXTS.deadline),
  timeZone: z.preprocess(
    blankToUndefined,
    z.string({ error: OPPORTUNITY_TEXTS.timeZone }).trim().refine(isTimeZone, OPPORTUNITY_TEXTS.timeZone).optional(),
  ),
  budget: z.preprocess((value) => (value === "" ? null : value), budgetSchema.nullable().optional()),
  contactUserId: z.preprocess(blankToUndefined, id(OPPORTUNITY_TEXTS.contactUserId).nullable().optional()),
};

function whereNeeded(value: { countries?: string[]; remote?: boolean }) {
  return value.countries === undefined || value.remote === undefined || value.countries.length > 0 || value.remote;
}

function startAfterDeadline(value: { startDate?: string | null; deadline?: string }) {
  return !value.startDate || !value.deadline || value.deadline <= value.startDate;
}

/** POST /api/opportunities and the posting form: a draft. */
export const opportunityCreateSchema = z
  .object({ organizationId: id(OPPORTUNITY_TEXTS.organizationId), ...fields }, { error: OPPORTUNITY_TEXTS.objectBody })
  .refine(whereNeeded, { message: OPPORTUNITY_TEXTS.whereNeeded, path: ["countries"] })
  .refine(startAfterDeadline, { message: OPPORTUNITY_TEXTS.deadlineAfterStart, path: ["deadline"] });
export type OpportunityCreateInput = z.input<typeof opportunityCreateSchema>;
export type OpportunityFields = z.output<typeof opportunityCreateSchema>;

/** PATCH /api/opportunities/{id}: any of the fields; what is left out stays. */
export const opportunityUpdateSchema = z
  .object(
    {
      title: fields.title.optional(),
      description: fields.description.optional(),
      specializations: fields.specializations.optional(),
      countries: listOf(
        findIn(COUNTRIES),
        OPPORTUNITY_TEXTS.countries,
        OPPORTUNITY_LIMITS.countries,
        OPPORTUNITY_TEXTS.tooManyCountries,
      ).optional(),
      remote: flag("Remote").optional(),
      donors: listOf(
        canonicalDonor,
        OPPORTUNITY_TEXTS.donors,
        OPPORTUNITY_LIMITS.donors,
        OPPORTUNITY_TEXTS.tooManyDonors,
      ).optional(),
      languages: listOf(
        (value) => canonicalLanguage(value) as (typeof LANGUAGE_NAMES)[number] | undefined,
        OPPORTUNITY_TEXTS.languages,
        OPPORTUNITY_LIMITS.languages,
        OPPORTUNITY_TEXTS.tooManyLanguages,
      ).optional(),
      minYearsExperience: wholeNumber(OPPORTUNITY_TEXTS.minYears, 0, OPPORTUNITY_LIMITS.minYears).optional(),
      startDate: fields.startDate,
      duration: durationSchema.optional(),
      levelOfEffort: fields.levelOfEffort,
      deadline: fields.deadline.optional(),
      timeZone: fields.timeZone,
      budget: fields.budget,
      contactUserId: fields.contactUserId,
    },
    { error: OPPORTUNITY_TEXTS.objectBody },
  )
  .refine((value) => Object.values(value).some((field) => field !== undefined), OPPORTUNITY_TEXTS.noChanges);
export type OpportunityUpdate = z.output<typeof opportunityUpdateSchema>;

/** POST /api/opportunities/{id}/close: closed by hand, or filled. */
export const closeSchema = z.object({
  as: z.preprocess(blankToUndefined, z.enum(["closed", "filled"], { error: OPPORTUNITY_TEXTS.closeAs }).default("closed")),
});

/** An admin's reason for a rejection or an unpublishing (e-mailed to the organization). */
export const moderationSchema = z.object({
  reason: givenText(OPPORTUNITY_TEXTS.reasonRequired, 1, OPPORTUNITY_LIMITS.moderationReason, OPPORTUNITY_TEXTS.reasonTooLong),
});

export const OPPORTUNITY_SORTS = choices({ newest: "Newest first", deadline: "Deadline first" });
export type OpportunitySort = (typeof OPPORTUNITY_SORTS.values)[number];

const oneFilter = <T extends string>(find: (value: string) => T | undefined, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && (value.trim() === "" || value.toLowerCase() === "all") ? undefined : value),
    z
      .string({ error: message })
      .transform((value, context) => {
        const known = find(value.trim());
        if (!known) {
          context.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return known;
      })
      .optional(),
  );

/** GET /api/opportunities and /opportunities: the search's parameters. */
export const opportunitySearchSchema = z.object({
  keywords: optionalUpTo(OPPORTUNITY_TEXTS.keywords, OPPORTUNITY_LIMITS.keywords),
  specialization: oneFilter(findIn(PROFILE_SPECIALIZATIONS), OPPORTUNITY_TEXTS.specialization),
  country: oneFilter(findIn(COUNTRIES), OPPORTUNITY_TEXTS.country),
  donor: oneFilter(canonicalDonor, OPPORTUNITY_TEXTS.donor),
  language: oneFilter((value) => canonicalLanguage(value), OPPORTUNITY_TEXTS.language),
  remote: z.preprocess(blankToUndefined, flag("Remote").optional()),
  deadlineSoon: z.preprocess(blankToUndefined, flag("Deadline soon").optional()),
  sort: z.preprocess(blankToUndefined, z.enum(OPPORTUNITY_SORTS.values, { error: OPPORTUNITY_TEXTS.sort }).default("newest")),
  page: z.preprocess(blankToUndefined, whole(OPPORTUNITY_TEXTS.page, 1, 100_000).default(1)),
});
export type OpportunitySearch = z.output<typeof opportunitySearchSchema>;

// ---------------------------------------------------------------------------------------------
// Time zones: the deadline is a date in the organization's time zone; it passes at the end of that day.

/**
 * The time zone an organization's deadlines default to: its country's, when the country has one
 * (Indonesia: Jakarta's); otherwise UTC, and the poster names theirs.
 */
export function defaultTimeZone(countryCode: string): string {
  const chosen = CAPITAL_ZONES[countryCode];
  if (chosen) return chosen;
  try {
    const locale = new Intl.Locale(`und-${countryCode}`) as Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };
    const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
    return zones.length === 1 && zones[0] ? currentZoneName(zones[0]) : "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * Countries of the region with more than one zone, by their capital's (Malaysia's two are one
 * offset; a Malaysian organization's deadline was "end of day (UTC)", 08:00 the next day in Kuala Lumpur).
 */
const CAPITAL_ZONES: Record<string, string> = { ID: "Asia/Jakarta", MY: "Asia/Kuala_Lumpur" };

/**
 * ICU names some zones by their old IANA names ("Asia/Saigon", "Asia/Rangoon"): the current ones,
 * which people read (and a deadline shows), from these names or from those stored before.
 */
const RENAMED_ZONES: Record<string, string> = { "Asia/Saigon": "Asia/Ho_Chi_Minh", "Asia/Rangoon": "Asia/Yangon" };

export function currentZoneName(timeZone: string): string {
  return RENAMED_ZONES[timeZone] ?? timeZone;
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function zoneOffset(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant a deadline date passes: the start of the next day in `timeZone`. */
export function deadlineInstant(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const nextMidnight = Date.UTC(year, month - 1, day + 1);
  const first = nextMidnight - zoneOffset(timeZone, nextMidnight);
  return new Date(nextMidnight - zoneOffset(timeZone, first));
}

// ---------------------------------------------------------------------------------------------
// What the API and the pages show

export type OrganizationOfOpportunity = { id: number; name: string; slug: string; verified: boolean; logoUrl: string | null };

/** An opportunity as the API answers it (`budget` is null for the public when hidden; `moderation` for its team and admins). */
export type OpportunityView = {
  id: number;
  slug: string;
  path: string;
  organization: OrganizationOfOpportunity;
  title: string;
  description: string;
  descriptionHtml: string;
  specializations: string[];
  countries: string[];
  remote: boolean;
  donors: string[];
  languages: string[];
  minYearsExperience: number;
  startDate: string | null;
  duration: { value: number; unit: DurationUnit };
  levelOfEffort: string | null;
  budget: Budget | null;
  deadline: string;
  deadlineDate: string;
  timeZone: string;
  contact: { userId: number; name: string } | null;
  status: OpportunityStatus;
  publishedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
  document: { name: string; bytes: number; url: string } | null;
  /** For the organization's members and admins: the last admin decision's reason (a rejection, an unpublishing). */
  moderationReason?: string | null;
  /** Whether the caller may change it (a poster of the organization). */
  canManage: boolean;
};

/** One line of the list. */
export type OpportunitySummary = Pick<
  OpportunityView,
  | "id"
  | "slug"
  | "path"
  | "organization"
  | "title"
  | keyof MatchOpportunity
  | "duration"
  | "deadline"
  | "deadlineDate"
  | "timeZone"
  | "status"
  | "publishedAt"
> & { excerpt: string };

export type OpportunityPage = {
  opportunities: OpportunitySummary[];
  total: number;
  page: number;
  limit: number;
  pageCount: number;
  sort: OpportunitySort;
};

/** "/opportunities/12-monitoring-evaluation-specialist". */
export function opportunityPath(opportunity: { id: number; slug: string }): string {
  return `/opportunities/${opportunity.id}-${opportunity.slug}`;
}

/** A title's URL slug (common/slugs.ts). */
export function slugOf(title: string): string {
  return urlSlug(title, "opportunity");
}

// ---------------------------------------------------------------------------------------------
// Expressions of interest (issue 32)

export const INTEREST_STAGES = choices({
  new: "New",
  shortlisted: "Shortlisted",
  interview: "Interview",
  selected: "Selected",
  declined: "Declined",
});
export type InterestStage = (typeof INTEREST_STAGES.values)[number];

export const INTEREST_LIMITS = { noteMin: 50, noteMax: 3000, message: 2000, rateMax: 100_000_000 } as const;

export const INTEREST_TEXTS = {
  signIn: "You need to be signed in to express interest.",
  needsProfile: "You need a listed consultant profile to express interest. Create your profile, or wait for its approval.",
  already: "You have already expressed interest in this opportunity. You can edit or withdraw it.",
  notFound: "Expression of interest not found",
  closed: "This opportunity is no longer open for applications.",
  note: `Note must be between ${INTEREST_LIMITS.noteMin} and ${INTEREST_LIMITS.noteMax} characters`,
  availableFrom: "Available from must be a date such as 2027-03-01",
  dailyRate: `Daily rate must be a whole number from 0 to ${INTEREST_LIMITS.rateMax}`,
  currency: `Daily rate currency must be one of ${RATE_CURRENCIES.join(", ")}`,
  stage: `Stage must be one of ${INTEREST_STAGES.values.join(", ")}`,
  messageTooLong: tooLong("Message", INTEREST_LIMITS.message),
  sent: "Your expression of interest was sent",
  withdrawn: "Your expression of interest was withdrawn",
  updated: "Your expression of interest was changed",
  noChanges: "Send at least one field to change",
  shortlistId: "Choose one of your organization's team shortlists",
  shortlistMembersOnly: "Only members of the organization that posted this opportunity can add its applicants to a shortlist.",
} as const;

const note = givenText(INTEREST_TEXTS.note, INTEREST_LIMITS.noteMin, INTEREST_LIMITS.noteMax, INTEREST_TEXTS.note);
const availableFrom = z.preprocess(
  (value) => (value === "" ? null : value),
  z
    .string({ error: INTEREST_TEXTS.availableFrom })
    .trim()
    .refine(isCalendarDate, INTEREST_TEXTS.availableFrom)
    .nullable()
    .optional(),
);
const dailyRate = z.preprocess(
  (value) => (value === "" ? null : value),
  whole(INTEREST_TEXTS.dailyRate, 0, INTEREST_LIMITS.rateMax).nullable().optional(),
);
const dailyRateCurrency = z.preprocess(blankToUndefined, z.enum(RATE_CURRENCIES, { error: INTEREST_TEXTS.currency }).optional());

/** POST /api/opportunities/{id}/interests and the page's form. */
export const interestSchema = z.object(
  { note, availableFrom, dailyRate, dailyRateCurrency },
  { error: "Send the expression of interest's fields, each under its name" },
);

/** PATCH /api/opportunities/{id}/interests/mine. */
export const interestUpdateSchema = z
  .object(
    { note: note.optional(), availableFrom, dailyRate, dailyRateCurrency },
    { error: "Send the changes, each under its field's name" },
  )
  .refine((value) => Object.values(value).some((field) => field !== undefined), INTEREST_TEXTS.noChanges);

/** PATCH /api/opportunities/{id}/interests/{interestId}: the organization moves an applicant; `message` replaces the e-mail's text. */
export const interestStageSchema = z.object({
  stage: z.enum(INTEREST_STAGES.values, { error: INTEREST_TEXTS.stage }),
  message: optionalUpTo(INTEREST_TEXTS.messageTooLong, INTEREST_LIMITS.message),
});

/** "Add to team shortlist" on the applicants list: one of the posting organization's team shortlists. */
export const applicantShortlistSchema = z.object({ shortlistId: id(INTEREST_TEXTS.shortlistId) });

/** A consultant's own expression of interest (My applications). */
export type MyInterest = {
  id: number;
  opportunity: Pick<
    OpportunitySummary,
    "id" | "title" | "path" | "organization" | "status" | "deadline" | "deadlineDate" | "timeZone"
  >;
  note: string;
  availableFrom: string | null;
  dailyRate: number | null;
  dailyRateCurrency: string | null;
  stage: InterestStage;
  createdAt: string;
  updatedAt: string;
};

/** An applicant as the organization's team sees them. */
export type Applicant = {
  id: number;
  consultant: {
    id: number;
    name: string;
    title: string;
    country: string;
    yearsExperience: number;
    primarySpecialization: string;
    languages: string[];
  };
  note: string;
  availableFrom: string | null;
  dailyRate: number | null;
  dailyRateCurrency: string | null;
  stage: InterestStage;
  cvUrl: string | null;
  /** The match score the organization's suggestions and the consultant's list show (common/opportunity-match.ts). */
  match: MatchScore;
  createdAt: string;
  updatedAt: string;
};

/** A team shortlist of the posting organization, and which of the applicants' consultants are on it (Add to team shortlist). */
export type ApplicantShortlist = { id: number; name: string; consultantIds: number[] };
