import type { Context, MiddlewareHandler } from "hono";

// Text is checked at the edge, in one place for both doors: every query parameter and every text
// field of a JSON, URL-encoded or multipart body (file contents excepted). A NUL or another control
// character (tab, line feed and carriage return are text) or a lone UTF-16 surrogate is refused
// with a 400 naming the field: PostgreSQL cannot store NUL, JSON columns refuse lone surrogates,
// and none of them belongs in a name, a message or a search. Page actions (and their `.data`
// URLs) accept only the form encodings a browser sends; anything else is a 415, a form that does
// not parse a 400. Runs after the body limit, which leaves the body buffered.

const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const TEXT_GUARD_MESSAGE = "contains characters that are not allowed";

/** True when the text holds a character the site refuses (control characters, lone surrogates). */
export function hasForbiddenText(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** The path of the first forbidden string in a parsed JSON value (keys included), if any. */
function findInJson(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return hasForbiddenText(value) ? path || "body" : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findInJson(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (hasForbiddenText(key)) return keyPath;
      const found = findInJson(item, keyPath);
      if (found) return found;
    }
  }
  return undefined;
}

function findInEntries(entries: Iterable<[string, FormDataEntryValue | string]>): string | undefined {
  for (const [key, value] of entries) {
    if (hasForbiddenText(key)) return key;
    if (typeof value === "string" && hasForbiddenText(value)) return key;
  }
  return undefined;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function refuse(c: Context, status: 400 | 415, message: string, field?: string) {
  const api = c.req.path.startsWith("/api/");
  const errors = field ? [{ path: field, message }] : undefined;
  if (api) return c.json(errors ? { message, errors } : { message }, status);
  return c.text(message, status);
}

/** `field contains characters that are not allowed`, naming the field the way the API names paths. */
export function forbiddenTextMessage(field: string) {
  return `${field} ${TEXT_GUARD_MESSAGE}`;
}

export function textGuard(): MiddlewareHandler {
  return async (c, next) => {
    let query: URLSearchParams;
    try {
      query = new URL(c.req.url).searchParams;
    } catch {
      return refuse(c, 400, "Invalid address");
    }
    const badQuery = findInEntries(query.entries());
    if (badQuery) return refuse(c, 400, forbiddenTextMessage(badQuery), badQuery);

    const raw = c.req.raw;
    if (!raw.body || raw.method === "GET" || raw.method === "HEAD") return next();
    const page = !c.req.path.startsWith("/api/");
    const type = (raw.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    // The body limit has buffered the body: read it and hand on a fresh Request with the same bytes.
    const bytes = new Uint8Array(await raw.arrayBuffer());
    const headers = new Headers(raw.headers);
    if (page && !FORM_TYPES.includes(type)) {
      if (bytes.byteLength > 0)
        return refuse(c, 415, "Send the form as application/x-www-form-urlencoded or multipart/form-data");
      // An empty POST without a type (a bare sign-out button, a script) is an empty form.
      headers.set("content-type", "application/x-www-form-urlencoded");
    }
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: bytes, signal: raw.signal });
    let bad: string | undefined;
    if (type === "application/json") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        parsed = undefined; // The route answers malformed JSON itself.
      }
      bad = findInJson(parsed, "");
    } else if (type === "application/x-www-form-urlencoded") {
      bad = findInEntries(new URLSearchParams(new TextDecoder().decode(bytes)).entries());
    } else if (type === "multipart/form-data") {
      let form: FormData;
      try {
        form = await new Response(bytes, { headers: { "content-type": raw.headers.get("content-type") ?? "" } }).formData();
      } catch {
        return refuse(c, 400, "The form data could not be read");
      }
      bad = findInEntries(form.entries());
    } else if (bytes.byteLength > 0 && hasForbiddenText(new TextDecoder().decode(bytes))) {
      bad = "body";
    }
    if (bad) return refuse(c, 400, forbiddenTextMessage(bad), bad);
    return next();
  };
}
