import { Hono } from "hono";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { responseSchemas } from "#server/http/openapi/schemas.ts";
import { directoryStats } from "#server/services/stats.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";

const describeRoute = describeRoutesIn("Directory");

export function createStatsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  // GET /api/stats: the spec's four totals, plus listed consultants per country for the home tiles.
  api.get(
    "/",
    describeRoute({
      summary: "Directory totals and consultants per country",
      response: responseSchemas.stats,
    }),
    async (c) => c.json(await directoryStats(apiServiceDeps(deps, c))),
  );
  return api;
}
