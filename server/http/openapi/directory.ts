import { z } from "zod";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import { consultantProfileSchema } from "#common/consultant-schema.ts";
import { INSIGHT_METRICS } from "#common/insights.ts";
import { LOCALES } from "#common/locales.ts";
import { searchParamsSchema } from "#common/search-params.ts";
import { CV_FORMAT_KEYS, CV_FORMATS } from "#server/services/cv/formats.ts";
import { type ApiRoute, ownProfileAnswer, pdf, responseSchemas, searchResultSchema } from "./schemas.ts";

// The documented routes of the API: the search, the profiles, photos, statistics and CVs.

const pdfCvFormats = CV_FORMAT_KEYS.filter((key) => CV_FORMATS[key].extension === "pdf") as [string, ...string[]];

const insightSeries = z
  .object({
    weekly: z.array(z.number().int()).describe("One number a week, oldest first"),
    total: z.number().int(),
    previousTotal: z.number().int(),
    change: z.number().nullable().describe("(total - previousTotal) / previousTotal; null when there was nothing before"),
  })
  .strict();
const insightsAnswer = z
  .object({
    weeks: z.array(z.string()).describe("The Monday (YYYY-MM-DD) each week starts on, oldest first"),
    ...Object.fromEntries(INSIGHT_METRICS.map((value) => [value, insightSeries])),
  })
  .strict();

export const directoryRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/consultants",
    tag: "Directory",
    summary: "Search the listed consultants",
    query: searchParamsSchema,
    response: searchResultSchema,
  },
  {
    method: "GET",
    path: "/consultants/:id",
    tag: "Directory",
    summary: "One consultant's profile and track record",
    response: responseSchemas.profile,
  },
  {
    method: "GET",
    path: "/consultants/:id/cv.pdf",
    tag: "Directory",
    summary:
      "A consultant's CV as PDF, in the layout `format` names (made once per version of the profile); the standard layout's headings in the language `lang` names",
    query: z.object({ format: z.enum(pdfCvFormats).optional(), lang: z.enum(LOCALES).optional() }),
    response: pdf,
  },
  {
    method: "GET",
    path: "/consultants/:id/cv.xml",
    tag: "Directory",
    summary: "A consultant's CV as Europass XML (the 2012-2020 schema), which the CV import reads back unchanged",
    query: z.object({ format: z.enum(["europass"]).optional() }),
    response: { mediaType: "application/xml" },
  },
  {
    method: "POST",
    path: "/consultants",
    tag: "Directory",
    summary: "Create the caller's profile",
    auth: "session",
    body: consultantProfileSchema,
    response: responseSchemas.createdProfile,
    status: 201,
  },
  {
    method: "PUT",
    path: "/consultants/:id",
    tag: "Directory",
    summary: "Edit one's profile",
    auth: "session",
    body: consultantProfileSchema,
    response: ownProfileAnswer,
  },
  {
    method: "GET",
    path: "/stats",
    tag: "Directory",
    summary: "Directory totals and consultants per country",
    response: responseSchemas.stats,
  },
  {
    method: "POST",
    path: "/upload-photo",
    tag: "Directory",
    summary: "Upload a profile photo (multipart, field profilePhoto: JPEG, PNG or GIF, at most 1.5 MB)",
    auth: "session",
    // `name`: the spec's client sends the file's name too; the stored name is random.
    upload: {
      field: "profilePhoto",
      mediaTypes: ["image/jpeg", "image/png", "image/gif"],
      maxBytes: PHOTO_MAX_BYTES,
      otherFields: ["name"],
    },
    response: z.object({ photoUrl: z.string() }).strict(),
    status: 201,
  },
  {
    method: "GET",
    path: "/my-consultant-profile",
    tag: "Directory",
    summary: "The caller's own profile",
    auth: "session",
    response: ownProfileAnswer,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/insights",
    tag: "Directory",
    summary: "Views and contacts of the caller's profile",
    auth: "session",
    response: insightsAnswer,
  },
];
