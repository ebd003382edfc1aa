import { Hono } from "hono";
import { directoryStats } from "#server/services/stats.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";

export function createStatsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  // GET /api/stats: the spec's four totals, plus listed consultants per country for the home tiles.
  api.get("/", async (c) => c.json(await directoryStats(apiServiceDeps(deps, c))));
  return api;
}
