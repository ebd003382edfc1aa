import type { MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  type Locale,
  localizePath,
  preferredLocale,
  splitLocalePath,
} from "#common/locales.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { rememberAccountLocale } from "#server/services/accounts/account.ts";
import { actorOf } from "#server/services/context.ts";
import type { HttpEnv } from "../context.ts";
import { readCookie } from "../cookies.ts";

// The interface language around the pages (issue 37; docs/decisions/015-interface-languages.md).
// A page's language is its URL's: English unprefixed, /id, /vi, /th (server/http/render.ts).
// Around that, for people (never for crawlers, which must see every URL as it is):
//
// - Memory: a page viewed in a language is remembered in the `lang` cookie (and, for a signed-in
//   person, on the account, where e-mails read it). A visitor who never chose keeps no cookie
//   while they read English.
// - The front door: `/` with no cookie, from a browser whose Accept-Language prefers Indonesian,
//   Vietnamese or Thai to English, answers once with a 302 to that language (the cookie then
//   remembers it, so it happens once). `/` with a cookie that remembers a translated language
//   sends the visitor there too, unless they came from a page of this site (the switcher's English
//   link, the logo): a choice made here is never undone by a redirect.

function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function appendVary(headers: Headers, value: string) {
  const vary = headers.get("Vary");
  if (!vary?.toLowerCase().includes(value.toLowerCase())) headers.set("Vary", vary ? `${vary}, ${value}` : value);
}

export function interfaceLanguage(db: Database, config: Pick<Config, "secureCookies">): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const agent = c.req.header("user-agent") ?? "";
    if (!agent || isbot(agent)) return next();
    const saved = readCookie(c.req.header("cookie"), LOCALE_COOKIE);
    const remembered = isLocale(saved) ? saved : undefined;

    if (c.req.path === "/") {
      const target =
        remembered === undefined
          ? preferredLocale(c.req.header("accept-language"))
          : remembered !== DEFAULT_LOCALE && c.req.header("sec-fetch-site") !== "same-origin"
            ? remembered
            : null;
      if (target) {
        const url = new URL(c.req.url);
        const response = new Response(null, {
          status: 302,
          headers: {
            Location: localizePath(target, `/${url.search}`),
            "Set-Cookie": localeCookie(target, config.secureCookies),
            "Cache-Control": "private, no-store",
            Vary: "Accept-Language, Cookie",
          },
        });
        return response;
      }
    }

    await next();

    const res = c.res;
    if (c.req.path === "/") {
      try {
        appendVary(res.headers, "Accept-Language");
      } catch {
        c.res = new Response(res.body, res);
        appendVary(c.res.headers, "Accept-Language");
      }
    }
    // Only a page (the document, not its .data, an API answer or a file) says which language was read.
    if (res.status !== 200 || !res.headers.get("Content-Type")?.startsWith("text/html")) return;
    const { locale } = splitLocalePath(c.req.path);
    if (saved !== locale && (remembered !== undefined || locale !== DEFAULT_LOCALE)) {
      try {
        c.res.headers.append("Set-Cookie", localeCookie(locale, config.secureCookies));
      } catch {
        c.res = new Response(res.body, res);
        c.res.headers.append("Set-Cookie", localeCookie(locale, config.secureCookies));
      }
    }
    const session = await c
      .get("getSession")()
      .catch(() => null);
    if (session && session.locale !== locale) {
      await rememberAccountLocale({ db }, actorOf(session), locale).catch((error: unknown) => {
        c.get("log").warn({ err: error }, "remembering the account's language failed");
      });
    }
  };
}
