import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./context.ts";

// The spec's Consultant entity has yearsExperience as text, and product.md promises the API
// returns it as the spec shows: "17", not 17. Services and pages keep the number (it is sorted,
// filtered and banded as one); the JSON door writes it as text, for every consultant in every
// answer, here in one place. Requests may still send a number or a numeric string.
//
// It converts the value handed to c.json, before it is serialized once: re-reading every JSON
// answer (clone, parse, stringify with a replacer) cost 0.6 ms of CPU per search request.

/** A copy of `value` with every numeric `yearsExperience` as text; other values as they are. */
function withTextYears(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withTextYears);
  if (value === null || typeof value !== "object") return value;
  const prototype = Object.getPrototypeOf(value);
  // Dates and other objects serialize themselves (toJSON): leave them alone.
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key === "yearsExperience" && typeof item === "number" ? String(item) : withTextYears(item);
  }
  return copy;
}

export function yearsExperienceAsText(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const json = c.json.bind(c);
    c.json = ((object: unknown, ...rest: unknown[]) =>
      (json as (...args: unknown[]) => Response)(withTextYears(object), ...rest)) as typeof c.json;
    await next();
  };
}
