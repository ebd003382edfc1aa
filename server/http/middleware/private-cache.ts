import type { MiddlewareHandler } from "hono";
import type { Config } from "#server/config.ts";
import { readCookie, sessionCookieName } from "../cookies.ts";

// Private answers must not be kept by a shared cache or the browser's back/forward history:
// every response to a request that carries a session (cookie or Bearer token), and every response
// of a private page or API whoever asks, gets `Cache-Control: private, no-store` unless the route
// already said no-store. Static files and photos, the same for everyone, keep their own header.

const PRIVATE_PATHS =
  /^(?:\/(?:id|vi|th)(?=\/))?\/(profile\/|my-consultant-profile|inbox|admin|sign-in|reset-password|verify-email|auth\/|api\/(auth|my-consultant-profile|admin)(\/|$))/;

export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function privateCache(config: Pick<Config, "secureCookies">): MiddlewareHandler {
  const cookieName = sessionCookieName(config);
  return async (c, next) => {
    await next();
    const existing = c.res.headers.get("Cache-Control") ?? "";
    if (/no-store|immutable/.test(existing)) return;
    // Pages, their .data answers, JSON and redirects; static files and photos are the same for all.
    const type = c.res.headers.get("Content-Type") ?? "";
    if (type && !/^(text\/html|application\/json|text\/x-script|text\/plain)/.test(type)) return;
    const credentialed =
      readCookie(c.req.header("cookie"), cookieName) !== undefined || /^bearer\s/i.test(c.req.header("authorization") ?? "");
    if (credentialed || PRIVATE_PATHS.test(c.req.path)) {
      // A page handler returns its own Response, whose headers may be immutable.
      try {
        c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      } catch {
        c.res = new Response(c.res.body, c.res);
        c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      }
    }
  };
}
