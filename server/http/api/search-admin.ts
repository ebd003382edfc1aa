import type { Context, Hono } from "hono";
import { z } from "zod";
import { GlossaryAdditionSchema, GlossaryFileSchema } from "#common/glossary/glossary.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { requireAdminRole } from "#server/services/context.ts";
import { NotFound } from "#server/services/errors.ts";
import {
  addGlossarySynonym,
  exportGlossary,
  listZeroResultSearches,
  ZeroResultsQuerySchema,
} from "#server/services/search/glossary-admin.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { actorFrom, readJson } from "../request.ts";
import { created, noInput, queryParams, serviceApi } from "./service-call.ts";

// Issue 33, the admins' side of the search: the most frequent searches that found nothing
// (GET /api/search/zero-results) and a synonym added to a concept of the field glossary
// (POST /api/admin/glossary/{conceptId}/synonyms), with the merged glossary to export for review.
// Admins only: 401 signed out, 403 for everyone else, before anything of the request is read.

const describeRoute = describeRoutesIn("Admin");

/** A concept id as the glossary writes them (kebab case, at most 80 characters); anything else is no concept. */
function conceptId(c: Context<HttpEnv>): string {
  const id = c.req.param("conceptId") ?? "";
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) || id.length > 80) throw new NotFound("Concept not found");
  return id;
}

function adminsOnly(api: Hono<HttpEnv>) {
  api.use(async (c, next) => {
    requireAdminRole(await actorFrom(c));
    await next();
  });
}

/** /api/search: what the admins see of the search. */
export function createSearchAdminApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  adminsOnly(api);
  api.get(
    "/zero-results",
    describeRoute({
      summary:
        "The most frequent searches of the last 30 days that found nothing (counted per day and per search, without who searched)",
      auth: "admin",
      query: ZeroResultsQuerySchema,
      response: z.strictObject({
        days: z.number().int(),
        searches: z.array(
          z.strictObject({
            query: z.string(),
            keywords: z.string().nullable(),
            searches: z.number().int(),
            lastSearched: z.string(),
          }),
        ),
      }),
    }),
    call(listZeroResultSearches, queryParams),
  );
  return api;
}

/** /api/admin/glossary: the admins' additions to the field glossary. */
export function createAdminGlossaryApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  adminsOnly(api);
  api.get(
    "/export",
    describeRoute({
      summary: "The field glossary with the admins' additions merged, as the file, to review into the repository",
      auth: "admin",
      response: GlossaryFileSchema,
      // The file as written (a form may be a plain text or an object), not what reading it makes.
      answerIs: "input",
    }),
    call(exportGlossary, noInput),
  );
  api.post(
    "/:conceptId/synonyms",
    describeRoute({
      summary:
        "Add a form (synonym, acronym, term in one of the region's languages) to a concept of the field glossary: checked like the file's forms, audited, and the profiles tagged again",
      auth: "admin",
      body: GlossaryAdditionSchema.omit({ conceptId: true }),
      status: 201,
      response: z.strictObject({
        id: z.number().int(),
        conceptId: z.string(),
        label: z.string(),
        language: z.string(),
        text: z.string(),
        retagging: z.boolean(),
      }),
    }),
    call(addGlossarySynonym, async (c) => ({ conceptId: conceptId(c), body: await readJson(c) }), created),
  );
  return api;
}
