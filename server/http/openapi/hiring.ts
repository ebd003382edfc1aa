import { z } from "zod";
import { alertFrequencyValues, savedSearchCreateSchema, savedSearchUpdateSchema } from "#common/saved-searches.ts";
import {
  SHORTLIST_STAGES,
  shortlistCreateSchema,
  shortlistEntryPatchSchema,
  shortlistEntrySchema,
  shortlistNameSchema,
  shortlistNoteSchema,
} from "#common/shortlists.ts";
import { organizationBadgeSchema } from "./organizations.ts";
import { type ApiRoute, consultantFields, csv, dailyRateAnswer, messageOnly } from "./schemas.ts";

// The documented routes of the API: conversations, shortlists and saved searches (issue 13), and
// what a shortlist answers since it may belong to a team (issue 31).

/** A consultant on a list (common/shortlists.ts ShortlistConsultant): public profile fields, never contact details. */
const shortlistConsultantSchema = z
  .object(consultantFields)
  .pick({
    id: true,
    name: true,
    title: true,
    location: true,
    country: true,
    yearsExperience: true,
    languages: true,
    primarySpecialization: true,
    secondarySpecializations: true,
    availableForWork: true,
    profilePhotoUrl: true,
  })
  .extend({
    donors: z.array(z.string()),
    dailyRate: dailyRateAnswer.nullable(),
    rating: z.number().int(),
    reviewCount: z.number().int(),
  })
  .strict();

export const shortlistNoteAnswerSchema = z
  .object({ id: z.number().int(), author: z.string(), text: z.string(), createdAt: z.string() })
  .strict();

const shortlistSummaryShape = {
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  shared: z.boolean(),
  updatedAt: z.string(),
  organization: organizationBadgeSchema.nullable(),
};

export const shortlistDetailSchema = z
  .object({
    ...shortlistSummaryShape,
    canDelete: z.boolean(),
    entries: z.array(
      z
        .object({
          consultant: shortlistConsultantSchema,
          note: z.string(),
          addedAt: z.string(),
          stage: z.enum(SHORTLIST_STAGES.values),
          stageChangedAt: z.string(),
          addedBy: z.string().nullable(),
          notes: z.array(shortlistNoteAnswerSchema),
        })
        .strict(),
    ),
  })
  .strict();

export const shortlistListSchema = z.object({ shortlists: z.array(z.object(shortlistSummaryShape).strict()) }).strict();

export const sharedShortlistSchema = z
  .object({
    name: z.string(),
    organization: organizationBadgeSchema.nullable(),
    sharedBy: z.string().nullable(),
    entries: z.array(z.object({ consultant: shortlistConsultantSchema }).strict()),
  })
  .strict();

const savedSearchAnswer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    query: z.string().describe("The search's query string, as /search writes it"),
    frequency: z.enum(alertFrequencyValues),
    lastAlertedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .strict();

export const hiringRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/saved-searches",
    tag: "Hiring",
    summary: "The caller's saved searches",
    auth: "session",
    response: z.object({ savedSearches: z.array(savedSearchAnswer) }).strict(),
  },
  {
    method: "POST",
    path: "/saved-searches",
    tag: "Hiring",
    summary: "Save a search (with an alert)",
    auth: "session",
    body: savedSearchCreateSchema,
    response: savedSearchAnswer,
    status: 201,
  },
  {
    method: "PATCH",
    path: "/saved-searches/:id",
    tag: "Hiring",
    summary: "Rename a saved search or change its alert",
    auth: "session",
    body: savedSearchUpdateSchema,
    response: savedSearchAnswer,
  },
  {
    method: "DELETE",
    path: "/saved-searches/:id",
    tag: "Hiring",
    summary: "Delete a saved search",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/shortlists",
    tag: "Hiring",
    summary: "The caller's shortlists and their organizations' team lists",
    auth: "session",
    response: shortlistListSchema,
  },
  {
    method: "POST",
    path: "/shortlists",
    tag: "Hiring",
    summary: "Create a shortlist, private or (with organizationId) a team list",
    auth: "session",
    body: shortlistCreateSchema,
    response: shortlistDetailSchema,
    status: 201,
  },
  {
    method: "GET",
    path: "/shortlists/:id",
    tag: "Hiring",
    summary: "One shortlist, with each entry's stage and internal notes",
    auth: "session",
    response: shortlistDetailSchema,
  },
  {
    method: "GET",
    path: "/shortlists/:id/export.csv",
    tag: "Hiring",
    summary: "A shortlist as CSV with each entry's stage; ?notes=1 adds the notes",
    auth: "session",
    response: csv,
  },
  {
    method: "PATCH",
    path: "/shortlists/:id",
    tag: "Hiring",
    summary: "Rename a shortlist",
    auth: "session",
    body: shortlistNameSchema,
    response: shortlistDetailSchema,
  },
  {
    method: "DELETE",
    path: "/shortlists/:id",
    tag: "Hiring",
    summary: "Delete a shortlist",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "PUT",
    path: "/shortlists/:id/consultants/:consultantId",
    tag: "Hiring",
    summary: "Add a consultant (with a note)",
    auth: "session",
    body: shortlistEntrySchema,
    response: shortlistDetailSchema,
  },
  {
    method: "PATCH",
    path: "/shortlists/:id/consultants/:consultantId",
    tag: "Hiring",
    summary: "Move an entry to a stage, or change its note",
    auth: "session",
    body: shortlistEntryPatchSchema,
    response: shortlistDetailSchema,
  },
  {
    method: "GET",
    path: "/shortlists/:id/consultants/:consultantId/notes",
    tag: "Hiring",
    summary: "An entry's internal notes",
    auth: "session",
    response: z.object({ notes: z.array(shortlistNoteAnswerSchema) }).strict(),
  },
  {
    method: "POST",
    path: "/shortlists/:id/consultants/:consultantId/notes",
    tag: "Hiring",
    summary: "Add an internal note to an entry",
    auth: "session",
    body: shortlistNoteSchema,
    response: shortlistNoteAnswerSchema,
    status: 201,
  },
  {
    method: "DELETE",
    path: "/shortlists/:id/consultants/:consultantId",
    tag: "Hiring",
    summary: "Remove a consultant",
    auth: "session",
    response: shortlistDetailSchema,
  },
  {
    method: "POST",
    path: "/shortlists/:id/share",
    tag: "Hiring",
    summary: "Share a shortlist by link",
    auth: "session",
    response: z.object({ token: z.string(), url: z.string() }).strict(),
    status: 201,
  },
  {
    method: "DELETE",
    path: "/shortlists/:id/share",
    tag: "Hiring",
    summary: "Stop sharing a shortlist",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/shared-shortlists/:token",
    tag: "Hiring",
    summary: "A shared shortlist, read-only",
    response: sharedShortlistSchema,
  },
];
