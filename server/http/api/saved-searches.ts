import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { SAVED_SEARCH_TEXTS } from "#common/saved-searches.ts";
import { NotFound, PayloadTooLarge, Unauthorized, ValidationFailed } from "#server/services/errors.ts";
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from "#server/services/saved-searches/saved-searches.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";

// Saved searches (issue 13): GET/POST /api/saved-searches, PATCH/DELETE /api/saved-searches/{id};
// only the owner sees or changes one (others 404).

function savedSearchId(c: Context<HttpEnv>): number {
  const value = c.req.param("id");
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new NotFound(SAVED_SEARCH_TEXTS.notFound);
  return Number(value);
}

async function readJson(c: Context<HttpEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationFailed("The request body must be JSON");
  }
}

export function createSavedSearchesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new PayloadTooLarge("The request body is too large");
      },
    }),
  );
  const actor = async (c: Context<HttpEnv>) => {
    const user = (await c.get("getSession")())?.user;
    if (!user) throw new Unauthorized(SAVED_SEARCH_TEXTS.signIn);
    return { id: user.id, role: user.role === "admin" ? ("admin" as const) : ("user" as const) };
  };
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
