import { createHmac, timingSafeEqual } from "node:crypto";
import { redirect } from "react-router";
import { type ToastMessage, toastMessageSchema } from "#common/toast.ts";
import { cookieAttributes, readCookie } from "#server/http/cookies.ts";
import type { AppContext } from "../context.ts";

// A toast that must survive a redirect travels in a one-time cookie, read by the root loader.
// The cookie is signed (HMAC-SHA256 with the session secret, server/session-secret.ts): a toast
// carries a link, and a cookie planted by someone else (another site on a shared parent domain, a
// script that got in) must not make our page show their words or their link. A cookie whose
// signature does not match is ignored and cleared.

const COOKIE = "toast";

type Signer = Pick<AppContext, "config">;

function secretOf({ config }: Signer): string {
  if (!config.sessionSecret) throw new Error("no session secret: server/main.ts resolves one at start-up");
  return config.sessionSecret;
}

function signatureOf(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`toast.${payload}`).digest();
}

/** The Set-Cookie value that carries a toast to the next page: `<payload>.<signature>`, both base64url. */
function toastCookie(app: Signer, message: ToastMessage): string {
  const payload = Buffer.from(JSON.stringify(message)).toString("base64url");
  const signature = signatureOf(secretOf(app), payload).toString("base64url");
  return `${COOKIE}=${payload}.${signature}; ${cookieAttributes(app.config, 60)}`;
}

/**
 * Redirects with a toast for the next page: the one way a page action says how it went after a
 * redirect. `init` adds headers (a session cookie) or another status.
 */
export function redirectWithToast(app: Signer, url: string, toast: ToastMessage, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(app, toast));
  return redirect(url, { ...init, headers });
}

/** The toast a signed cookie carries, or null for a cookie someone else made or changed. */
function verified(app: Signer, value: string): ToastMessage | null {
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = signatureOf(secretOf(app), payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = toastMessageSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Reads and clears the toast cookie. */
export function readToast(app: Signer, request: Request): { toast: ToastMessage | null; clear: string | null } {
  const raw = readCookie(request.headers.get("cookie"), COOKIE);
  if (!raw) return { toast: null, clear: null };
  return { toast: verified(app, raw), clear: `${COOKIE}=; ${cookieAttributes(app.config, 0)}` };
}
