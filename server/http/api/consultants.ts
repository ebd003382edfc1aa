import { Hono } from "hono";
import { parseSearchParams } from "../../../common/search-params.ts";
import { searchConsultants } from "../../services/search.ts";
import type { HttpDeps, HttpEnv } from "../app.ts";

export function createConsultantsApi({ db }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  // GET /api/consultants?keywords&location&expertise&experience&languages&availability&page&limit&sort
  api.get("/", async (c) => {
    const parsed = parseSearchParams(new URL(c.req.url).searchParams);
    if (!parsed.success) throw parsed.error;
    return c.json(await searchConsultants(db, parsed.data));
  });
  return api;
}
