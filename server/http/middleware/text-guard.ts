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

/**
 * How deeply a JSON body may nest. The site's deepest document (a profile's assignment's list of
 * countries) is four levels; a body nested deeper is refused before anything walks it, so no
 * parser, check or schema down the line can run out of stack (8 000 levels fit in 16 KB).
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = `The request body nests more than ${MAX_JSON_DEPTH} levels deep`;

/** True when `text`, read as JSON, opens more than `max` arrays and objects inside each other. Never recurses. */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

/** The path of the first forbidden string in a parsed JSON value (keys included), if any; walks with a stack of its own. */
export function findInJson(root: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: "" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === "string") {
      if (hasForbiddenText(value)) return path || "body";
    } else if (value && typeof value === "object") {
      const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
      // Pushed last first, so the first field is looked at first.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as readonly [string, unknown];
        const itemPath = path ? `${path}.${key}` : key;
        if (!Array.isArray(value) && hasForbiddenText(key)) return itemPath;
        stack.push({ value: item, path: itemPath });
      }
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
      const text = new TextDecoder().decode(bytes);
      if (jsonNestsDeeperThan(text)) return refuse(c, 400, JSON_TOO_DEEP_MESSAGE);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // The route answers malformed JSON itself.
      }
      bad = findInJson(parsed);
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
    } else if (type === "application/pdf" && !page) {
      // A file (an opportunity's ToR PDF, issue 32): binary by nature; its route checks it by content.
    } else if (bytes.byteLength > 0 && hasForbiddenText(new TextDecoder().decode(bytes))) {
      bad = "body";
    }
    if (bad) return refuse(c, 400, forbiddenTextMessage(bad), bad);
    return next();
  };
}
