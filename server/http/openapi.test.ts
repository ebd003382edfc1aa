import { describe, expect } from "vitest";
import { call } from "../../tests/setup/api-app.ts";
import { insertConsultant } from "../../tests/setup/consultants.ts";
import { apiTest } from "../../tests/setup/fixtures.ts";
import { createApi } from "./api/index.ts";
import { API_ROUTES, responseSchemas, searchResultSchema } from "./openapi.ts";

const it = apiTest();

describe("the OpenAPI document", () => {
  it("documents every route of the API, and only those", async ({ api }) => {
    const routes = createApi({ ...api, db: api.database.db, sql: api.database.sql } as never).routes;
    const served = new Set(routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`));
    const documented = new Set(API_ROUTES.map((route) => `${route.method} ${route.path}`));
    expect(
      [...served].filter((route) => !documented.has(route)),
      "routes missing from the document",
    ).toEqual([]);
    expect(
      [...documented].filter((route) => !served.has(route)),
      "documented routes that do not exist",
    ).toEqual([]);
  });

  it("is served as OpenAPI 3.1, with the request schemas the doors validate with", async ({ api }) => {
    const response = await call(api.app, "GET", "/api/openapi.json");
    expect(response.status).toBe(200);
    const document = response.json;
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toContain("/api/consultants/{id}");
    const registration = document.paths["/api/auth/register"].post;
    expect(registration.requestBody.content["application/json"].schema).toMatchObject({
      type: "object",
      properties: { email: expect.any(Object), password: { type: "string", minLength: 6 }, name: expect.any(Object) },
    });
    const search = document.paths["/api/consultants"].get;
    expect(search.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(["keywords", "page", "limit", "sort"]),
    );
    expect(search.responses["200"].content["application/json"].schema.properties.consultants.type).toBe("array");
  });

  it("has a readable reference page", async ({ api }) => {
    const response = await api.app.request("/api/docs");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>DevConsult SEA API reference</h1>");
    expect(html).toContain("<code>GET /api/consultants/:id</code>");
    expect(html).not.toContain("<script");
  });

  it("describes what the routes answer", async ({ api }) => {
    const { id } = await insertConsultant(api.database.sql);
    const registered = await call(api.app, "POST", "/api/auth/register", {
      body: { email: "openapi@example.org", password: "kettle-harbour-59", name: "Lan Nguyen" },
    });
    const token = registered.json.sessionToken as string;
    const checks: [string, unknown, { safeParse: (value: unknown) => { success: boolean; error?: unknown } }][] = [
      ["GET /api/stats", (await call(api.app, "GET", "/api/stats")).json, responseSchemas.stats],
      ["GET /api/consultants", (await call(api.app, "GET", "/api/consultants?keywords=education")).json, searchResultSchema],
      ["GET /api/consultants/:id", (await call(api.app, "GET", `/api/consultants/${id}`)).json, responseSchemas.consultant],
      ["GET /api/auth/me", (await call(api.app, "GET", "/api/auth/me", { token })).json, responseSchemas.user],
    ];
    for (const [route, body, schema] of checks) {
      const parsed = schema.safeParse(body);
      expect(parsed.success, `${route}: ${JSON.stringify(parsed.error)}`).toBe(true);
    }
    const registered201 = API_ROUTES.find((route) => route.path === "/auth/register")?.response as typeof searchResultSchema;
    expect(registered201.safeParse(registered.json).success).toBe(true);
  });
});
