import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "../../../common/constants.ts";
import { actorOf } from "../../services/actor.ts";
import {
  createConsultant,
  getOwnConsultant,
  listNewestConsultants,
  parseConsultantId,
  updateConsultant,
  viewConsultant,
} from "../../services/consultants.ts";
import { NotFound, PayloadTooLarge, ValidationFailed } from "../../services/errors.ts";
import type { HttpDeps, HttpEnv } from "../app.ts";

const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number of at least 1" })
    .int("page must be a whole number of at least 1")
    .min(1, "page must be a whole number of at least 1")
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});

/** A path id that is not a positive whole number names no consultant: 404, never a 500. */
export function consultantIdParam(value: string | undefined): number {
  const id = parseConsultantId(value);
  if (id === null) throw new NotFound("Consultant not found");
  return id;
}

async function readJson(c: Context<HttpEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationFailed("The request body must be JSON");
  }
}

/** A profile is a few kilobytes; the bio is at most 5000 characters. */
const profileBodyLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new PayloadTooLarge("The request body is too large");
  },
});

/** /api/consultants: the public list and profile, and the owner's create and update. */
export function createConsultantsApi({ db, config, storage }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const writeDeps = (c: Context<HttpEnv>) => ({ storage, log: c.get("log"), requireApproval: config.requireApproval });

  api.get("/", async (c) => {
    const query = listQuerySchema.parse(c.req.query());
    return c.json(await listNewestConsultants(db, query));
  });

  api.get("/:id", async (c) => {
    const id = consultantIdParam(c.req.param("id"));
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
    const id = consultantIdParam(c.req.param("id"));
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
