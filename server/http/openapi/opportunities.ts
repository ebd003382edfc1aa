import { z } from "zod";
import { BUDGET_KINDS, DURATION_UNITS, INTEREST_STAGES, OPPORTUNITY_SORTS, OPPORTUNITY_STATUSES } from "#common/opportunities.ts";
import { MATCH_PARTS } from "#common/opportunity-match.ts";
import { expandedTermsSchema, relaxationsSchema } from "./schemas.ts";

// What the routes of opportunities answer (issue 32; each described where it is registered,
// ../api/opportunities.ts): the answers are checked against these schemas by
// server/http/api/opportunities.test.ts.

const timestamp = z.string();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const status = z.enum(OPPORTUNITY_STATUSES.values);

const organizationOfOpportunity = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string(), verified: z.boolean(), logoUrl: z.string().nullable() })
  .strict();

const duration = z.object({ value: z.number().int(), unit: z.enum(DURATION_UNITS.values) }).strict();

export const documentSchema = z.object({ name: z.string(), bytes: z.number().int(), url: z.string() }).strict();

export const opportunitySchema = z
  .object({
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
      .object({
        min: z.number().int().nullable(),
        max: z.number().int().nullable(),
        currency: z.string(),
        kind: z.enum(BUDGET_KINDS.values),
        hidden: z.boolean(),
      })
      .strict()
      .nullable(),
    deadline: timestamp,
    deadlineDate: date,
    timeZone: z.string(),
    contact: z.object({ userId: z.number().int(), name: z.string() }).strict().nullable(),
    status,
    publishedAt: timestamp.nullable(),
    closedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    document: documentSchema.nullable(),
    moderationReason: z.string().nullable().optional(),
    canManage: z.boolean(),
    message: z.string().optional(),
  })
  .strict();

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

export const opportunityPageSchema = z
  .object({
    opportunities: z.array(opportunitySummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
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
  })
  .strict();

export const adminOpportunityPageSchema = z
  .object({
    opportunities: z.array(
      z
        .object({
          id: z.number().int(),
          title: z.string(),
          path: z.string(),
          status,
          organization: z.object({ id: z.number().int(), name: z.string(), verified: z.boolean() }).strict(),
          deadline: timestamp,
          updatedAt: timestamp,
          openReports: z.number().int(),
        })
        .strict(),
    ),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    filter: z.enum(["pending", "published", "reported", "all"]),
  })
  .strict();

export const moderationAnswerSchema = z.object({ id: z.number().int(), status, message: z.string() }).strict();

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

export const myInterestSchema = z
  .object({
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
  })
  .strict();

/** The match score (common/opportunity-match.ts): the same on both sides, explained by its parts. */
export const matchScoreSchema = z
  .object({
    score: z.number().int().min(0).max(100),
    parts: z.array(
      z
        .object({
          part: z.enum(MATCH_PARTS),
          points: z.number().int(),
          max: z.number().int(),
          shared: z.array(z.string()),
          isOpen: z.boolean(),
        })
        .strict(),
    ),
  })
  .strict();

export const applicantSchema = z
  .object({
    id: z.number().int(),
    consultant: z
      .object({
        id: z.number().int(),
        name: z.string(),
        title: z.string(),
        country: z.string(),
        yearsExperience: z.union([z.number().int(), z.string()]),
        primarySpecialization: z.string(),
        languages: z.array(z.string()),
      })
      .strict(),
    ...interestFields,
    cvUrl: z.string().nullable(),
    match: matchScoreSchema,
  })
  .strict();

export const suggestionsSchema = z
  .object({
    suggestions: z.array(
      z
        .object({
          consultant: z
            .object({
              id: z.number().int(),
              name: z.string(),
              title: z.string(),
              location: z.string(),
              profilePhotoUrl: z.string().nullable(),
              primarySpecialization: z.string(),
              yearsExperience: z.union([z.number().int(), z.string()]),
              availableForWork: z.boolean(),
            })
            .strict(),
          match: matchScoreSchema,
        })
        .strict(),
    ),
  })
  .strict();

export const opportunitiesForYouSchema = z
  .object({ opportunities: z.array(opportunitySummarySchema.extend({ match: matchScoreSchema }).strict()) })
  .strict();
