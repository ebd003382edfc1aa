import { Hono } from "hono";
import { z } from "zod";
import { adminConsultantSchema, hideSchema, rejectSchema } from "#common/admin-schema.ts";
import {
  accountProfileSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "#common/auth.ts";
import { consultantProfileSchema } from "#common/consultant-schema.ts";
import { conversationMessageSchema } from "#common/conversations.ts";
import { markReadSchema, replySchema, sendMessageSchema } from "#common/messages.ts";
import { reviewHideSchema, reviewResponseSchema, reviewSchema } from "#common/reviews.ts";
import { savedSearchCreateSchema, savedSearchUpdateSchema } from "#common/saved-searches.ts";
import { searchParamsSchema } from "#common/search-params.ts";
import { shortlistEntrySchema, shortlistNameSchema } from "#common/shortlists.ts";
import type { HttpEnv } from "./context.ts";

// The OpenAPI 3.1 document of the JSON API, at GET /api/openapi.json, and a readable reference at
// GET /api/docs. A registry beside the routes, not a rewrite of them: each entry names a route,
// the zod schema its door validates the request with (the same object, from common/), and the
// shape of its answer. zod's own JSON Schema output (draft 2020-12, what OpenAPI 3.1 uses)
// turns them into the document. openapi.test.ts fails when a route of the API is missing here,
// or when a documented answer does not match what the route sends.

const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const responseSchemas = {
  user: z
    .object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      isEmailVerified: z.boolean(),
      createdAt: z.string(),
    })
    .strict(),
  stats: z
    .object({
      totalConsultants: z.number().int(),
      totalCountries: z.number().int(),
      totalSpecializations: z.number().int(),
      totalProjects: z.number().int(),
      countries: z.array(z.object({ country: z.string(), count: z.number().int() }).strict()),
    })
    .strict(),
  consultant: z.looseObject({
    id: z.number().int(),
    name: z.string(),
    title: z.string(),
    location: z.string(),
    country: z.string(),
    // As text, as the spec's entity has it (server/http/years-as-text.ts).
    yearsExperience: z.string().regex(/^\d+$/),
    languages: z.array(z.string()),
    primarySpecialization: z.string(),
    secondarySpecializations: z.array(z.string()),
    bio: z.string(),
    profilePhotoUrl: z.string().nullable(),
    availableForWork: z.boolean(),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
  }),
};
const signedIn = z.object({ sessionToken: z.string(), user: responseSchemas.user }).strict();
export const searchResultSchema = z
  .object({
    consultants: z.array(responseSchemas.consultant),
    total: z.number().int(),
    totalIsCapped: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
    pageCount: z.number().int(),
    sort: z.string(),
    correctedKeywords: z.string().optional(),
  })
  .strict();
const messageOnly = z.looseObject({ message: z.string() });
const anyJson = z.looseObject({});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiRoute = {
  method: Method;
  /** As Hono writes it, under /api: "/consultants/:id". */
  path: string;
  summary: string;
  tag: string;
  auth?: "session" | "admin";
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success answer: a schema (JSON), or a media type for files. */
  response: z.ZodType | { mediaType: string };
  status?: number;
};

const pdf = { mediaType: "application/pdf" };
const csv = { mediaType: "text/csv" };

export const API_ROUTES: ApiRoute[] = [
  // Accounts
  {
    method: "POST",
    path: "/auth/register",
    tag: "Accounts",
    summary: "Create an account and sign in",
    body: registerSchema,
    response: signedIn,
    status: 201,
  },
  { method: "POST", path: "/auth/login", tag: "Accounts", summary: "Sign in", body: loginSchema, response: signedIn },
  {
    method: "POST",
    path: "/auth/logout",
    tag: "Accounts",
    summary: "Sign out (ends this session)",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/auth/me",
    tag: "Accounts",
    summary: "The signed-in account",
    auth: "session",
    response: responseSchemas.user,
  },
  {
    method: "PUT",
    path: "/auth/profile",
    tag: "Accounts",
    summary: "Change name and e-mail",
    auth: "session",
    body: accountProfileSchema,
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/auth/password",
    tag: "Accounts",
    summary: "Change the password",
    auth: "session",
    body: changePasswordSchema,
    response: anyJson,
  },
  {
    method: "POST",
    path: "/auth/resend-verification",
    tag: "Accounts",
    summary: "Send the verification e-mail again",
    auth: "session",
    response: anyJson,
  },
  {
    method: "POST",
    path: "/auth/verify-email",
    tag: "Accounts",
    summary: "Verify an e-mail address with the link's token",
    body: verifyEmailSchema,
    response: anyJson,
  },
  {
    method: "POST",
    path: "/auth/forgot-password",
    tag: "Accounts",
    summary: "Send a password reset link",
    body: forgotPasswordSchema,
    response: anyJson,
  },
  {
    method: "POST",
    path: "/auth/reset-password",
    tag: "Accounts",
    summary: "Set a new password with the link's token",
    body: resetPasswordSchema,
    response: anyJson,
  },
  // Directory
  {
    method: "GET",
    path: "/consultants",
    tag: "Directory",
    summary: "Search the listed consultants",
    query: searchParamsSchema,
    response: searchResultSchema,
  },
  {
    method: "GET",
    path: "/consultants/:id",
    tag: "Directory",
    summary: "One consultant's profile and track record",
    response: responseSchemas.consultant,
  },
  { method: "GET", path: "/consultants/:id/cv.pdf", tag: "Directory", summary: "A consultant's CV as PDF", response: pdf },
  {
    method: "POST",
    path: "/consultants",
    tag: "Directory",
    summary: "Create the caller's profile",
    auth: "session",
    body: consultantProfileSchema,
    response: responseSchemas.consultant,
    status: 201,
  },
  {
    method: "PUT",
    path: "/consultants/:id",
    tag: "Directory",
    summary: "Edit one's profile",
    auth: "session",
    body: consultantProfileSchema,
    response: responseSchemas.consultant,
  },
  {
    method: "GET",
    path: "/stats",
    tag: "Directory",
    summary: "Directory totals and consultants per country",
    response: responseSchemas.stats,
  },
  {
    method: "POST",
    path: "/upload-photo",
    tag: "Directory",
    summary: "Upload a profile photo (multipart, field profilePhoto)",
    auth: "session",
    response: z.object({ photoUrl: z.string() }).loose(),
    status: 201,
  },
  {
    method: "GET",
    path: "/my-consultant-profile",
    tag: "Directory",
    summary: "The caller's own profile",
    auth: "session",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/insights",
    tag: "Directory",
    summary: "Views and contacts of the caller's profile",
    auth: "session",
    response: anyJson,
  },
  // Messages
  {
    method: "POST",
    path: "/consultants/:id/messages",
    tag: "Messages",
    summary: "Send a consultant a message",
    auth: "session",
    body: sendMessageSchema,
    response: anyJson,
    status: 201,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/messages",
    tag: "Messages",
    summary: "The consultant's inbox",
    auth: "session",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "One message",
    auth: "session",
    response: anyJson,
  },
  {
    method: "PATCH",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "Mark read or unread",
    auth: "session",
    body: markReadSchema,
    response: anyJson,
  },
  {
    method: "POST",
    path: "/my-consultant-profile/messages/:messageId/reply",
    tag: "Messages",
    summary: "Reply to a message",
    auth: "session",
    body: replySchema,
    response: anyJson,
  },
  {
    method: "DELETE",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "Delete a message",
    auth: "session",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/conversations",
    tag: "Messages",
    summary: "The caller's conversations",
    auth: "session",
    response: anyJson,
  },
  { method: "GET", path: "/conversations/:id", tag: "Messages", summary: "One conversation", auth: "session", response: anyJson },
  {
    method: "POST",
    path: "/conversations/:id/messages",
    tag: "Messages",
    summary: "Write in a conversation",
    auth: "session",
    body: conversationMessageSchema,
    response: anyJson,
    status: 201,
  },
  // Reviews
  { method: "GET", path: "/consultants/:id/reviews", tag: "Reviews", summary: "A consultant's reviews", response: anyJson },
  {
    method: "POST",
    path: "/consultants/:id/reviews",
    tag: "Reviews",
    summary: "Review a consultant",
    auth: "session",
    body: reviewSchema,
    response: anyJson,
    status: 201,
  },
  {
    method: "PUT",
    path: "/reviews/:reviewId",
    tag: "Reviews",
    summary: "Edit one's review",
    auth: "session",
    body: reviewSchema,
    response: anyJson,
  },
  {
    method: "DELETE",
    path: "/reviews/:reviewId",
    tag: "Reviews",
    summary: "Delete one's review",
    auth: "session",
    response: anyJson,
  },
  {
    method: "POST",
    path: "/reviews/:reviewId/response",
    tag: "Reviews",
    summary: "The consultant answers a review",
    auth: "session",
    body: reviewResponseSchema,
    response: anyJson,
  },
  // Hiring
  {
    method: "GET",
    path: "/saved-searches",
    tag: "Hiring",
    summary: "The caller's saved searches",
    auth: "session",
    response: anyJson,
  },
  {
    method: "POST",
    path: "/saved-searches",
    tag: "Hiring",
    summary: "Save a search (with an alert)",
    auth: "session",
    body: savedSearchCreateSchema,
    response: anyJson,
    status: 201,
  },
  {
    method: "PATCH",
    path: "/saved-searches/:id",
    tag: "Hiring",
    summary: "Rename a saved search or change its alert",
    auth: "session",
    body: savedSearchUpdateSchema,
    response: anyJson,
  },
  {
    method: "DELETE",
    path: "/saved-searches/:id",
    tag: "Hiring",
    summary: "Delete a saved search",
    auth: "session",
    response: anyJson,
  },
  { method: "GET", path: "/shortlists", tag: "Hiring", summary: "The caller's shortlists", auth: "session", response: anyJson },
  {
    method: "POST",
    path: "/shortlists",
    tag: "Hiring",
    summary: "Create a shortlist",
    auth: "session",
    body: shortlistNameSchema,
    response: anyJson,
    status: 201,
  },
  { method: "GET", path: "/shortlists/:id", tag: "Hiring", summary: "One shortlist", auth: "session", response: anyJson },
  {
    method: "GET",
    path: "/shortlists/:id/export.csv",
    tag: "Hiring",
    summary: "A shortlist as CSV",
    auth: "session",
    response: csv,
  },
  {
    method: "PATCH",
    path: "/shortlists/:id",
    tag: "Hiring",
    summary: "Rename a shortlist",
    auth: "session",
    body: shortlistNameSchema,
    response: anyJson,
  },
  { method: "DELETE", path: "/shortlists/:id", tag: "Hiring", summary: "Delete a shortlist", auth: "session", response: anyJson },
  {
    method: "PUT",
    path: "/shortlists/:id/consultants/:consultantId",
    tag: "Hiring",
    summary: "Add a consultant (with a note)",
    auth: "session",
    body: shortlistEntrySchema,
    response: anyJson,
  },
  {
    method: "DELETE",
    path: "/shortlists/:id/consultants/:consultantId",
    tag: "Hiring",
    summary: "Remove a consultant",
    auth: "session",
    response: anyJson,
  },
  {
    method: "POST",
    path: "/shortlists/:id/share",
    tag: "Hiring",
    summary: "Share a shortlist by link",
    auth: "session",
    response: anyJson,
  },
  {
    method: "DELETE",
    path: "/shortlists/:id/share",
    tag: "Hiring",
    summary: "Stop sharing a shortlist",
    auth: "session",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/shared-shortlists/:token",
    tag: "Hiring",
    summary: "A shared shortlist, read-only",
    response: anyJson,
  },
  // Administration
  {
    method: "GET",
    path: "/admin/consultants",
    tag: "Administration",
    summary: "Profiles by status",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/admin/consultants/:id",
    tag: "Administration",
    summary: "One profile, every field",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id",
    tag: "Administration",
    summary: "Edit any profile",
    auth: "admin",
    body: adminConsultantSchema,
    response: anyJson,
  },
  {
    method: "DELETE",
    path: "/admin/consultants/:id",
    tag: "Administration",
    summary: "Delete a profile",
    auth: "admin",
    response: messageOnly,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/approve",
    tag: "Administration",
    summary: "Approve a profile",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/reject",
    tag: "Administration",
    summary: "Reject a profile with a reason",
    auth: "admin",
    body: rejectSchema,
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/hide",
    tag: "Administration",
    summary: "Hide a profile",
    auth: "admin",
    body: hideSchema,
    response: anyJson,
  },
  { method: "GET", path: "/admin/users", tag: "Administration", summary: "Accounts", auth: "admin", response: anyJson },
  {
    method: "PUT",
    path: "/admin/users/:id/promote",
    tag: "Administration",
    summary: "Make an account admin",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/demote",
    tag: "Administration",
    summary: "Take the admin role away",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/admin/queue",
    tag: "Administration",
    summary: "The approval queue: new profiles and changes, oldest first",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/approve-change",
    tag: "Administration",
    summary: "Approve a pending change to a listed profile",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/consultants/:id/reject-change",
    tag: "Administration",
    summary: "Reject a pending change with a reason",
    auth: "admin",
    body: rejectSchema,
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/block",
    tag: "Administration",
    summary: "Block an account",
    auth: "admin",
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/unblock",
    tag: "Administration",
    summary: "Unblock an account",
    auth: "admin",
    response: anyJson,
  },
  { method: "GET", path: "/admin/audit-log", tag: "Administration", summary: "Who did what", auth: "admin", response: anyJson },
  {
    method: "PUT",
    path: "/admin/reviews/:reviewId/hide",
    tag: "Administration",
    summary: "Hide a review",
    auth: "admin",
    body: reviewHideSchema,
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/admin/reviews/:reviewId/unhide",
    tag: "Administration",
    summary: "Show a hidden review again",
    auth: "admin",
    response: anyJson,
  },
];

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

let cached: object | undefined;

export function openApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const route of API_ROUTES) {
    const path = openApiPath(route.path);
    const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const status = String(route.status ?? 200);
    const success =
      "mediaType" in route.response
        ? { description: "OK", content: { [route.response.mediaType]: { schema: { type: "string", format: "binary" } } } }
        : { description: "OK", content: { "application/json": { schema: jsonSchema(route.response as z.ZodType, "output") } } };
    const failure = { content: { "application/json": { schema: jsonSchema(errorSchema, "output") } } };
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_all, next: string | undefined) => (next ?? "").toUpperCase())}`,
      ...(route.auth ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      parameters: [...pathParameters, ...(route.query ? queryParameters(route.query) : [])],
      ...(route.body
        ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body, "input") } } } }
        : {}),
      responses: {
        [status]: success,
        "400": { description: "Invalid input: the message, and each field's message", ...failure },
        ...(route.auth ? { "401": { description: "Not signed in", ...failure } } : {}),
        ...(route.auth === "admin" ? { "403": { description: "Not an admin", ...failure } } : {}),
        "429": { description: "Too many requests (Retry-After)", ...failure },
      },
    };
  }
  cached = {
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
  return cached;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char] ?? char);

/** A plain HTML reference of the document: no script, readable on a phone and by a screen reader. */
function referencePage(): string {
  const byTag = new Map<string, ApiRoute[]>();
  for (const route of API_ROUTES) byTag.set(route.tag, [...(byTag.get(route.tag) ?? []), route]);
  const document = openApiDocument() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  };
  const sections = [...byTag].map(([tag, routes]) => {
    const items = routes.map((route) => {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      const body = operation?.requestBody?.content["application/json"]?.schema;
      return `<li><h3><code>${route.method} /api${escapeHtml(route.path)}</code></h3><p>${escapeHtml(route.summary)}${
        route.auth === "admin" ? " (admins)" : route.auth ? " (signed in)" : ""
      }</p>${body ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre></details>` : ""}</li>`;
    });
    return `<section><h2>${escapeHtml(tag)}</h2><ul>${items.join("")}</ul></section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>DevConsult SEA API reference</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}ul{list-style:none;padding:0}li{border-top:1px solid #ccc;padding:.5rem 0}h3{font-size:1rem;margin:0}pre{overflow:auto;background:#f4f4f4;padding:.5rem}</style></head><body><main><h1>DevConsult SEA API reference</h1><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>${sections.join("")}</main></body></html>`;
}

/** GET /api/openapi.json and GET /api/docs. */
export function createOpenApiRoutes() {
  const app = new Hono<HttpEnv>();
  app.get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(openApiDocument());
  });
  app.get("/docs", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.html(referencePage());
  });
  return app;
}
