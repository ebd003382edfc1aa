import { z } from "zod";
import { CV_IMPORT_FORMATS } from "#common/cv-import.ts";
import { REFERENCE_STATUSES } from "#common/references.ts";
import { LANGUAGE_LEVELS } from "#common/track-record-lists.ts";

// What the routes of CV import answer (issue 34); each route's description is where it is
// registered (../api/cv-import.ts).

export const text = z.string();
const draftAssignment = z.strictObject({
  title: text,
  organization: text,
  donors: z.array(text),
  countries: z.array(text),
  role: text,
  startDate: z.string().describe("YYYY-MM, or empty when the CV gave no month"),
  endDate: z.string().describe("YYYY-MM, or empty while ongoing or unknown"),
  sector: text,
  description: text,
});

/** A kept CV is the file as uploaded, in the type the import read it as. */
export const keptCvFile = {
  mediaType: "application/pdf, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/xml",
};

export const cvImportResultSchema = z.strictObject({
  format: z.enum(CV_IMPORT_FORMATS),
  drafts: z.strictObject({
    profile: z
      .object({
        name: text,
        title: text,
        email: text,
        phone: text,
        location: text,
        country: text,
        bio: text,
        yearsExperience: text,
      })
      .partial()
      .strict(),
    assignments: z.array(draftAssignment),
    education: z.array(z.strictObject({ degree: text, field: text, institution: text, year: text })),
    languages: z.array(z.strictObject({ name: text, level: z.enum(LANGUAGE_LEVELS).nullable() })),
  }),
  warnings: z.array(text).describe("What could not be read, one sentence each"),
  attachment: z.strictObject({ id: z.number().int(), filename: text, size: z.number().int() }).nullable(),
});

// Confirmed references (issue 34).

export const ownReference = z.strictObject({
  id: z.number().int(),
  assignmentId: z.number().int(),
  refereeName: text,
  organization: text,
  role: text.nullable(),
  startMonth: text,
  endMonth: text.nullable(),
  statement: text.nullable(),
  score: z.number().int().min(1).max(10).nullable(),
  confirmedAt: text,
  isDomainVerified: z.boolean(),
  status: z.enum(REFERENCE_STATUSES),
  refereeEmail: text,
  requestedAt: text,
  expiresAt: text,
  isExpired: z.boolean(),
});

export const messageOnly = z.strictObject({ message: text });
