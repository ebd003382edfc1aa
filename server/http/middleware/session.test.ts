import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import type { HttpEnv } from "../context.ts";
import { bearerToken, clearSessionCookie, readCookie, sessionCookie } from "../cookies.ts";
import { sessionMiddleware } from "./session.ts";

describe("session cookie", () => {
  it("is __Host- prefixed and Secure when the site is served over https", () => {
    const expires = new Date(Date.now() + 60_000);
    expect(sessionCookie({ secureCookies: true }, "tok", expires)).toMatch(
      /^__Host-session=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(59|60); Secure$/,
    );
    expect(sessionCookie({ secureCookies: false }, "tok", expires)).toMatch(
      /^session=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(59|60)$/,
    );
    expect(clearSessionCookie({ secureCookies: true })).toBe(
      "__Host-session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
  });

  it("reads the cookie and the Bearer token exactly", () => {
    expect(readCookie("a=1; session=xyz; other=2", "session")).toBe("xyz");
    expect(readCookie("xsession=1", "session")).toBeUndefined();
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer   abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeUndefined();
  });

  it("leaves the cookie alone when the session cannot be looked up (database unavailable)", async () => {
    const unavailable = {
      select: () => {
        throw new Error("database unavailable");
      },
    } as unknown as Database;
    const app = new Hono<HttpEnv>();
    app.use(sessionMiddleware(unavailable, { secureCookies: false, enforceSecondFactor: "none" }));
    app.get("/", async (c) => {
      try {
        await c.get("getSession")();
        return c.text("ok");
      } catch {
        return c.text("unavailable", 503);
      }
    });
    const response = await app.request("/", { headers: { cookie: "session=some-token" } });
    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
