import type { MiddlewareHandler } from "hono";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { type CurrentSession, deleteSession, hashToken, resolveSession } from "#server/services/sessions.ts";
import type { HttpEnv } from "../context.ts";
import { bearerToken, clearSessionCookie, readCookie, sessionCookie, sessionCookieName } from "../cookies.ts";

type SessionConfig = Pick<Config, "secureCookies" | "enforceSecondFactor">;

/**
 * Resolves the session lazily (health checks and assets never touch the database) and, when it
 * came from the cookie, keeps the cookie in step: sent again when the expiry was renewed, removed
 * when the session no longer exists. A response that sets the cookie itself (sign-in, sign-out) wins.
 */
export function sessionMiddleware(db: Database, config: SessionConfig): MiddlewareHandler<HttpEnv> {
  const name = sessionCookieName(config);
  return async (c, next) => {
    const bearer = bearerToken(c.req.header("authorization"));
    const cookie = bearer ? undefined : readCookie(c.req.header("cookie"), name);
    let pending: Promise<CurrentSession | null> | undefined;
    c.set("getSession", () => {
      const token = bearer ?? cookie;
      pending ??= token
        ? resolveSession(db, token, { ip: c.get("clientIp") }, config.enforceSecondFactor)
        : Promise.resolve(null);
      return pending;
    });
    await next();
    if (cookie !== undefined && startsNewSession(c.res.headers, name, cookie)) {
      // A sign-in (or sign-up) in a browser that held a session ends that session (ASVS 7.2.4): a
      // token planted before the sign-in, or copied from this browser, stops working with it.
      await deleteSession(db, hashToken(cookie)).catch(() => undefined);
      return;
    }
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

/** Whether the response gives the browser another session token than the one it sent. */
function startsNewSession(headers: Headers, name: string, cookie: string): boolean {
  return headers.getSetCookie().some((value) => {
    if (!value.startsWith(`${name}=`)) return false;
    const token = value.slice(name.length + 1).split(";", 1)[0] ?? "";
    return token !== "" && token !== cookie;
  });
}
