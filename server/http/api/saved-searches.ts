import type { Context } from "hono";
import { SAVED_SEARCH_TEXTS } from "#common/saved-searches.ts";
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

const savedSearchId = (c: Context<HttpEnv>) => pathId(c, "id", SAVED_SEARCH_TEXTS.notFound);

export function createSavedSearchesApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(SAVED_SEARCH_TEXTS.signIn), SMALL_BODY_LIMIT);
  api.get("/", call(listSavedSearches, noInput, under("savedSearches")));
  api.post("/", call(createSavedSearch, readJson, created));
  api.patch("/:id", call(updateSavedSearch, idAndBody(savedSearchId)));
  api.delete("/:id", call(deleteSavedSearch, savedSearchId, saying("Saved search deleted")));
  return api;
}
