import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { type CurrentSession, resolveSession } from "../services/sessions.ts";
import type { HttpEnv } from "./context.ts";

// The browser holds its session in an httpOnly, SameSite=Lax cookie (`__Host-` prefixed and Secure
// when the site is served over https); API clients send the same token as `Authorization: Bearer`.
// Both doors (the JSON API and the pages) get the signed-in user from this one place.

type CookieConfig = Pick<Config, "secureCookies">;

export function sessionCookieName(config: CookieConfig): string {
  return config.secureCookies ? "__Host-session" : "session";
}

function cookieAttributes(config: CookieConfig, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${config.secureCookies ? "; Secure" : ""}`;
}

/** The Set-Cookie value that stores a session token in the browser until the session expires. */
export function sessionCookie(config: CookieConfig, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${sessionCookieName(config)}=${token}; ${cookieAttributes(config, maxAge)}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearSessionCookie(config: CookieConfig): string {
  return `${sessionCookieName(config)}=; ${cookieAttributes(config, 0)}`;
}

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(/;\s*/)) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index) === name) return part.slice(index + 1);
  }
  return undefined;
}

export function bearerToken(authorization: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

/**
 * Resolves the session lazily (health checks and assets never touch the database) and, when it
 * came from the cookie, keeps the cookie in step: sent again when the expiry was renewed, removed
 * when the session no longer exists. A response that sets the cookie itself (sign-in, sign-out) wins.
 */
export function sessionMiddleware(db: Database, config: CookieConfig): MiddlewareHandler<HttpEnv> {
  const name = sessionCookieName(config);
  return async (c, next) => {
    const bearer = bearerToken(c.req.header("authorization"));
    const cookie = bearer ? undefined : readCookie(c.req.header("cookie"), name);
    let pending: Promise<CurrentSession | null> | undefined;
    c.set("getSession", () => {
      const token = bearer ?? cookie;
      pending ??= token ? resolveSession(db, token) : Promise.resolve(null);
      return pending;
    });
    await next();
    if (!pending || cookie === undefined) return;
    // A failed lookup (database unavailable) says nothing about the session: leave the cookie alone.
    const outcome = await pending.then(
      (session) => ({ session }),
      () => undefined,
    );
    if (!outcome) return;
    const { session } = outcome;
    const headers = c.res.headers;
    if (headers.getSetCookie().some((value) => value.startsWith(`${name}=`))) return;
    if (!session) headers.append("Set-Cookie", clearSessionCookie(config));
    else if (session.renewed) headers.append("Set-Cookie", sessionCookie(config, cookie, session.expiresAt));
  };
}
