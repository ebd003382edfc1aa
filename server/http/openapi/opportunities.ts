import { z } from "zod";
import { BUDGET_KINDS, DURATION_UNITS, INTEREST_STAGES, OPPORTUNITY_SORTS, OPPORTUNITY_STATUSES } from "#common/opportunities.ts";
import { MATCH_PARTS } from "#common/opportunity-match.ts";
import { consultantFieldsOf, expandedTermsSchema, pageFields, relaxationsSchema } from "./schemas.ts";

// What the routes of opportunities answer (issue 32; each described where it is registered,
// ../api/opportunities.ts): the answers are checked against these schemas by
// server/http/api/opportunities.test.ts.

const timestamp = z.string();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const status = z.enum(OPPORTUNITY_STATUSES.values);

const organizationOfOpportunity = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  verified: z.boolean(),
  logoUrl: z.string().nullable(),
});

const duration = z.strictObject({ value: z.number().int(), unit: z.enum(DURATION_UNITS.values) });

export const documentSchema = z.strictObject({ name: z.string(), bytes: z.number().int(), url: z.string() });

export const opportunitySchema = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  path: z.string(),
  organization: organizationOfOpportunity,
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  specializations: z.array(z.string()),
  countries: z.array(z.string()),
  remote: z.boolean(),
  donors: z.array(z.string()),
  languages: z.array(z.string()),
  minYearsExperience: z.number().int(),
  startDate: date.nullable(),
  duration,
  levelOfEffort: z.string().nullable(),
  budget: z
    .strictObject({
      min: z.number().int().nullable(),
      max: z.number().int().nullable(),
      currency: z.string(),
      kind: z.enum(BUDGET_KINDS.values),
      hidden: z.boolean(),
    })
    .nullable(),
  deadline: timestamp,
  deadlineDate: date,
  timeZone: z.string(),
  contact: z.strictObject({ userId: z.number().int(), name: z.string() }).nullable(),
  status,
  publishedAt: timestamp.nullable(),
  closedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  document: documentSchema.nullable(),
  moderationReason: z.string().nullable().optional(),
  canManage: z.boolean(),
  message: z.string().optional(),
});

/** A search result: the opportunity's public facts with an excerpt of its ToR (what a card shows). */
export const opportunitySummarySchema = opportunitySchema
  .pick({
    id: true,
    slug: true,
    path: true,
    organization: true,
    title: true,
    specializations: true,
    countries: true,
    remote: true,
    donors: true,
    languages: true,
    minYearsExperience: true,
    duration: true,
    deadline: true,
    deadlineDate: true,
    timeZone: true,
    status: true,
    publishedAt: true,
  })
  .extend({ excerpt: z.string() })
  .strict();

export const opportunityPageSchema = z.strictObject({
  opportunities: z.array(opportunitySummarySchema),
  ...pageFields,
  pageCount: z.number().int(),
  sort: z.enum(OPPORTUNITY_SORTS.values),
  correctedKeywords: z.string().optional(),
  /** The concepts of the field glossary the keywords were read as (issue 33), as the consultants' search names them. */
  expandedTerms: expandedTermsSchema.optional(),
  /**
   * When nothing was found (issue 33, as the consultants' search answers it): the keywords without
   * a word, the search without a filter (specialization, country, donor, language, remote,
   * deadlineSoon), each with its count (exact up to 1 000; `countIsCapped` past it) and its query string.
   */
  relaxations: relaxationsSchema.optional(),
});

export const adminOpportunityPageSchema = z.strictObject({
  opportunities: z.array(
    z.strictObject({
      id: z.number().int(),
      title: z.string(),
      path: z.string(),
      status,
      organization: z.strictObject({ id: z.number().int(), name: z.string(), verified: z.boolean() }),
      deadline: timestamp,
      updatedAt: timestamp,
      openReports: z.number().int(),
    }),
  ),
  ...pageFields,
  filter: z.enum(["pending", "published", "reported", "all"]),
});

export const moderationAnswerSchema = z.strictObject({ id: z.number().int(), status, message: z.string() });

/** What the consultant sent and where it stands: the same on both sides of an expression of interest. */
const interestFields = {
  note: z.string(),
  availableFrom: date.nullable(),
  dailyRate: z.number().int().nullable(),
  dailyRateCurrency: z.string().nullable(),
  stage: z.enum(INTEREST_STAGES.values),
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const myInterestSchema = z.strictObject({
  id: z.number().int(),
  opportunity: opportunitySchema
    .pick({
      id: true,
      title: true,
      path: true,
      organization: true,
      status: true,
      deadline: true,
      deadlineDate: true,
      timeZone: true,
    })
    .strict(),
  ...interestFields,
});

/** The match score (common/opportunity-match.ts): the same on both sides, explained by its parts. */
export const matchScoreSchema = z.strictObject({
  score: z.number().int().min(0).max(100),
  parts: z.array(
    z.strictObject({
      part: z.enum(MATCH_PARTS),
      points: z.number().int(),
      max: z.number().int(),
      shared: z.array(z.string()),
      isOpen: z.boolean(),
    }),
  ),
});

/** A consultant's years as the services give them to the applicants' and suggestions' cards. */
const yearsAsNumberOrText = z.union([z.number().int(), z.string()]);

export const applicantSchema = z.strictObject({
  id: z.number().int(),
  consultant: z.strictObject({
    ...consultantFieldsOf("id", "name", "title", "country"),
    yearsExperience: yearsAsNumberOrText,
    ...consultantFieldsOf("primarySpecialization", "languages"),
  }),
  ...interestFields,
  cvUrl: z.string().nullable(),
  match: matchScoreSchema,
});

export const suggestionsSchema = z.strictObject({
  suggestions: z.array(
    z.strictObject({
      consultant: z.strictObject({
        ...consultantFieldsOf("id", "name", "title", "location", "profilePhotoUrl", "primarySpecialization"),
        yearsExperience: yearsAsNumberOrText,
        ...consultantFieldsOf("availableForWork"),
      }),
      match: matchScoreSchema,
    }),
  ),
});

export const opportunitiesForYouSchema = z.strictObject({
  opportunities: z.array(opportunitySummarySchema.extend({ match: matchScoreSchema }).strict()),
});
