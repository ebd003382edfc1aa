import { type Context, Hono } from "hono";
import { parseSearchParams } from "../../../common/search-params.ts";
import { createConsultant, getOwnConsultant, updateConsultant, viewConsultant } from "../../services/consultants.ts";
import { actorOf } from "../../services/context.ts";
import { searchConsultants } from "../../services/search.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { limitBody, pathId, readJson } from "../request.ts";

/** A profile is a few kilobytes; the bio is at most 5000 characters. */
const profileBodyLimit = limitBody();

/** /api/consultants: the public search and profile, and the owner's create and update. */
export function createConsultantsApi({ db, config, storage }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const writeDeps = (c: Context<HttpEnv>) => ({ storage, log: c.get("log"), requireApproval: config.requireApproval });

  // GET /api/consultants?keywords&location&expertise&experience&languages&availability&page&limit&sort
  api.get("/", async (c) => {
    const parsed = parseSearchParams(new URL(c.req.url).searchParams);
    if (!parsed.success) throw parsed.error;
    return c.json(await searchConsultants(db, parsed.data));
  });

  api.get("/:id", async (c) => {
    const id = pathId(c, "id", "Consultant not found");
    const actor = actorOf(await c.get("getSession")());
    const { consultant, status } = await viewConsultant(db, actor, id);
    // An unlisted profile is shown to its owner or an admin only: never kept by a shared cache.
    if (status !== "approved") c.header("Cache-Control", "private, no-store");
    return c.json(consultant);
  });

  api.post("/", profileBodyLimit, async (c) => {
    const actor = actorOf(await c.get("getSession")());
    const created = await createConsultant(db, actor, await readJson(c), writeDeps(c));
    c.header("Cache-Control", "no-store");
    return c.json(created, 201);
  });

  api.put("/:id", profileBodyLimit, async (c) => {
    const id = pathId(c, "id", "Consultant not found");
    const actor = actorOf(await c.get("getSession")());
    const updated = await updateConsultant(db, actor, id, await readJson(c), writeDeps(c));
    c.header("Cache-Control", "no-store");
    return c.json(updated);
  });

  return api;
}

/** GET /api/my-consultant-profile: the caller's own profile with everything, 404 when none. */
export function createMyProfileApi({ db }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.get("/", async (c) => {
    const own = await getOwnConsultant(db, actorOf(await c.get("getSession")()));
    c.header("Cache-Control", "no-store");
    return c.json(own);
  });
  return api;
}
