import type { MiddlewareHandler } from "hono";
import type { Config } from "#server/config.ts";
import { newToken } from "#server/services/sessions.ts";
import type { HttpEnv } from "../context.ts";
import { deviceCookie, deviceCookieName, readCookie, sessionCookieName } from "../cookies.ts";

/** What newToken() makes (32 random bytes, base64url); anything else in the cookie is ignored. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The device cookie (cookies.ts deviceCookie) for both doors: the request's token is the
 * browser's cookie, or a fresh one that is set only when this response signs someone in (sets a
 * session cookie): a visitor who never signs in gets no cookie. Sign-in code needs nothing but
 * `deps.deviceToken` (server/services/accounts/known-devices.ts).
 */
export function rememberDevice(config: Pick<Config, "secureCookies">): MiddlewareHandler<HttpEnv> {
  const name = deviceCookieName(config);
  const session = `${sessionCookieName(config)}=`;
  return async (c, next) => {
    const sent = readCookie(c.req.header("cookie"), name);
    const existing = sent && DEVICE_TOKEN.test(sent) ? sent : undefined;
    const token = existing ?? newToken();
    c.set("deviceToken", token);
    await next();
    if (existing) return;
    const signsIn = c.res.headers.getSetCookie().some((value) => value.startsWith(session) && !value.startsWith(`${session};`));
    if (signsIn) c.res.headers.append("Set-Cookie", deviceCookie(config, token));
  };
}
