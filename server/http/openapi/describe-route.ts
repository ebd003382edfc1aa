import type { MiddlewareHandler } from "hono";
import type { RouterRoute } from "hono/types";
import { findTargetHandler } from "hono/utils/handler";
import type { ApiRoute } from "./schemas.ts";

// A route's OpenAPI description, declared where the route is registered:
//   const describeRoute = describeRoutesIn("Reviews");  // once a file: the reference's section
//   api.get("/:id", describeRoute({ summary, response }), call(...))
// describeRoute() is a middleware that only passes the request on; it carries the description,
// and ../openapi.ts builds the document by walking the API app's routes (app.routes) for it. A
// route registered without one is missing from the document, which openapi.test.ts refuses.
// (hono-openapi's describeRoute does the same; docs/decisions/009-service-contract.md says why
// this project keeps its own.)

/** What a route says of itself: everything of ApiRoute but its method and path, which Hono knows. */
export type RouteDescription = Omit<ApiRoute, "method" | "path">;

const DESCRIPTION = Symbol("openapi route description");
type Described = MiddlewareHandler & { [DESCRIPTION]: RouteDescription };

/** The route's description, as the first handler of its registration. */
export function describeRoute(description: RouteDescription): MiddlewareHandler {
  const passOn: MiddlewareHandler = (_c, next) => next();
  return Object.assign(passOn, { [DESCRIPTION]: description });
}

/**
 * describeRoute for the routes of one section of the reference (their tag), named once where a
 * file's routes are registered rather than in each route.
 */
export function describeRoutesIn(tag: ApiRoute["tag"]) {
  return (description: Omit<RouteDescription, "tag">) => describeRoute({ tag, ...description });
}

const descriptionOf = (handler: unknown) => (findTargetHandler(handler as () => void) as Partial<Described>)[DESCRIPTION];

/**
 * Each route that serves requests (not the middleware every path shares) once, in registration
 * order, with the description one of its handlers carries.
 */
function servedRoutes(routes: readonly RouterRoute[]) {
  const served = new Map<string, { method: string; path: string; description?: RouteDescription }>();
  for (const { method, path, handler } of routes) {
    if (method === "ALL") continue;
    const key = `${method} ${path}`;
    served.set(key, { method, path, description: served.get(key)?.description ?? descriptionOf(handler) });
  }
  return [...served.values()];
}

/** The documented routes of `app`, paths as Hono writes them ("/consultants/:id"), in registration order. */
export function describedRoutes(app: { routes: readonly RouterRoute[] }): ApiRoute[] {
  return servedRoutes(app.routes).flatMap(({ method, path, description }) =>
    description ? [{ method: method as ApiRoute["method"], path, ...description }] : [],
  );
}

/** The routes of `app` registered without a description ("GET /consultants/:id"). */
export function undescribedRoutes(app: { routes: readonly RouterRoute[] }): string[] {
  return servedRoutes(app.routes)
    .filter((route) => !route.description)
    .map(({ method, path }) => `${method} ${path}`);
}
