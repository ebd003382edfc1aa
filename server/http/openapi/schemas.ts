import { z } from "zod";
import { CONSULTANT_STATUSES, SORT_OPTIONS } from "#common/constants.ts";
import { REVIEWED_FIELDS } from "#common/profile-changes.ts";
import { PROFILE_LANGUAGES } from "#common/profile-languages.ts";
import type { SortValue } from "#common/search.ts";
import { LANGUAGE_LEVELS, RATE_CURRENCIES, RATE_VISIBILITIES } from "#common/track-record-lists.ts";

// What the documented routes answer, and what a route's description says (describeRoute(), ./describe-route.ts).

export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** 403 of a sensitive change without a recent sign-in (issue 38): POST /api/auth/reauthenticate, then again. */
export const reauthenticateSchema = z.strictObject({ message: z.string(), reauthenticate: z.literal(true) });

/** A page of a list: how many in all, which page, how many a page. */
export const pageFields = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

/** The fields every view of a consultant shares (the spec's entity; yearsExperience as text). */
export const consultantFields = {
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  location: z.string(),
  city: z.string().nullable(),
  country: z.string(),
  // As text, as the spec's entity has it (server/http/years-as-text.ts).
  yearsExperience: z.string().regex(/^\d+$/),
  languages: z.array(z.string()),
  primarySpecialization: z.string(),
  secondarySpecializations: z.array(z.string()),
  bio: z.string(),
  profileLanguage: z
    .enum(PROFILE_LANGUAGES)
    .nullable()
    .describe("The language the profile is written in (BCP 47); null: not stated"),
  profilePhotoUrl: z.string().nullable(),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  availableForWork: z.boolean(),
  rating: z.number(),
  projectsCompleted: z.number().int(),
  createdAt: z.string(),
};
/** Some of the consultant's fields, in the order named: a card that shows part of a profile. */
export function consultantFieldsOf<K extends keyof typeof consultantFields>(...keys: K[]): Pick<typeof consultantFields, K> {
  return Object.fromEntries(keys.map((key) => [key, consultantFields[key]])) as Pick<typeof consultantFields, K>;
}
/** What the owner sees of their profile's stored fields (common/views.ts OwnConsultant): never the owner's account id. */
export const ownConsultantFields = {
  ...consultantFields,
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(CONSULTANT_STATUSES),
  statusReason: z.string().nullable(),
  updatedAt: z.string(),
};
/** What an admin sees of a profile: every stored field, contact details even when private (AdminConsultant). */
export const adminConsultantAnswer = z.strictObject({ ...ownConsultantFields, ownerId: z.number().int().nullable() });

/** An assignment of a track record as stored (common/track-record.ts Assignment). */
export const assignmentAnswer = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  organization: z.string(),
  donors: z.array(z.string()),
  countries: z.array(z.string()),
  role: z.string().nullable(),
  startDate: z.string().describe("YYYY-MM"),
  endDate: z.string().nullable().describe("YYYY-MM, null while ongoing"),
  sector: z.string().nullable(),
  description: z.string().nullable(),
});
export const educationAnswer = z.strictObject({
  id: z.number().int(),
  degree: z.string(),
  field: z.string().nullable(),
  institution: z.string(),
  year: z.number().int().nullable(),
});

/** A confirmed reference as everyone sees it (common/references.ts PublicReference): never the referee's e-mail. */
export const publicReferenceAnswer = z.strictObject({
  id: z.number().int(),
  assignmentId: z.number().int(),
  refereeName: z.string(),
  organization: z.string(),
  role: z.string().nullable(),
  startMonth: z.string(),
  endMonth: z.string().nullable(),
  statement: z.string().nullable(),
  score: z.number().int().nullable(),
  confirmedAt: z.string(),
  isDomainVerified: z.boolean(),
});

/** A daily rate where the viewer may see it (common/track-record-lists.ts DailyRate). */
export const dailyRateAnswer = z.strictObject({
  min: z.number().int(),
  max: z.number().int(),
  currency: z.enum(RATE_CURRENCIES),
});

/** What a profile's track record adds (common/track-record.ts TrackRecordView). */
const trackRecordFields = {
  assignments: z.array(assignmentAnswer),
  references: z.array(publicReferenceAnswer).optional(),
  education: z.array(educationAnswer),
  languageLevels: z.record(z.string(), z.enum(LANGUAGE_LEVELS)),
  availableFrom: z.string().nullable().describe("YYYY-MM-DD"),
  updatedAt: z.string(),
  /** Null unless the viewer may see it. */
  dailyRate: dailyRateAnswer.nullable(),
};

/** A consultant as a visitor sees it (common/views.ts PublicConsultant): e-mail and phone only when shown. */
const publicConsultantFields = { ...consultantFields, email: z.string().nullable(), phone: z.string().nullable() };

/** The owner's profile with its whole track record and who the rate is shown to (OwnConsultant & OwnTrackRecord). */
const ownProfileFields = { ...ownConsultantFields, ...trackRecordFields, rateVisibility: z.enum(RATE_VISIBILITIES) };
/** The owner's last change: waiting, or rejected with the admin's reason (common/profile-changes.ts OwnChangeState). */
const pendingChange = z.strictObject({
  status: z.literal("pending"),
  submittedAt: z.string(),
  fields: z.array(z.enum(REVIEWED_FIELDS)),
});
const ownChangeState = z.union([
  pendingChange,
  pendingChange.extend({ status: z.literal("rejected"), reason: z.string().nullable() }).strict(),
]);
/** GET /api/my-consultant-profile and the owner's edit: everything, and the state of the last change. */
export const ownProfileAnswer = z.strictObject({ ...ownProfileFields, change: ownChangeState.nullable() });

export const responseSchemas = {
  user: z.strictObject({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["user", "admin"]),
    isEmailVerified: z.boolean(),
    createdAt: z.string(),
  }),
  stats: z.strictObject({
    totalConsultants: z.number().int(),
    totalCountries: z.number().int(),
    totalSpecializations: z.number().int(),
    totalProjects: z.number().int(),
    countries: z.array(z.strictObject({ country: z.string(), count: z.number().int() })),
  }),
  /** A consultant in a search's results: the public fields. */
  consultant: z.strictObject(publicConsultantFields),
  /**
   * One profile with its track record (GET /api/consultants/{id}): the public fields for a visitor;
   * the owner and admins also read who the rate is shown to.
   */
  profile: z.strictObject({
    ...publicConsultantFields,
    ...trackRecordFields,
    rateVisibility: z.enum(RATE_VISIBILITIES).optional(),
  }),
  /** A profile just created by its owner: every field, its track record. */
  createdProfile: z.strictObject(ownProfileFields),
};
export const signedIn = z.strictObject({
  sessionToken: z.string(),
  user: responseSchemas.user,
  // Issue 38, ENFORCE_SECOND_FACTOR: set up an authenticator app (POST /api/account/mfa/totp) before
  // anything else this policy covers; until then such calls answer 403 with `secondFactorRequired: true`.
  secondFactorSetupRequired: z.literal(true).optional(),
});
/** The terms of the field glossary the keywords named (issue 33), and the forms they also matched. */
export const expandedTermsSchema = z.array(
  z.strictObject({ typed: z.string(), concept: z.string(), forms: z.array(z.string()) }),
);

/**
 * A search that found nothing (issue 33): what would find something, each with how many it finds
 * and its query string — the keywords without some words (`drop.words`, as typed) or the search
 * without one filter's value (`drop.filter`, `drop.value`). The consultants' and the opportunities'.
 */
export const relaxationsSchema = z.array(
  z.strictObject({
    drop: z.union([z.strictObject({ words: z.array(z.string()) }), z.strictObject({ filter: z.string(), value: z.string() })]),
    count: z.number().int(),
    countIsCapped: z.boolean(),
    query: z.string(),
  }),
);

export const searchResultSchema = z.strictObject({
  consultants: z.array(responseSchemas.consultant),
  total: z.number().int(),
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
  // The order the results came in (the default when none was asked for).
  sort: z.enum(SORT_OPTIONS.map(({ value }) => value) as [SortValue, ...SortValue[]]),
  correctedKeywords: z.string().optional(),
  /** The terms of the field glossary the keywords named (issue 33), and the forms they also matched. */
  expandedTerms: expandedTermsSchema.optional(),
  /** When nothing was found: what would find something (the keywords without a word, the search without a filter). */
  relaxations: relaxationsSchema.optional(),
});
/** An answer that only says what happened, in words (`{ message }`). */
export const messageOnly = z.strictObject({ message: z.string() });

/** The sections of the reference, in its order (a route's tag names its section). */
export const API_TAGS = [
  "Accounts",
  "Directory",
  "References",
  "Admin",
  "Messages",
  "Reviews",
  "Hiring",
  "Organizations",
  "Opportunities",
  "Administration",
] as const;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiRoute = {
  method: Method;
  /** As Hono writes it, under /api: "/consultants/:id". */
  path: string;
  summary: string;
  tag: (typeof API_TAGS)[number];
  auth?: "session" | "admin";
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success answer: a schema (JSON), a media type for files, or no body at all (204). */
  response: z.ZodType | { mediaType: string } | typeof noBody;
  status?: number;
  /** The answer is in the schema's input form (a file format that parsing turns into something else). */
  answerIs?: "input";
  /** A sensitive change: 403 `{ message, reauthenticate: true }` without a recent sign-in (issue 38). */
  reauthenticate?: true;
  /**
   * A file sent as multipart/form-data in `field` (one of `mediaTypes`, at most `maxBytes`), with
   * the form's other text fields; `raw`: the file may also be the whole body, with its own type.
   */
  upload?: { field: string; mediaTypes: string[]; maxBytes: number; otherFields?: string[]; raw?: true };
};

export const pdf = { mediaType: "application/pdf" };
export const csv = { mediaType: "text/csv" };
/** The success answer has no body (204 No Content). */
export const noBody = { noContent: true } as const;
