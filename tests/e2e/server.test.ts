import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";

let app: AppServer;

beforeAll(async () => {
  app = await startApp({ env: { SEED_DEMO: "true" } });
});
afterAll(async () => {
  await app?.stop();
});

describe("HTTP server", () => {
  it("reports liveness and readiness", async () => {
    expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${app.url}/readyz`)).json()).toEqual({ status: "ready" });
  });

  it("sets security headers with a per-request nonce and never X-Powered-By", async () => {
    const first = await fetch(app.url);
    const second = await fetch(app.url);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/);
    expect(csp).not.toBe(second.headers.get("content-security-policy"));
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-powered-by")).toBeNull();
    expect(first.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const html = await first.text();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  it("compresses pages and serves hashed assets with long-lived cache headers", async () => {
    const page = await fetch(app.url, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${app.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toContain("javascript");
  });

  it("answers unknown pages with 404 and unknown API paths with a JSON 404", async () => {
    const page = await fetch(`${app.url}/definitely/not/here`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("404 Page Not Found");
    const api = await fetch(`${app.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: "No API endpoint GET /api/nothing-here" });
  });

  it("lists consultants as JSON and rejects nonsense paging with a clear 400", async () => {
    const list = await (await fetch(`${app.url}/api/consultants?limit=3`)).json();
    expect(list.consultants).toHaveLength(3);
    expect(list.total).toBe(150);
    for (const value of ["0", "abc", "101", "2.5"]) {
      const response = await fetch(`${app.url}/api/consultants?limit=${value}`);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe("Limit must be a whole number from 1 to 100");
    }
  });
});
