import { Hono } from "hono";
import type { HttpDeps, HttpEnv } from "../app.ts";
import { createConsultantsApi } from "./consultants.ts";
import { createStatsApi } from "./stats.ts";

/** The JSON API: one resource a file, mounted here. */
export function createApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.route("/consultants", createConsultantsApi(deps));
  api.route("/stats", createStatsApi(deps));
  api.all("*", (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return api;
}
