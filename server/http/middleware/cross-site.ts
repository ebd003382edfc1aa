import type { MiddlewareHandler } from "hono";
import type { Config } from "#server/config.ts";
import type { HttpEnv } from "../context.ts";
import { bearerToken } from "../cookies.ts";

// A page on another site can make the browser send our cookie with a form POST. Requests that
// change state are refused when the browser says they came from another site (Sec-Fetch-Site, or
// Origin for browsers without it). Bearer requests carry their credential explicitly and cannot
// be forged this way, so they are not affected; neither are clients that send neither header.

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(request: Request, trustedOrigin: string): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin !== trustedOrigin && origin !== new URL(request.url).origin;
}

export function crossSiteProtection(config: Pick<Config, "publicUrl">): MiddlewareHandler<HttpEnv> {
  const trustedOrigin = new URL(config.publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || bearerToken(c.req.header("authorization"))) return next();
    if (!isCrossSiteRequest(c.req.raw, trustedOrigin)) return next();
    c.get("log").warn({ origin: c.req.header("origin"), path: c.req.path }, "refused a cross-site request");
    const message = "This request came from another site and was refused.";
    if (c.req.path.startsWith("/api/")) return c.json({ message }, 403);
    return c.text(message, 403);
  };
}
