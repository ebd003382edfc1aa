import { data } from "react-router";
import { NotFound } from "#server/services/errors.ts";
import { throwPageError } from "./service-errors.server.ts";

// The pages an e-mailed token link opens (an invitation, a reference request): the token is the
// whole key, so the page is never cached and never tells the next site its address; a token of
// the wrong shape, or one the service does not know (used, expired, never issued), is "unusable"
// with a 404, and the page says so.

/** The shape of every link token: anything else is not worth a query. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** The loader's answer for the token page: `{ state: "open", ...read() }`, or `{ state: "unusable" }` (404). */
export async function loadTokenPage<Open extends object>(token: string, read: (token: string) => Promise<Open>) {
  if (!TOKEN.test(token)) return data({ state: "unusable" as const }, { status: 404, headers });
  try {
    return data({ state: "open" as const, ...(await read(token)) }, { headers });
  } catch (error) {
    if (error instanceof NotFound) return data({ state: "unusable" as const }, { status: 404, headers });
    throwPageError(error);
  }
}
