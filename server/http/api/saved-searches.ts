import { type Context, Hono } from "hono";
import { SAVED_SEARCH_TEXTS } from "#common/saved-searches.ts";
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from "#server/services/saved-searches/saved-searches.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { SMALL_BODY_LIMIT } from "../middleware/body-limit.ts";
import { limitBody, pathId, readJson, signedInActor } from "../request.ts";

// Saved searches (issue 13): GET/POST /api/saved-searches, PATCH/DELETE /api/saved-searches/{id};
// only the owner sees or changes one (others 404).

const savedSearchId = (c: Context<HttpEnv>) => pathId(c, "id", SAVED_SEARCH_TEXTS.notFound);

export function createSavedSearchesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBody(SMALL_BODY_LIMIT));
  const actor = signedInActor(SAVED_SEARCH_TEXTS.signIn);
  api.get("/", async (c) => c.json({ savedSearches: await listSavedSearches(apiServiceDeps(deps, c), await actor(c)) }));
  api.post("/", async (c) => {
    const user = await actor(c);
    return c.json(await createSavedSearch(apiServiceDeps(deps, c), user, await readJson(c)), 201);
  });
  api.patch("/:id", async (c) => {
    const user = await actor(c);
    const id = savedSearchId(c);
    return c.json(await updateSavedSearch(apiServiceDeps(deps, c), user, { id, body: await readJson(c) }));
  });
  api.delete("/:id", async (c) => {
    const user = await actor(c);
    await deleteSavedSearch(apiServiceDeps(deps, c), user, savedSearchId(c));
    return c.json({ message: "Saved search deleted" });
  });
  return api;
}
