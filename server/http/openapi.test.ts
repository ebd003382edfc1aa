import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect } from "vitest";
import { call } from "../../tests/setup/api-app.ts";
import { insertConsultant } from "../../tests/setup/consultants.ts";
import { apiTest } from "../../tests/setup/fixtures.ts";
import { solidGif } from "../../tests/setup/images.ts";
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

  it("is a valid OpenAPI document: public operations need nothing, the others name a scheme, uploads say what they take", async ({
    api,
  }) => {
    const document = (await call(api.app, "GET", "/api/openapi.json")).json;
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], "errors against the OpenAPI 3.1 schema").toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");

    // Every operation says who may call it: [] for anyone (Redocly's security-defined rule), else a defined scheme.
    const schemes = Object.keys(document.components.securitySchemes);
    expect(schemes).toEqual(["bearer", "cookie"]);
    const wrong: string[] = [];
    for (const route of API_ROUTES) {
      const operation = document.paths[`/api${route.path.replace(/:(\w+)/g, "{$1}")}`][route.method.toLowerCase()];
      const security = operation.security as Record<string, string[]>[] | undefined;
      const named = (security ?? []).flatMap((requirement) => Object.keys(requirement));
      const fine = route.auth
        ? named.length > 0 && named.every((name) => schemes.includes(name))
        : Array.isArray(security) && security.length === 0;
      if (!fine) wrong.push(`${route.method} ${route.path}: ${JSON.stringify(security)}`);
    }
    expect(wrong).toEqual([]);
    expect(document.paths["/api/consultants"].get.security).toEqual([]);
    expect(document.paths["/api/auth/login"].post.security).toEqual([]);
    expect(document.paths["/api/my-consultant-profile"].get.security).toEqual([{ bearer: [] }, { cookie: [] }]);

    // The photo upload's body: multipart, the file in profilePhoto, its types and size.
    const upload = document.paths["/api/upload-photo"].post.requestBody;
    expect(upload.required).toBe(true);
    const multipart = upload.content["multipart/form-data"];
    expect(multipart.schema).toMatchObject({
      type: "object",
      required: ["profilePhoto"],
      properties: { profilePhoto: { type: "string", contentMediaType: "application/octet-stream" }, name: { type: "string" } },
    });
    expect(multipart.encoding.profilePhoto.contentType).toBe("image/jpeg, image/png, image/gif");
    expect(upload.description).toContain("1.5 MB");
    // The other file bodies too: a CV to import, the ToR's PDF (also as the raw body).
    expect(
      document.paths["/api/my-consultant-profile/import"].post.requestBody.content["multipart/form-data"].schema.required,
    ).toEqual(["file"]);
    expect(Object.keys(document.paths["/api/opportunities/{id}/tor.pdf"].put.requestBody.content)).toEqual([
      "multipart/form-data",
      "application/pdf",
    ]);

    // What the document describes is what the door takes: a form built from it is accepted.
    const registered = await call(api.app, "POST", "/api/auth/register", {
      body: { email: "openapi.upload@example.org", password: "kettle-harbour-59", name: "Upload Person" },
    });
    const [field] = multipart.schema.required as string[];
    const [type] = (multipart.encoding[field as string].contentType as string).split(", ").reverse();
    const form = new FormData();
    form.set(field as string, new File([Buffer.from(await solidGif(40, 40))], "me.gif", { type }));
    form.set("name", "me.gif");
    const uploaded = await api.app.request("/api/upload-photo", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${registered.json.sessionToken}` },
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    expect(((await uploaded.json()) as { photoUrl: string }).photoUrl).toMatch(/^\/uploads\//);
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
