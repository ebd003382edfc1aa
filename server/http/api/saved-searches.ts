import type { Context } from "hono";
import { z } from "zod";
import { SAVED_SEARCH_TEXTS, savedSearchCreateSchema, savedSearchUpdateSchema } from "#common/saved-searches.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { savedSearchAnswer } from "#server/http/openapi/hiring.ts";
import { messageOnly } from "#server/http/openapi/schemas.ts";
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from "#server/services/saved-searches/saved-searches.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { SMALL_BODY_LIMIT } from "../middleware/body-limit.ts";
import { pathId, readJson, signedInActor } from "../request.ts";
import { created, idAndBody, noInput, saying, serviceApi, under } from "./service-call.ts";

// Saved searches (issue 13): GET/POST /api/saved-searches, PATCH/DELETE /api/saved-searches/{id};
// only the owner sees or changes one (others 404).

const describeRoute = describeRoutesIn("Hiring");

const savedSearchId = (c: Context<HttpEnv>) => pathId(c, "id", SAVED_SEARCH_TEXTS.notFound);

export function createSavedSearchesApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(SAVED_SEARCH_TEXTS.signIn), SMALL_BODY_LIMIT);
  api.get(
    "/",
    describeRoute({
      summary: "The caller's saved searches",
      auth: "session",
      response: z.strictObject({ savedSearches: z.array(savedSearchAnswer) }),
    }),
    call(listSavedSearches, noInput, under("savedSearches")),
  );
  api.post(
    "/",
    describeRoute({
      summary: "Save a search (with an alert)",
      auth: "session",
      body: savedSearchCreateSchema,
      response: savedSearchAnswer,
      status: 201,
    }),
    call(createSavedSearch, readJson, created),
  );
  api.patch(
    "/:id",
    describeRoute({
      summary: "Rename a saved search or change its alert",
      auth: "session",
      body: savedSearchUpdateSchema,
      response: savedSearchAnswer,
    }),
    call(updateSavedSearch, idAndBody(savedSearchId)),
  );
  api.delete(
    "/:id",
    describeRoute({
      summary: "Delete a saved search",
      auth: "session",
      response: messageOnly,
    }),
    call(deleteSavedSearch, savedSearchId, saying("Saved search deleted")),
  );
  return api;
}
