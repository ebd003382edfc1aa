import { z } from "zod";
import {
  BUDGET_KINDS,
  closeSchema,
  DURATION_UNITS,
  INTEREST_STAGES,
  interestSchema,
  interestStageSchema,
  interestUpdateSchema,
  moderationSchema,
  OPPORTUNITY_LIMITS,
  OPPORTUNITY_SORTS,
  OPPORTUNITY_STATUSES,
  opportunityCreateSchema,
  opportunitySearchSchema,
  opportunityUpdateSchema,
} from "#common/opportunities.ts";
import { digestFrequencySchema, MATCH_PARTS } from "#common/opportunity-match.ts";
import { opportunityReportSchema } from "#common/opportunity-reports.ts";
import { type ApiRoute, csv, messageOnly, pdf } from "./schemas.ts";

// The documented routes of opportunities (issue 32), with what each answers: the answers are
// checked against these schemas by server/http/api/opportunities.test.ts.

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

const tag = "Opportunities";

export const opportunityRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/opportunities",
    tag,
    summary: "Search published opportunities (12 a page, newest or deadline first)",
    query: opportunitySearchSchema,
    response: opportunityPageSchema,
  },
  {
    method: "POST",
    path: "/opportunities",
    tag,
    summary: "Write a draft opportunity for one of your organizations (owners, admins, allowed members)",
    auth: "session",
    body: opportunityCreateSchema,
    response: opportunitySchema,
    status: 201,
  },
  {
    method: "GET",
    path: "/opportunities/:id",
    tag,
    summary: "An opportunity: public once published; its organization's members and admins see drafts",
    response: opportunitySchema,
  },
  {
    method: "PATCH",
    path: "/opportunities/:id",
    tag,
    summary: "Change an opportunity (posters; not once closed or filled)",
    auth: "session",
    body: opportunityUpdateSchema,
    response: opportunitySchema,
  },
  {
    method: "DELETE",
    path: "/opportunities/:id",
    tag,
    summary: "Delete a draft (posters)",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "POST",
    path: "/opportunities/:id/publish",
    tag,
    summary: "Publish a draft: at once for a verified organization, else after an admin's approval",
    auth: "session",
    response: opportunitySchema,
  },
  {
    method: "POST",
    path: "/opportunities/:id/close",
    tag,
    summary: 'Close an open opportunity by hand, or mark it filled ({ "as": "filled" })',
    auth: "session",
    body: closeSchema,
    response: opportunitySchema,
  },
  {
    method: "PUT",
    path: "/opportunities/:id/tor.pdf",
    tag,
    summary: "Attach the ToR as a PDF (at most 5 MB; the body, Content-Type application/pdf, or multipart `file`)",
    auth: "session",
    upload: { field: "file", mediaTypes: ["application/pdf"], maxBytes: OPPORTUNITY_LIMITS.documentBytes, raw: true },
    response: documentSchema,
  },
  {
    method: "GET",
    path: "/opportunities/:id/tor.pdf",
    tag,
    summary: "Download the ToR's PDF (whoever may read the opportunity)",
    response: pdf,
  },
  {
    method: "DELETE",
    path: "/opportunities/:id/tor.pdf",
    tag,
    summary: "Remove the ToR's PDF (posters)",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "POST",
    path: "/opportunities/:id/interests",
    tag,
    summary: "Express interest (a listed consultant; 409 for a second one, 403 without a listed profile, 410 after the deadline)",
    auth: "session",
    body: interestSchema,
    response: myInterestSchema,
    status: 201,
  },
  {
    method: "PATCH",
    path: "/opportunities/:id/interests/mine",
    tag,
    summary: "Change your expression of interest (until the deadline)",
    auth: "session",
    body: interestUpdateSchema,
    response: myInterestSchema,
  },
  {
    method: "DELETE",
    path: "/opportunities/:id/interests/mine",
    tag,
    summary: "Withdraw your expression of interest (until the deadline)",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/interests",
    tag,
    summary: "My applications: your expressions of interest with their stage",
    auth: "session",
    response: z.object({ interests: z.array(myInterestSchema) }).strict(),
  },
  {
    method: "GET",
    path: "/opportunities/:id/interests",
    tag,
    summary: "The applicants (members of the organization)",
    auth: "session",
    response: z.object({ interests: z.array(applicantSchema) }).strict(),
  },
  {
    method: "GET",
    path: "/opportunities/:id/suggestions",
    tag,
    summary:
      "Suggested consultants: the best 20 listed profiles for the ToR, found by the search engine, with their match scores (members of the organization)",
    auth: "session",
    response: suggestionsSchema,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/opportunities",
    tag,
    summary: "Opportunities for you: open opportunities asking for one of your specializations, best match first",
    auth: "session",
    response: opportunitiesForYouSchema,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/opportunity-digest",
    tag,
    summary: "How often the opportunities digest e-mails you (weekly unless you chose)",
    auth: "session",
    response: digestFrequencySchema,
  },
  {
    method: "PUT",
    path: "/my-consultant-profile/opportunity-digest",
    tag,
    summary: "Choose the opportunities digest: weekly, daily or off",
    auth: "session",
    body: digestFrequencySchema,
    response: digestFrequencySchema,
  },
  {
    method: "PATCH",
    path: "/opportunities/:id/interests/:interestId",
    tag,
    summary: "Move an applicant (selected and declined e-mail the consultant; `message` replaces the text)",
    auth: "session",
    body: interestStageSchema,
    response: applicantSchema,
  },
  {
    method: "GET",
    path: "/opportunities/:id/interests/export.csv",
    tag,
    summary: "The applicants as CSV (members of the organization)",
    auth: "session",
    response: csv,
  },
  {
    method: "GET",
    path: "/opportunities/:id/interests/:interestId/cv.pdf",
    tag,
    summary: "An applicant's CV as it was sent (members of the organization)",
    auth: "session",
    response: pdf,
  },
  {
    method: "GET",
    path: "/admin/opportunities",
    tag,
    summary: "The admins' Opportunities table (?filter=pending|published|reported|all)",
    auth: "admin",
    response: adminOpportunityPageSchema,
  },
  {
    method: "POST",
    path: "/opportunities/:id/report",
    tag,
    summary: "Report a published opportunity (spam, scam, discriminatory): it joins the admins' reported queue",
    auth: "session",
    body: opportunityReportSchema,
    response: z.object({ id: z.number().int(), message: z.string() }).strict(),
    status: 201,
  },
  {
    method: "POST",
    path: "/admin/opportunities/:id/dismiss-reports",
    tag,
    summary: "Dismiss an opportunity's open reports without changing it",
    auth: "admin",
    response: z.object({ id: z.number().int(), message: z.string() }).strict(),
  },
  {
    method: "POST",
    path: "/admin/opportunities/:id/approve",
    tag,
    summary: "Approve an opportunity waiting for approval (it goes public)",
    auth: "admin",
    response: moderationAnswerSchema,
  },
  {
    method: "POST",
    path: "/admin/opportunities/:id/reject",
    tag,
    summary: "Reject an opportunity waiting for approval, with a reason e-mailed to the organization",
    auth: "admin",
    body: moderationSchema,
    response: moderationAnswerSchema,
  },
  {
    method: "POST",
    path: "/admin/opportunities/:id/unpublish",
    tag,
    summary: "Unpublish a published opportunity, with a reason e-mailed to the organization",
    auth: "admin",
    body: moderationSchema,
    response: moderationAnswerSchema,
  },
];
