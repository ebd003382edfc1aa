import { Validator } from "@seriousme/openapi-schema-validator";
import { Hono } from "hono";
import { describe, expect } from "vitest";
import { AVAILABILITY_VALUES, EXPERIENCE_LEVELS, SORT_OPTIONS } from "#common/constants.ts";
import { REVIEW_ENGAGEMENTS } from "#common/reviews.ts";
import { call } from "../../tests/setup/api-app.ts";
import { contractBreach, documentedRoutes } from "../../tests/setup/api-contract.ts";
import { insertConsultant } from "../../tests/setup/consultants.ts";
import { apiTest } from "../../tests/setup/fixtures.ts";
import { solidGif } from "../../tests/setup/images.ts";
import { insertSignedInUser } from "../../tests/setup/users.ts";
import { createApi } from "./api/index.ts";
import { describeRoute, undescribedRoutes } from "./openapi/describe-route.ts";
import { messageOnly } from "./openapi/schemas.ts";
import { apiRoutes, responseSchemas, searchResultSchema } from "./openapi.ts";

const it = apiTest();

describe("the OpenAPI document", () => {
  it("documents every route of the API, and only those: each is registered with its description", async ({ api }) => {
    const app = createApi({ ...api, db: api.database.db, sql: api.database.sql } as never);
    expect(undescribedRoutes(app), "routes registered without describeRoute()").toEqual([]);
    const served = new Set(app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`));
    const documented = apiRoutes(app).map((route) => `${route.method} ${route.path}`);
    expect(new Set(documented)).toEqual(served);
    expect(documented).toHaveLength(served.size);
  });

  it("finds a route's description through mounted sub-apps, and a route without one", () => {
    const described = describeRoute({ tag: "Directory", summary: "Described", response: messageOnly });
    const inner = new Hono();
    inner.get("/:id", described, (c) => c.json({ message: "one" }));
    inner.post("/:id", (c) => c.json({ message: "two" }));
    // A sub-app with its own error handler wraps its handlers (Hono's COMPOSED_HANDLER).
    const withErrors = new Hono().onError((_error, c) => c.json({ message: "error" }, 500));
    withErrors.delete("/", describeRoute({ tag: "Directory", summary: "Gone", response: messageOnly }), (c) => c.body(null));
    const app = new Hono().route("/things", inner).route("/others", withErrors);
    expect(apiRoutes(app).map((route) => `${route.method} ${route.path} ${route.summary}`)).toEqual([
      "GET /things/:id Described",
      "DELETE /others Gone",
    ]);
    expect(undescribedRoutes(app)).toEqual(["POST /things/:id"]);
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
    for (const route of documentedRoutes()) {
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

  it("types every answer: no open object and no schema that admits anything (a generated client gets no unknown)", async ({
    api,
  }) => {
    const document = (await call(api.app, "GET", "/api/openapi.json")).json;
    const untyped: string[] = [];
    // An object must close its properties (additionalProperties: false) or type its values (a record);
    // an empty schema, or one with no type, const, enum or alternatives, says nothing.
    const walk = (schema: Record<string, unknown>, where: string) => {
      const keys = Object.keys(schema).filter((key) => key !== "description");
      if (keys.length === 0) return untyped.push(`${where}: {}`);
      if (schema.type === "object" && schema.additionalProperties !== false) {
        const values = schema.additionalProperties as Record<string, unknown> | undefined;
        if (!values || typeof values !== "object") return untyped.push(`${where}: open object`);
        walk(values, `${where}{*}`);
      }
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        walk(property, `${where}.${name}`);
      }
      if (schema.items) walk(schema.items as Record<string, unknown>, `${where}[]`);
      for (const key of ["anyOf", "oneOf", "allOf"]) {
        for (const [index, option] of ((schema[key] ?? []) as Record<string, unknown>[]).entries()) {
          walk(option, `${where}|${index}`);
        }
      }
      if (!["type", "const", "enum", "anyOf", "oneOf", "allOf"].some((key) => key in schema)) untyped.push(`${where}: no type`);
    };
    let answers = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, { content?: object }>)) {
          if (!status.startsWith("2")) continue;
          const json = (response.content as Record<string, { schema: Record<string, unknown> }> | undefined)?.[
            "application/json"
          ];
          if (!json) continue;
          answers++;
          walk(json.schema, `${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(untyped).toEqual([]);
    expect(answers).toBeGreaterThan(140);
    // Answers with nothing to say have no body at all.
    expect(document.paths["/api/conversations/{id}"].delete.responses["204"]).toEqual({ description: "Done; no content" });
    // Enums kept (issue 35 item 8): an account's role is one of two words, not any text.
    expect(document.paths["/api/auth/me"].get.responses["200"].content["application/json"].schema.properties.role).toEqual({
      type: "string",
      enum: ["user", "admin"],
    });
    // ...and a review's engagement one of the form's choices.
    expect(
      document.paths["/api/consultants/{id}/reviews"].post.responses["201"].content["application/json"].schema.properties
        .engagement.enum,
    ).toEqual([...REVIEW_ENGAGEMENTS]);
    expect(
      document.paths["/api/consultants"].get.responses["200"].content["application/json"].schema.properties.sort.enum,
    ).toEqual(SORT_OPTIONS.map(({ value }) => value));
  });

  it("says what a request may carry: the search's fixed choices as enums, a message's consultant in the path only", async ({
    api,
  }) => {
    // The operations review (part 2, 7): experience, availability and sort were any text, so a generated
    // client accepted sort: "cheapest" (the server's 400); the message body required the consultantId
    // the door takes from the path.
    const document = (await call(api.app, "GET", "/api/openapi.json")).json;
    const search = Object.fromEntries(
      document.paths["/api/consultants"].get.parameters.map((parameter: { name: string; schema: { enum?: string[] } }) => [
        parameter.name,
        parameter.schema.enum,
      ]),
    );
    expect(search.experience).toEqual(EXPERIENCE_LEVELS.map(({ value }) => value));
    expect(search.availability).toEqual([...AVAILABILITY_VALUES]);
    expect(search.sort).toEqual(SORT_OPTIONS.map(({ value }) => value));
    const message = document.paths["/api/consultants/{id}/messages"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(message.properties)).not.toContain("consultantId");
    expect(message.required).not.toContain("consultantId");
  });

  it("holds the API tests' answers to their schemas: a field too many or too few, at any depth, or another status fails", async ({
    api,
  }) => {
    const { id } = await insertConsultant(api.database.sql);
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const answer = await api.app.request("/api/admin/consultants?page=1&limit=5", {
      headers: { authorization: `Bearer ${admin.token}`, "x-forwarded-for": "192.0.2.77" },
    });
    const text = await answer.text();
    const page = JSON.parse(text) as { consultants: Record<string, unknown>[] };
    expect(page.consultants.map((consultant) => consultant.id)).toContain(id);
    const breach = (json: unknown, status = 200) =>
      contractBreach("GET", "/api/admin/consultants?page=1", status, JSON.stringify(json), json);
    expect(breach(page)).toBeUndefined();
    const [first, ...rest] = page.consultants;
    // A hash an answer must never carry, deep in a list: refused though the route's item schema is strict...
    expect(breach({ ...page, consultants: [{ ...first, passwordHash: "$argon2id$..." }, ...rest] })).toMatch(
      /answered what its schema refuses: .*unrecognized_keys.*passwordHash/,
    );
    const { ownerId: _owner, ...missing } = first as Record<string, unknown>;
    expect(breach({ ...page, consultants: [missing, ...rest] })).toMatch(/ownerId/);
    expect(breach(page, 201)).toBe("GET /api/admin/consultants answered 201; the document says 200");
    // An answer without a body is documented as such: a body on a 204 fails.
    expect(contractBreach("DELETE", "/api/conversations/5", 204, "{}", {})).toMatch(/answered a body with its 204/);
    expect(contractBreach("DELETE", "/api/conversations/5", 204, "", undefined)).toBeUndefined();
    // Literal paths win over parameters: .../interests/mine is the applicant's own, not an applicant's by id.
    expect(contractBreach("PATCH", "/api/opportunities/3/interests/mine", 200, "{}", {})).toMatch(
      /^PATCH \/api\/opportunities\/:id\/interests\/mine /,
    );
    // Errors and routes outside the document are not its business.
    expect(contractBreach("GET", "/api/admin/consultants", 404, "", { message: "x" })).toBeUndefined();
    expect(contractBreach("GET", "/healthz", 200, "", { anything: true })).toBeUndefined();
  });

  it("has a readable reference page", async ({ api }) => {
    const response = await api.app.request("/api/docs");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>DevConsult SEA API reference</h1>");
    expect(html).toContain("<code>GET /api/consultants/:id</code>");
    expect(html).not.toContain("<script");
    // The site's own icon, as every page names it: without it browsers asked /favicon.ico, a 404 (operations review).
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
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
      ["GET /api/consultants/:id", (await call(api.app, "GET", `/api/consultants/${id}`)).json, responseSchemas.profile],
      ["GET /api/auth/me", (await call(api.app, "GET", "/api/auth/me", { token })).json, responseSchemas.user],
    ];
    for (const [route, body, schema] of checks) {
      const parsed = schema.safeParse(body);
      expect(parsed.success, `${route}: ${JSON.stringify(parsed.error)}`).toBe(true);
    }
    const registered201 = documentedRoutes().find((route) => route.path === "/auth/register")
      ?.response as typeof searchResultSchema;
    expect(registered201.safeParse(registered.json).success).toBe(true);
  });
});
