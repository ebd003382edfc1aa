import { z } from "zod";
import { GlossaryAdditionSchema, GlossaryFileSchema } from "#common/glossary/glossary.ts";
import { ZeroResultsQuerySchema } from "#server/services/search/glossary-admin.ts";
import type { ApiRoute } from "./schemas.ts";

// The documented routes of the API: the admins' side of the search (issue 33).

export const searchAdminRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/search/zero-results",
    tag: "Admin",
    summary:
      "The most frequent searches of the last 30 days that found nothing (counted per day and per search, without who searched)",
    auth: "admin",
    query: ZeroResultsQuerySchema,
    response: z
      .object({
        days: z.number().int(),
        searches: z.array(
          z
            .object({
              query: z.string(),
              keywords: z.string().nullable(),
              searches: z.number().int(),
              lastSearched: z.string(),
            })
            .strict(),
        ),
      })
      .strict(),
  },
  {
    method: "POST",
    path: "/admin/glossary/:conceptId/synonyms",
    tag: "Admin",
    summary:
      "Add a form (synonym, acronym, term in one of the region's languages) to a concept of the field glossary: checked like the file's forms, audited, and the profiles tagged again",
    auth: "admin",
    body: GlossaryAdditionSchema.omit({ conceptId: true }),
    status: 201,
    response: z
      .object({
        id: z.number().int(),
        conceptId: z.string(),
        label: z.string(),
        language: z.string(),
        text: z.string(),
        retagging: z.boolean(),
      })
      .strict(),
  },
  {
    method: "GET",
    path: "/admin/glossary/export",
    tag: "Admin",
    summary: "The field glossary with the admins' additions merged, as the file, to review into the repository",
    auth: "admin",
    response: GlossaryFileSchema,
    // The file as written (a form may be a plain text or an object), not what reading it makes.
    answerIs: "input",
  },
];
