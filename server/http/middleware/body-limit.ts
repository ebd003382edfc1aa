import type { MiddlewareHandler } from "hono";
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from "#common/constants.ts";
import { CV_IMPORT_LIMITS, CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { BODY_TOO_LARGE, JSON_BODY_LIMIT } from "../request.ts";

// Every request body is bounded before it is read, on both doors (the JSON API and the pages,
// including React Router's `.data` requests). The body is read here, at most `limit` bytes, and
// handed on as a buffered Request, so no handler can read more. A body over the limit is answered
// 413 after the rest of it has been read and thrown away (up to DRAIN_MAX_BYTES): a client still
// sending would otherwise meet a reset instead of the answer. The 413 closes the connection.

const KB = 1024;

/** The photo plus the multipart envelope and the form's own fields. */
export const UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 64 * KB;
/** A CV to import (issue 34) plus the multipart envelope. */
export const CV_IMPORT_BODY_LIMIT = CV_IMPORT_LIMITS.bytes + 64 * KB;
/** Sign-in, registration, sign-out, password reset: a few short fields. */
export const SMALL_BODY_LIMIT = 16 * KB;
/** Any other page form: a profile's 5 000-character bio, percent-encoded, fits well. */
export const DEFAULT_BODY_LIMIT = 128 * KB;
/** Any other JSON body (server/http/request.ts). */
export { JSON_BODY_LIMIT };
/**
 * A consultant's profile with its whole track record (up to 50 assignments of 2 000 characters
 * each): large enough that an over-long description is refused by name (400), not by size.
 */
export const PROFILE_JSON_BODY_LIMIT = 2 * 1024 * KB;
/** An opportunity's ToR PDF (5 MB) with its envelope; the ToR itself as JSON. */
export const OPPORTUNITY_PDF_BODY_LIMIT = 5 * 1024 * KB + 64 * KB;
export const OPPORTUNITY_JSON_BODY_LIMIT = 256 * KB;
/** Past this many bytes an oversized body is no longer drained: the connection is closed. */
export const DRAIN_MAX_BYTES = 32 * 1024 * KB;

/**
 * The first rule that matches the path decides the limit and the 413's words (the spec's for a
 * photo and a logo; else the JSON door's, BODY_TOO_LARGE); page forms default to DEFAULT_BODY_LIMIT.
 */
const rules: { pattern: RegExp; limit: number; message?: string }[] = [
  { pattern: /^\/api\/upload-photo\/?$/, limit: UPLOAD_BODY_LIMIT, message: PHOTO_TOO_LARGE },
  // An organization's logo (issue 31), through the API and its manage page's form (without JS too).
  {
    pattern: /^\/(api\/organizations\/[^/]+\/logo|my-organizations\/[^/]+(\.data)?)\/?$/,
    limit: UPLOAD_BODY_LIMIT,
    message: PHOTO_TOO_LARGE,
  },
  { pattern: /^\/api\/my-consultant-profile\/import\/?$/, limit: CV_IMPORT_BODY_LIMIT, message: CV_IMPORT_MESSAGES.tooLarge },
  // The profile form carries the photo itself when JavaScript is off.
  { pattern: /^\/profile\/(new|edit\/[^/]+)(\.data)?\/?$/, limit: UPLOAD_BODY_LIMIT, message: PHOTO_TOO_LARGE },
  // The posting form carries the ToR's PDF (issue 32).
  { pattern: /^\/opportunities\/(new|[^/]+\/edit)(\.data)?\/?$/, limit: OPPORTUNITY_PDF_BODY_LIMIT },
  {
    pattern: /^\/(api\/auth\/.*|sign-in(\.data)?|auth\/logout(\.data)?|reset-password(\.data)?|verify-email(\.data)?)\/?$/,
    limit: SMALL_BODY_LIMIT,
  },
  { pattern: /^\/api\/consultants(\/[^/]+)?\/?$/, limit: PROFILE_JSON_BODY_LIMIT },
  // Opportunities (issue 32): the ToR's PDF (5 MB), and a ToR of 20 000 characters in any script as JSON.
  { pattern: /^\/api\/opportunities\/[^/]+\/tor\.pdf\/?$/, limit: OPPORTUNITY_PDF_BODY_LIMIT },
  { pattern: /^\/api\/opportunities(\/[^/]+)?\/?$/, limit: OPPORTUNITY_JSON_BODY_LIMIT },
  { pattern: /^\/api\//, limit: JSON_BODY_LIMIT },
];

/** The most a request to this path may send. */
export function bodyLimitFor(path: string): number {
  return rules.find((rule) => rule.pattern.test(path))?.limit ?? DEFAULT_BODY_LIMIT;
}

function tooLarge(path: string) {
  const message = rules.find((rule) => rule.pattern.test(path))?.message ?? BODY_TOO_LARGE;
  const body = path.startsWith("/api/") ? JSON.stringify({ message }) : message;
  return new Response(body, {
    status: 413,
    headers: {
      "Content-Type": path.startsWith("/api/") ? "application/json" : "text/plain; charset=utf-8",
      Connection: "close",
    },
  });
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  let total = alreadyRead;
  try {
    while (total <= DRAIN_MAX_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to drain.
  }
}

export function bodyLimits(): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body || raw.method === "GET" || raw.method === "HEAD") return next();
    const limit = bodyLimitFor(c.req.path);
    const declared = Number(raw.headers.get("content-length") ?? Number.NaN);
    const reader = raw.body.getReader();
    if (declared > limit) {
      if (declared <= DRAIN_MAX_BYTES) await drain(reader, 0);
      else await reader.cancel().catch(() => undefined);
      return tooLarge(c.req.path);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        chunks.length = 0;
        await drain(reader, size);
        return tooLarge(c.req.path);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const headers = new Headers(raw.headers);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(size));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
    return next();
  };
}
