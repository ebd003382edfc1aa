import { Hono } from "hono";
import { z } from "zod";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "../../../common/constants.ts";
import { listNewestConsultants, parseConsultantId, viewConsultant } from "../../services/consultants.ts";
import { NotFound } from "../../services/errors.ts";
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

export function createConsultantsApi({ db }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.get("/", async (c) => {
    const query = listQuerySchema.parse(c.req.query());
    return c.json(await listNewestConsultants(db, query));
  });
  api.get("/:id", async (c) => {
    const { consultant } = await viewConsultant(db, null, consultantIdParam(c.req.param("id")));
    return c.json(consultant);
  });
  return api;
}
