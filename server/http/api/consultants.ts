import { Hono } from "hono";
import { z } from "zod";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "../../../common/constants.ts";
import { listNewestConsultants } from "../../services/consultants.ts";
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

export function createConsultantsApi({ db }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.get("/", async (c) => {
    const query = listQuerySchema.parse(c.req.query());
    return c.json(await listNewestConsultants(db, query));
  });
  return api;
}
