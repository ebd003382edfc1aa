import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";
import { createApi } from "../api/index.ts";
import { findInJson, JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan, MAX_JSON_DEPTH } from "./text-guard.ts";

// Issue 35, item 3 (the operations review's second failure): 8 000 levels of nesting in a 16 KB
// sign-in body answered 500 (the text guard recursed once per level). Nesting is now measured
// without recursion before anything walks the body, and the walk itself keeps its own stack.

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp();
});
afterAll(async () => {
  await api?.close();
});

const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("JSON nesting", () => {
  it("is measured without recursion, strings and escapes aside", () => {
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(deep(1_000_000))).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: "[".repeat(100), quote: '"[[[', slash: "\\[[[" }))).toBe(false);
    expect(jsonNestsDeeperThan(`[${"{}".repeat(10_000)}]`)).toBe(false);
  });

  it("finds a forbidden string at any depth the limit lets through, without recursion", () => {
    let value: unknown = { name: "a\u0000b" };
    for (let level = 0; level < MAX_JSON_DEPTH - 1; level++) value = [value];
    expect(findInJson(value)).toBe(`${"0.".repeat(MAX_JSON_DEPTH - 1)}name`);
    expect(findInJson({ first: "ok", list: ["ok", { "bad\u0007key": 1 }] })).toBe("list.1.bad\u0007key");
    expect(findInJson(["ok", "\ud800"])).toBe("1");
    expect(findInJson({ fine: ["words", 1, null, { more: "text" }] })).toBeUndefined();
  });

  it("answers 400 to the review's 8 000 levels on sign-in, and on every JSON route", async () => {
    const signIn = await api.app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.80" },
      body: deep(8_000),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toEqual({ message: JSON_TOO_DEEP_MESSAGE });

    const routes = createApi({ ...api, db: api.database.db, sql: api.database.sql } as never).routes.filter(
      (route) => route.method === "POST" || route.method === "PUT" || route.method === "PATCH",
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const path = `/api${route.path.replace(/:\w+/g, "1")}`;
      const answer = await call(api.app, route.method, path, { body: JSON.parse(deep(MAX_JSON_DEPTH)), ip: "192.0.2.81" });
      expect(answer.status, `${route.method} ${path} at the limit`).toBeLessThan(500);
      const response = await api.app.request(path, {
        method: route.method,
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.81" },
        body: `{"a":${deep(8_000)}}`,
      });
      expect(response.status, `${route.method} ${path}`).toBe(400);
    }
  });
});
