import { z } from "zod";
import { CV_IMPORT_FORMATS } from "#common/cv-import.ts";
import { LANGUAGE_LEVELS } from "#common/track-record-lists.ts";
import type { ApiRoute } from "./schemas.ts";

// The documented routes of CV import (issue 34).

const text = z.string();
const draftAssignment = z
  .object({
    title: text,
    organization: text,
    donors: z.array(text),
    countries: z.array(text),
    role: text,
    startDate: z.string().describe("YYYY-MM, or empty when the CV gave no month"),
    endDate: z.string().describe("YYYY-MM, or empty while ongoing or unknown"),
    sector: text,
    description: text,
  })
  .strict();

export const cvImportResultSchema = z
  .object({
    format: z.enum(CV_IMPORT_FORMATS),
    drafts: z
      .object({
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
        education: z.array(z.object({ degree: text, field: text, institution: text, year: text }).strict()),
        languages: z.array(z.object({ name: text, level: z.enum(LANGUAGE_LEVELS).nullable() }).strict()),
      })
      .strict(),
    warnings: z.array(text).describe("What could not be read, one sentence each"),
    attachment: z.object({ id: z.number().int(), filename: text, size: z.number().int() }).strict().nullable(),
  })
  .strict();

export const cvRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/my-consultant-profile/import",
    tag: "Directory",
    summary:
      "Read a CV (multipart, field file: Europass XML or PDF, UN P11 as .docx, any CV as PDF or .docx; at most 5 MB and 30 pages) into drafts for the profile form; nothing is saved. 413 too large or too long, 415 not a CV this reads, 400 unreadable or too slow to read (20 s), 429 more than 20 an hour",
    auth: "session",
    response: cvImportResultSchema,
  },
];
