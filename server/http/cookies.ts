import type { Config } from "../config.ts";

// The session cookie and the request headers that carry a session, for both doors: the JSON API
// (sign-in, sign-out) and the pages (the sign-in and reset actions) build their Set-Cookie here.
//
// The browser holds its session in an httpOnly, SameSite=Lax cookie (`__Host-` prefixed and Secure
// when the site is served over https); API clients send the same token as `Authorization: Bearer`.
// Both doors get the signed-in user from middleware/session.ts.

type CookieConfig = Pick<Config, "secureCookies">;

export function sessionCookieName(config: CookieConfig): string {
  return config.secureCookies ? "__Host-session" : "session";
}

/** The attributes of every cookie this site sets for itself (the session's, the toast's). */
export function cookieAttributes(config: CookieConfig, maxAgeSeconds: number): string {
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

/** "Trust this browser for 30 days" (issue 38): its token skips the sign-in's second step for its account. */
export function trustedBrowserCookieName(config: CookieConfig): string {
  return config.secureCookies ? "__Host-trusted_browser" : "trusted_browser";
}

export function trustedBrowserCookie(config: CookieConfig, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${trustedBrowserCookieName(config)}=${token}; ${cookieAttributes(config, maxAge)}`;
}

/**
 * The device cookie (issue 38): a random token a browser gets at its first sign-in and keeps 400
 * days (the longest a browser keeps a cookie), so a later sign-in from it is not e-mailed to the
 * account's owner as one from a new device. It identifies nothing but the browser; signing out
 * keeps it.
 */
export function deviceCookieName(config: CookieConfig): string {
  return config.secureCookies ? "__Host-device" : "device";
}

export const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;

export function deviceCookie(config: CookieConfig, token: string): string {
  return `${deviceCookieName(config)}=${token}; ${cookieAttributes(config, DEVICE_COOKIE_SECONDS)}`;
}
