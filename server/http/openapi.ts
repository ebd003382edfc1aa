import { Hono } from "hono";
import type { RouterRoute } from "hono/types";
import { z } from "zod";
import { escapeMarkup } from "../services/markup.ts";
import { once } from "../services/once.ts";
import type { HttpEnv } from "./context.ts";
import { describedRoutes } from "./openapi/describe-route.ts";
import { API_TAGS, type ApiRoute, errorSchema, reauthenticateSchema } from "./openapi/schemas.ts";

export { type ApiRoute, responseSchemas, searchResultSchema } from "./openapi/schemas.ts";

// The OpenAPI 3.1 document of the JSON API, at GET /api/openapi.json, and a readable reference at
// GET /api/docs. Generated from the routes themselves: each route is registered with its
// description (describeRoute() in ./openapi/describe-route.ts: the zod schema its door validates
// the request with, the same object, from common/, and the shape of its answer), and the document
// walks the API app's routes for them. zod's own JSON Schema output (draft 2020-12, what OpenAPI
// 3.1 uses) turns them into the document. openapi.test.ts fails when a route has no description,
// or when a documented answer does not match what the route sends.

type RoutedApp = { routes: readonly RouterRoute[] };

/** The documented routes of the API app `api` (mounted at /api), section by section, each in registration order. */
export function apiRoutes(api: RoutedApp): ApiRoute[] {
  const routes = describedRoutes(api);
  const section = ({ tag }: ApiRoute) => API_TAGS.indexOf(tag);
  return routes.sort((a, b) => section(a) - section(b));
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say is left open. */
function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    reused: "inline",
  }) as Record<string, unknown>;
  return rest;
}

const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, "{$1}")}`;

function queryParameters(schema: z.ZodType) {
  const json = jsonSchema(schema, "input") as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** A file upload's body: multipart/form-data with the file in its field (OpenAPI 3.1's way of saying binary). */
function uploadBody({ field, mediaTypes, maxBytes, otherFields = [], raw }: NonNullable<ApiRoute["upload"]>) {
  const size = `at most ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB (${maxBytes} bytes)`;
  const file = { type: "string", contentMediaType: "application/octet-stream", description: `${mediaTypes.join(", ")}; ${size}` };
  const multipart = {
    schema: {
      type: "object",
      required: [field],
      properties: { [field]: file, ...Object.fromEntries(otherFields.map((name) => [name, { type: "string" }])) },
    },
    encoding: { [field]: { contentType: mediaTypes.join(", ") } },
  };
  const rawBodies = raw
    ? Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]))
    : {};
  return { required: true, description: `The file, ${size}`, content: { "multipart/form-data": multipart, ...rawBodies } };
}

/** The OpenAPI document of `routes` (apiRoutes()). */
export function openApiDocument(routes: readonly ApiRoute[]): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const status = String(route.status ?? 200);
    const success =
      "noContent" in route.response
        ? { description: "Done; no content" }
        : "mediaType" in route.response
          ? {
              description: "OK",
              // A file of one of several types lists each ("application/pdf, application/xml").
              content: Object.fromEntries(
                route.response.mediaType.split(", ").map((type) => [type, { schema: { type: "string", format: "binary" } }]),
              ),
            }
          : {
              description: "OK",
              content: { "application/json": { schema: jsonSchema(route.response as z.ZodType, route.answerIs ?? "output") } },
            };
    const failure = { content: { "application/json": { schema: jsonSchema(errorSchema, "output") } } };
    const forbidden = route.reauthenticate
      ? {
          "403": {
            description: `${route.auth === "admin" ? "Not an admin; or " : ""}no recent sign-in: { message, reauthenticate: true } (POST /api/auth/reauthenticate, then again)`,
            content: {
              "application/json": {
                schema: { anyOf: [jsonSchema(reauthenticateSchema, "output"), jsonSchema(errorSchema, "output")] },
              },
            },
          },
        }
      : route.auth === "admin"
        ? { "403": { description: "Not an admin", ...failure } }
        : {};
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_all, next: string | undefined) => (next ?? "").toUpperCase())}`,
      // Public operations say so (an empty list); the others take the session as a Bearer token or the cookie.
      security: route.auth ? [{ bearer: [] }, { cookie: [] }] : [],
      parameters: [...pathParameters, ...(route.query ? queryParameters(route.query) : [])],
      ...(route.body
        ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body, "input") } } } }
        : {}),
      ...(route.upload ? { requestBody: uploadBody(route.upload) } : {}),
      responses: {
        [status]: success,
        "400": { description: "Invalid input: the message, and each field's message", ...failure },
        ...(route.auth ? { "401": { description: "Not signed in", ...failure } } : {}),
        ...forbidden,
        "429": { description: "Too many requests (Retry-After)", ...failure },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "DevConsult SEA API",
      version: "1",
      description:
        "The JSON API of DevConsult SEA, a directory of international development consultants in Southeast Asia. Sign in with POST /api/auth/login and send the sessionToken as a Bearer token (or use the session cookie).",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        cookie: { type: "apiKey", in: "cookie", name: "session" },
      },
    },
    paths,
  };
}

/** A plain HTML reference of the document: no script, readable on a phone and by a screen reader. */
function referencePage(routes: readonly ApiRoute[], openApi: object): string {
  const byTag = new Map<string, ApiRoute[]>();
  for (const route of routes) byTag.set(route.tag, [...(byTag.get(route.tag) ?? []), route]);
  const document = openApi as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  };
  const sections = [...byTag].map(([tag, routes]) => {
    const items = routes.map((route) => {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      const content = operation?.requestBody?.content;
      const body = content?.["application/json"]?.schema ?? content?.["multipart/form-data"]?.schema;
      return `<li><h3><code>${route.method} /api${escapeMarkup(route.path)}</code></h3><p>${escapeMarkup(route.summary)}${
        route.auth === "admin" ? " (admins)" : route.auth ? " (signed in)" : ""
      }</p>${body ? `<details><summary>Request body</summary><pre>${escapeMarkup(JSON.stringify(body, null, 2))}</pre></details>` : ""}</li>`;
    });
    return `<section><h2>${escapeMarkup(tag)}</h2><ul>${items.join("")}</ul></section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>DevConsult SEA API reference</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}ul{list-style:none;padding:0}li{border-top:1px solid #ccc;padding:.5rem 0}h3{font-size:1rem;margin:0}pre{overflow:auto;background:#f4f4f4;padding:.5rem}</style></head><body><main><h1>DevConsult SEA API reference</h1><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>${sections.join("")}</main></body></html>`;
}

/** GET /api/openapi.json and GET /api/docs: the document of `api`, the JSON API's app, built on first use. */
export function createOpenApiRoutes(api: RoutedApp) {
  const app = new Hono<HttpEnv>();
  const routes = once(() => apiRoutes(api));
  const document = once(() => openApiDocument(routes()));
  const page = once(() => referencePage(routes(), document()));
  app.get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(document());
  });
  app.get("/docs", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.html(page());
  });
  return app;
}
