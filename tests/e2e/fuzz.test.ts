import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../setup/app-server.ts";
import { PROFILE_FIELDS } from "../setup/consultants.ts";
import { type FuzzRequest, postJson, sendFuzzed, startFuzzedApp } from "../setup/fuzz-app.ts";

// Generated malformed requests against the real production build and a real database: for every
// class of endpoint at least 1 000 requests (bad types, control characters, lone surrogates,
// huge and negative numbers, broken JSON and multipart, wrong content types, odd ids and query
// strings). No answer may be a 5xx, no connection may be reset, and the server's resident memory
// must stay bounded. The seed is fixed when CI is set and random otherwise (printed, so a failure
// can be replayed with FUZZ_SEED=<seed>).

const REQUESTS_PER_CLASS = Number(process.env.FUZZ_REQUESTS ?? 1000);
const CONCURRENCY = 4;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? 20_261_123 : Date.now() % 2 ** 31;
/**
 * Above the memory the server had before the run. What the design lets grow is bounded: the page
 * cache (48 MB), the CV layout thread started by the first CV request (its own heap, up to 256 MB)
 * and the main thread's heap, which V8 lets grow lazily before it collects (185 to 315 MB in all
 * over the nine classes, measured on this machine and on CI). A leak of 50 KB per request over the
 * 9 000 requests would pass 450 MB.
 */
const RSS_GROWTH_LIMIT_MB = 420;

type Fixture = { userToken: string; adminToken: string; consultantId: number; messageId: number; origin: string };

// --- generators -------------------------------------------------------------------------------

const hostile = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\udfff",
  "x\ud800",
  "\u0007bell",
  "line\r\nbreak",
  "tab\there",
  "%00",
  "%",
  "%zz",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "\\",
  "/\t/evil.example.org",
  "//evil.example.org",
  "https://evil.example.org",
  "javascript:alert(1)",
  "9".repeat(40),
  "-1",
  "0",
  "2147483648",
  "-2147483649",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "1.5",
  "true",
  "null",
  "[]",
  "{}",
  "a".repeat(3000),
  "\u202e\u200b\ufeff",
  "😀".repeat(20),
);

const text = fc.oneof(
  { weight: 3, arbitrary: hostile },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(2_147_483_648, -1, 0, 1e308, Number.MAX_SAFE_INTEGER),
);
const jsonValue = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, leaf, { maxKeys: 3 }) },
);

/** Percent-encodes a value for a URL path; a lone surrogate goes as the bytes a careless client would send. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")).concat("%ED%BF%BF");
  }
}

const id = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.constantFrom("0", "2147483647", "2147483648", "99999999999999999999", "1.5", "abc", "%00", "%2e%2e", "-0", "1e3", " 1"),
  text.map(pathSegment),
);

/** A JSON object with the endpoint's own field names and hostile values, or JSON that is not an object at all. */
function jsonBody(fields: string[]) {
  const record = fc.dictionary(fc.oneof(fc.constantFrom(...fields), text), jsonValue, { maxKeys: fields.length + 2 });
  return fc.oneof(
    { weight: 6, arbitrary: record.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: jsonValue.map((value) => JSON.stringify(value) ?? "null") },
    {
      weight: 1,
      arbitrary: fc.constantFrom("{", '{"a":', "[1,2", "nul", '{"email":"\\ud800"}', '{"a":1}{', "\u0000", "", '"\\u0000"'),
    },
  );
}

function formBody(fields: string[]) {
  const entries = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fields), text), text), { maxLength: fields.length + 2 });
  return fc.oneof(
    { weight: 6, arbitrary: entries.map((pairs) => new URLSearchParams(pairs).toString()) },
    { weight: 1, arbitrary: fc.constantFrom("%", "a=%zz", "a=%ED%A0%80", "=&=&", "intent", "a=1&a=2&a=3") },
    { weight: 1, arbitrary: text },
  );
}

const BOUNDARY = "fuzzboundary";
function multipart(parts: { name: string; value: string | Uint8Array; filename?: string }[], close = true) {
  const chunks: (string | Uint8Array)[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    chunks.push(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`, part.value, "\r\n");
  }
  if (close) chunks.push(`--${BOUNDARY}--\r\n`);
  return Buffer.concat(chunks.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk)));
}

const imageBytes = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  // Real signatures followed by garbage, or by headers declaring enormous sizes.
  fc.uint8Array({ maxLength: 100 }).map((rest) => new Uint8Array([0xff, 0xd8, 0xff, ...rest])),
  fc.uint8Array({ maxLength: 100 }).map((rest) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...rest])),
  fc
    .tuple(fc.integer({ min: 0, max: 65535 }), fc.integer({ min: 0, max: 65535 }), fc.uint8Array({ maxLength: 60 }))
    .map(([w, h, rest]) => new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, w & 255, w >> 8, h & 255, h >> 8, ...rest])),
);

/** Content types that do not match the body, next to the right one. */
function contentType(right: string) {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(right) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        `multipart/form-data; boundary=${BOUNDARY}`,
        "multipart/form-data",
        "application/xml",
        "",
      ),
    },
  );
}

const query = (keys: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), text), text), { maxLength: 5 })
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ""));

// --- endpoint classes -------------------------------------------------------------------------

type Auth = "none" | "user" | "admin" | "bogus";
const auth = fc.constantFrom<Auth>("none", "user", "user", "admin", "bogus");

function apiRequest(f: Fixture, method: string, path: string, who: Auth, body?: string, type = "application/json"): FuzzRequest {
  const headers: Record<string, string> = {};
  if (who === "user") headers.authorization = `Bearer ${f.userToken}`;
  if (who === "admin") headers.authorization = `Bearer ${f.adminToken}`;
  if (who === "bogus") headers.authorization = "Bearer not-a-token\u00ff";
  if (body !== undefined && type) headers["content-type"] = type;
  return { method, path, headers, body };
}

function classes(f: Fixture): Record<string, fc.Arbitrary<FuzzRequest>> {
  const authFields = ["email", "password", "name", "token", "currentPassword", "newPassword"];
  const profileFields = [...PROFILE_FIELDS];
  const searchKeys = ["keywords", "location", "expertise", "experience", "languages", "availability", "page", "limit", "sort"];
  const messageFields = ["senderName", "senderEmail", "senderOrganization", "subject", "message", "website", "reply", "isRead"];
  const adminKeys = ["search", "status", "page", "limit", "reason"];
  const hiringFields = ["message", "name", "note", "query", "frequency", "score", "text", "engagement", "response", "reason"];
  const own = String(f.consultantId);
  const message = String(f.messageId);
  return {
    auth: fc
      .tuple(
        fc.constantFrom(
          ["POST", "register"],
          ["POST", "login"],
          ["POST", "logout"],
          ["POST", "forgot-password"],
          ["POST", "reset-password"],
          ["POST", "verify-email"],
          ["POST", "resend-verification"],
          ["PUT", "profile"],
          ["PUT", "password"],
          ["GET", "me"],
        ),
        auth,
        jsonBody(authFields),
        contentType("application/json"),
        fc.ipV4(),
      )
      .map(([[method, path], who, body, type, ip]) => {
        // Logging out would end the fixture's own session; its check is the bogus token's.
        const safeWho = path === "logout" && who !== "bogus" ? "none" : who;
        const request = apiRequest(f, method, `/api/auth/${path}`, safeWho, method === "GET" ? undefined : body, type);
        request.headers["x-forwarded-for"] = ip;
        return request;
      }),
    consultants: fc
      .tuple(
        fc.constantFrom("get", "post", "put-own", "put-other", "delete-other", "mine"),
        auth,
        id,
        jsonBody(profileFields),
        contentType("application/json"),
      )
      .map(([kind, who, anyId, body, type]) => {
        switch (kind) {
          case "get":
            return apiRequest(f, "GET", `/api/consultants/${anyId}`, who);
          case "post":
            return apiRequest(f, "POST", "/api/consultants", who, body, type);
          case "put-own":
            return apiRequest(f, "PUT", `/api/consultants/${own}`, who === "admin" ? "user" : who, body, type);
          case "put-other":
            return apiRequest(f, "PUT", `/api/consultants/${anyId}`, who === "admin" ? "user" : who, body, type);
          case "delete-other":
            return apiRequest(f, "DELETE", `/api/consultants/${anyId === own ? "0" : anyId}`, who === "admin" ? "user" : who);
          default:
            return apiRequest(f, "GET", "/api/my-consultant-profile", who);
        }
      }),
    search: fc
      .tuple(fc.constantFrom("/api/consultants", "/api/stats", "/api/consultants/"), query(searchKeys), auth)
      .map(([path, q, who]) => apiRequest(f, "GET", `${path}${q}`, who)),
    messages: fc
      .tuple(
        fc.constantFrom("send-own", "send-any", "list", "get", "patch", "reply", "delete-other"),
        auth,
        id,
        jsonBody(messageFields),
        contentType("application/json"),
        query(["page", "limit", "unread", "status"]),
        fc.ipV4(),
      )
      .map(([kind, who, anyId, body, type, q, ip]) => {
        const inbox = "/api/my-consultant-profile/messages";
        let request: FuzzRequest;
        if (kind === "send-own") request = apiRequest(f, "POST", `/api/consultants/${own}/messages`, who, body, type);
        else if (kind === "send-any") request = apiRequest(f, "POST", `/api/consultants/${anyId}/messages`, who, body, type);
        else if (kind === "list") request = apiRequest(f, "GET", `${inbox}${q}`, who);
        else if (kind === "get") request = apiRequest(f, "GET", `${inbox}/${anyId}`, who);
        else if (kind === "patch") request = apiRequest(f, "PATCH", `${inbox}/${message}`, who, body, type);
        else if (kind === "reply") request = apiRequest(f, "POST", `${inbox}/${message}/reply`, who, body, type);
        else request = apiRequest(f, "DELETE", `${inbox}/${anyId === message ? "0" : anyId}`, who);
        request.headers["x-forwarded-for"] = ip;
        return request;
      }),
    admin: fc
      .tuple(
        fc.constantFrom("consultants", "users", "audit-log", "consultant", "edit", "moderate", "role"),
        fc.constantFrom<Auth>("admin", "admin", "admin", "user", "none"),
        id,
        query(adminKeys),
        jsonBody([...profileFields, "reason"]),
        fc.constantFrom("approve", "reject", "hide", "unhide", "promote", "demote", "frobnicate"),
        contentType("application/json"),
      )
      .map(([kind, who, anyId, q, body, action, type]) => {
        if (kind === "consultants" || kind === "users" || kind === "audit-log") {
          return apiRequest(f, "GET", `/api/admin/${kind}${q}`, who);
        }
        if (kind === "consultant") return apiRequest(f, "GET", `/api/admin/consultants/${anyId}`, who);
        if (kind === "edit") return apiRequest(f, "PUT", `/api/admin/consultants/${anyId}`, who, body, type);
        if (kind === "moderate") return apiRequest(f, "PUT", `/api/admin/consultants/${anyId}/${action}`, who, body, type);
        return apiRequest(f, "PUT", `/api/admin/users/${anyId}/${action}`, who, body, type);
      }),
    upload: fc
      .tuple(
        fc.constantFrom<Auth>("user", "user", "none", "bogus"),
        imageBytes,
        fc.constantFrom("profilePhoto", "photo", "", "profilePhoto\u0000"),
        fc.constantFrom("a.jpg", "a.svg", "../../x.png", ""),
        fc.boolean(),
        contentType(`multipart/form-data; boundary=${BOUNDARY}`),
        fc.oneof({ weight: 3, arbitrary: fc.constant("photo.jpg") }, { weight: 1, arbitrary: text }),
      )
      .map(([who, bytes, field, filename, close, type, name]) => {
        const body = multipart(
          [
            { name: field, value: bytes, filename },
            { name: "name", value: name },
          ],
          close,
        );
        const request = apiRequest(f, "POST", "/api/upload-photo", who, undefined, "");
        request.body = body;
        if (type) request.headers["content-type"] = type;
        return request;
      }),
    // This round's endpoints: conversations, shortlists, saved searches, reviews, CV, insights.
    hiring: fc
      .tuple(
        fc.constantFrom(
          "conversations",
          "conversation",
          "conversation-send",
          "shortlists",
          "shortlist-create",
          "shortlist",
          "shortlist-patch",
          "shortlist-delete",
          "shortlist-entry",
          "shortlist-entry-delete",
          "shortlist-share",
          "shortlist-export",
          "shared-shortlist",
          "saved-searches",
          "saved-search-create",
          "saved-search-patch",
          "saved-search-delete",
          "reviews",
          "review-create",
          "review-edit",
          "review-delete",
          "review-response",
          "review-hide",
          "cv",
          "insights",
        ),
        auth,
        id,
        jsonBody(hiringFields),
        contentType("application/json"),
        query(["box", "page", "limit"]),
        fc.ipV4(),
      )
      .map(([kind, who, anyId, body, type, q, ip]) => {
        const routes: Record<string, [string, string, boolean]> = {
          conversations: ["GET", `/api/conversations${q}`, false],
          conversation: ["GET", `/api/conversations/${anyId}`, false],
          "conversation-send": ["POST", `/api/conversations/${anyId}/messages`, true],
          shortlists: ["GET", "/api/shortlists", false],
          "shortlist-create": ["POST", "/api/shortlists", true],
          shortlist: ["GET", `/api/shortlists/${anyId}`, false],
          "shortlist-patch": ["PATCH", `/api/shortlists/${anyId}`, true],
          "shortlist-delete": ["DELETE", `/api/shortlists/${anyId}`, false],
          "shortlist-entry": ["PUT", `/api/shortlists/${anyId}/consultants/${own}`, true],
          "shortlist-entry-delete": ["DELETE", `/api/shortlists/${anyId}/consultants/${anyId}`, false],
          "shortlist-share": ["POST", `/api/shortlists/${anyId}/share`, false],
          "shortlist-export": ["GET", `/api/shortlists/${anyId}/export.csv`, false],
          "shared-shortlist": ["GET", `/api/shared-shortlists/${anyId}`, false],
          "saved-searches": ["GET", "/api/saved-searches", false],
          "saved-search-create": ["POST", "/api/saved-searches", true],
          "saved-search-patch": ["PATCH", `/api/saved-searches/${anyId}`, true],
          "saved-search-delete": ["DELETE", `/api/saved-searches/${anyId}`, false],
          reviews: ["GET", `/api/consultants/${anyId}/reviews${q}`, false],
          "review-create": ["POST", `/api/consultants/${own}/reviews`, true],
          "review-edit": ["PUT", `/api/reviews/${anyId}`, true],
          "review-delete": ["DELETE", `/api/reviews/${anyId}`, false],
          "review-response": ["POST", `/api/reviews/${anyId}/response`, true],
          "review-hide": ["PUT", `/api/admin/reviews/${anyId}/hide`, true],
          cv: ["GET", `/api/consultants/${anyId}/cv.pdf`, false],
          insights: ["GET", `/api/my-consultant-profile/insights${q}`, false],
        };
        const [method, path, hasBody] = routes[kind] as [string, string, boolean];
        const request = apiRequest(f, method, path, who, hasBody ? body : undefined, type);
        request.headers["x-forwarded-for"] = ip;
        return request;
      }),
    "page actions": fc
      .tuple(
        fc.constantFrom(
          "/contact",
          "/sign-in",
          "/auth/logout",
          "/reset-password",
          "/profile/manage",
          "/admin",
          `/inbox/${message}`,
          "/saved-searches",
          `/consultant/${own}/message`,
          "/profile/new",
          `/profile/edit/${own}`,
          "/verify-email",
          "/consultant/1",
          "/messages/1",
          "/shortlists",
          "/shortlists/add",
          "/shortlists/1",
          "/my-consultant-profile",
          "/saved-searches/unsubscribe",
        ),
        fc.boolean(),
        fc.constantFrom<Auth>("none", "user", "admin"),
        formBody([
          "intent",
          "redirectTo",
          "email",
          "password",
          "name",
          "firstName",
          "lastName",
          "subject",
          "message",
          "reply",
          "id",
          "query",
          "frequency",
          "reason",
          "token",
          "confirmPassword",
          ...profileFields,
        ]),
        contentType("application/x-www-form-urlencoded"),
        fc.constantFrom("same", "same", "same", "foreign", "none"),
      )
      .map(([path, data, who, body, type, origin]) => {
        const headers: Record<string, string> = {};
        if (type) headers["content-type"] = type;
        if (origin === "same") headers.origin = f.origin;
        if (origin === "foreign") headers.origin = "https://evil.example.org";
        if (who === "user") headers.cookie = `session=${f.userToken}`;
        if (who === "admin") headers.cookie = `session=${f.adminToken}`;
        // The sign-out action would end the fixture's sessions.
        if (path === "/auth/logout") delete headers.cookie;
        return { method: "POST", path: `${path}${data ? ".data" : ""}`, headers, body };
      }),
    "page loaders": fc
      .tuple(
        fc.constantFrom(
          "/",
          "/sign-in",
          "/profile/manage",
          "/verify-email",
          "/reset-password",
          "/contact",
          "/inbox",
          `/inbox/${message}`,
          "/inbox/ID",
          "/saved-searches",
          "/consultant/ID",
          "/consultant/ID/message",
          "/profile/new",
          "/profile/edit/ID",
          "/my-consultant-profile",
          "/admin",
          "/help-center",
          "/messages",
          "/messages/ID",
          "/shortlists",
          "/shortlists/ID",
          "/shortlists/shared/ID",
          "/saved-searches/unsubscribe",
          "/sitemaps/consultants-ID.xml",
          "/no/such/ID",
        ),
        id,
        fc.boolean(),
        query([...searchKeys, "redirectTo", "tab", "token", "page", "confirm", "q", "_data", "index"]),
        fc.constantFrom<Auth>("none", "user", "admin"),
      )
      .map(([template, anyId, data, q, who]) => {
        const headers: Record<string, string> = {};
        if (who === "user") headers.cookie = `session=${f.userToken}`;
        if (who === "admin") headers.cookie = `session=${f.adminToken}`;
        const path = template.replace("ID", anyId);
        const suffix = data && !path.endsWith(".xml") ? (path === "/" ? "_root.data" : ".data") : "";
        return { method: "GET", path: `${path}${suffix}${q}`, headers };
      }),
  };
}

// --- running ----------------------------------------------------------------------------------

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function describeRequest(request: FuzzRequest) {
  const body =
    request.body === undefined ? "" : typeof request.body === "string" ? request.body : `<${request.body.byteLength} bytes>`;
  return `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${JSON.stringify(body.slice(0, 300))}`;
}

let app: AppServer;
let fixture: Fixture;
let baselineRss = 0;
let peakRss = 0;
const summary: string[] = [];

async function json(path: string, init: RequestInit) {
  const response = await fetch(`${app.url}${path}`, init);
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

beforeAll(async () => {
  const started = await startFuzzedApp("fuzz", "Fuzz");
  app = started.app;
  const { admin, user, consultantId } = started;
  await fetch(`${app.url}/api/admin/consultants/${consultantId}/approve`, {
    method: "PUT",
    headers: { authorization: `Bearer ${admin.token}` },
  });
  await postJson(
    app,
    `/api/consultants/${consultantId}/messages`,
    {
      senderName: "Sender",
      senderEmail: "sender@example.org",
      subject: "Assignment",
      message: "Would you be free for an evaluation in March?",
    },
    admin.token,
  );
  const inbox = await json("/api/my-consultant-profile/messages", { headers: { authorization: `Bearer ${user.token}` } });
  const first = (inbox.messages as { id: number }[] | undefined)?.[0];
  fixture = {
    userToken: user.token,
    adminToken: admin.token,
    consultantId,
    messageId: first?.id ?? 1,
    origin: app.url,
  };
  baselineRss = rssMegabytes(app.process.pid ?? 0);
  peakRss = baselineRss;
  console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
});

afterAll(async () => {
  console.log(summary.join("\n"));
  await app?.stop();
});

async function run(name: string, arbitrary: fc.Arbitrary<FuzzRequest>, seed: number) {
  const requests = fc.sample(arbitrary, { seed, numRuns: REQUESTS_PER_CLASS });
  const serverErrors: string[] = [];
  const resets: string[] = [];
  let next = 0;
  let done = 0;
  const statuses = new Map<number, number>();
  async function worker() {
    while (next < requests.length) {
      const request = requests[next++] as FuzzRequest;
      try {
        const response = await sendFuzzed(app, request);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) serverErrors.push(`${response.status} ${describeRequest(request)}`);
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        resets.push(`${cause?.code ?? cause?.message ?? String(error)} ${describeRequest(request)}`);
      }
      if (++done % 50 === 0) peakRss = Math.max(peakRss, rssMegabytes(app.process.pid ?? 0));
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  peakRss = Math.max(peakRss, rssMegabytes(app.process.pid ?? 0));
  const codes = [...statuses.entries()].sort(([a], [b]) => a - b).map(([code, count]) => `${code}×${count}`);
  summary.push(
    `${name}: ${requests.length} requests, ${serverErrors.length} 5xx, ${resets.length} resets, statuses ${codes.join(" ")}, peak RSS ${Math.round(peakRss)} MB (start ${Math.round(baselineRss)} MB)`,
  );
  expect(serverErrors.slice(0, 5)).toEqual([]);
  expect(resets.slice(0, 5)).toEqual([]);
  expect(peakRss - baselineRss).toBeLessThan(RSS_GROWTH_LIMIT_MB);
}

describe("fuzz: generated malformed requests", () => {
  const names = ["auth", "consultants", "search", "messages", "admin", "upload", "page actions", "page loaders", "hiring"];
  for (const [index, name] of names.entries()) {
    it(`${name}: no 5xx, no reset, bounded memory`, async () => {
      const arbitrary = classes(fixture)[name] as fc.Arbitrary<FuzzRequest>;
      await run(name, arbitrary, SEED + index);
    }, 180_000);
  }
});
