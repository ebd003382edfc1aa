import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { createApi } from "#server/http/api/index.ts";
import { type ApiRoute, apiRoutes } from "#server/http/openapi.ts";
import { once } from "#server/services/once.ts";

// Every successful answer an API test receives (through call(), or app.request() on an app of
// serveApi) is held to what the OpenAPI document says the route answers (each route's describeRoute()):
// its status, and its JSON parsed by the route's schema with nothing left over, at any depth. A
// route that answers a field its schema does not name (a hash, a hidden e-mail), or leaves one
// out, fails the test that called it.

/**
 * The documented routes of the API, read from its app as GET /api/openapi.json does. Registering
 * the routes reads nothing of the dependencies (they are used per request), so none are given.
 */
export const documentedRoutes = once(() => apiRoutes(createApi({} as never)));

/** The documented route a request to `method` `url` reaches: literal segments win over parameters. */
export function documentedRoute(method: string, url: string): ApiRoute | undefined {
  const path = url.split(/[?#]/)[0] ?? "";
  if (!path.startsWith("/api/")) return undefined;
  const parameters = (route: ApiRoute) => (route.path.match(/:/g) ?? []).length;
  return documentedRoutes()
    .filter(
      (route) =>
        route.method === method.toUpperCase() && new RegExp(`^/api${route.path.replace(/:\w+/g, "[^/]+")}/?$`).test(path),
    )
    .sort((a, b) => parameters(a) - parameters(b))[0];
}

/** Why a 2xx answer breaks its route's contract, or undefined when it keeps it (or is not a documented route's). */
export function contractBreach(method: string, url: string, status: number, text: string, json: unknown): string | undefined {
  if (status < 200 || status > 299) return undefined;
  const route = documentedRoute(method, url);
  if (!route) return undefined;
  const name = `${route.method} /api${route.path}`;
  const documented = route.status ?? 200;
  if (status !== documented) return `${name} answered ${status}; the document says ${documented}`;
  if ("noContent" in route.response)
    return text === "" ? undefined : `${name} answered a body with its 204: ${text.slice(0, 200)}`;
  if ("mediaType" in route.response) return undefined;
  if (json === undefined) return `${name} answered no JSON: ${text.slice(0, 200)}`;
  const parsed = (route.response as z.ZodType).safeParse(json);
  if (!parsed.success) return `${name} answered what its schema refuses: ${JSON.stringify(parsed.error.issues)}`;
  // Objects the schema does not mark strict drop unknown keys instead of refusing them: what is left must be all.
  // (An answer in a schema's input form is transformed by parsing; such a schema is strict throughout.)
  if (route.answerIs !== "input" && !isDeepStrictEqual(parsed.data, json)) {
    return `${name} answered more than its schema names: ${JSON.stringify(json).slice(0, 400)} vs ${JSON.stringify(parsed.data).slice(0, 400)}`;
  }
  return undefined;
}

type RequestingApp = {
  request: (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => Response | Promise<Response>;
};
const holding = new WeakSet<object>();

/** Whether `app`'s answers are already held to the document (an app of holdAnswersToTheDocument). */
export const holdsAnswers = (app: object) => holding.has(app);

/** Makes `app.request()` throw when a documented route's 2xx answer breaks its contract. */
export function holdAnswersToTheDocument<App extends RequestingApp>(app: App): App {
  const request = app.request.bind(app);
  app.request = (async (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => {
    const response = await request(input, init, ...rest);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const url = input instanceof Request ? input.url : String(input);
    const path = /^https?:/.test(url) ? `${new URL(url).pathname}${new URL(url).search}` : url;
    const route = documentedRoute(method, path);
    // Files are not read here: the test reads them, and only JSON and empty answers have a schema.
    if (!route || response.status < 200 || response.status > 299 || "mediaType" in route.response) return response;
    const text = await response.clone().text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const breach = contractBreach(method, path, response.status, text, json);
    if (breach) throw new Error(`API contract: ${breach}`);
    return response;
  }) as App["request"];
  holding.add(app);
  return app;
}
