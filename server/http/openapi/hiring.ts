import { z } from "zod";
import { alertFrequencyValues } from "#common/saved-searches.ts";
import { SHORTLIST_STAGES } from "#common/shortlists.ts";
import { organizationBadgeSchema } from "./organizations.ts";
import { consultantFields, dailyRateAnswer } from "./schemas.ts";

// What the routes answer (each described where it is registered, ../api/*.ts): conversations,
// shortlists and saved searches (issue 13), and what a shortlist answers since it may belong to a
// team (issue 31).

/** A consultant on a list (common/shortlists.ts ShortlistConsultant): public profile fields, never contact details. */
const shortlistConsultantSchema = z
  .object(consultantFields)
  .pick({
    id: true,
    name: true,
    title: true,
    profileLanguage: true,
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

export const shortlistNoteAnswerSchema = z.strictObject({
  id: z.number().int(),
  author: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

const shortlistSummaryShape = {
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  shared: z.boolean(),
  updatedAt: z.string(),
  organization: organizationBadgeSchema.nullable(),
};

export const shortlistDetailSchema = z.strictObject({
  ...shortlistSummaryShape,
  canDelete: z.boolean(),
  entries: z.array(
    z.strictObject({
      consultant: shortlistConsultantSchema,
      note: z.string(),
      addedAt: z.string(),
      stage: z.enum(SHORTLIST_STAGES.values),
      stageChangedAt: z.string(),
      addedBy: z.string().nullable(),
      notes: z.array(shortlistNoteAnswerSchema),
    }),
  ),
});

export const shortlistListSchema = z.strictObject({ shortlists: z.array(z.strictObject(shortlistSummaryShape)) });

export const sharedShortlistSchema = z.strictObject({
  name: z.string(),
  organization: organizationBadgeSchema.nullable(),
  sharedBy: z.string().nullable(),
  entries: z.array(z.strictObject({ consultant: shortlistConsultantSchema })),
});

export const savedSearchAnswer = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  query: z.string().describe("The search's query string, as /search writes it"),
  frequency: z.enum(alertFrequencyValues),
  lastAlertedAt: z.string().nullable(),
  createdAt: z.string(),
});
