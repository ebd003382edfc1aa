import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./context.ts";

// The spec's Consultant entity has yearsExperience as text, and product.md promises the API
// returns it as the spec shows: "17", not 17. Services and pages keep the number (it is sorted,
// filtered and banded as one); the JSON door writes it as text, for every consultant in every
// answer, here in one place. Requests may still send a number or a numeric string.

function textYears(key: string, value: unknown) {
  return key === "yearsExperience" && typeof value === "number" ? String(value) : value;
}

export function yearsExperienceAsText(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.get("Content-Type")?.startsWith("application/json")) return;
    const text = await c.res.clone().text();
    if (!text.includes('"yearsExperience":')) return;
    const headers = new Headers(c.res.headers);
    headers.delete("Content-Length");
    c.res = new Response(JSON.stringify(JSON.parse(text), textYears), { status: c.res.status, headers });
  };
}
