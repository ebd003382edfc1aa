import { readFile, stat } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";

// Static assets are compressed once, at build time (gzip and brotli), and sent as they are.

let app: AppServer;
let asset: string;

/** A raw GET: the bytes exactly as the server sent them (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      })
        .on("error", reject)
        .end();
    },
  );
}

beforeAll(async () => {
  app = await startApp();
  const html = await (await fetch(app.url)).text();
  // The largest script the page loads (the framework chunk): a file below a kilobyte, such as
  // the client entry now, is sent as it is, with no compressed copies beside it.
  const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  if (scripts.length === 0) throw new Error("the page names no script");
  const sizes = await Promise.all(scripts.map(async (name) => (await stat(path.join("build", "client", name))).size));
  asset = scripts[sizes.indexOf(Math.max(...sizes))] as string;
});
afterAll(async () => {
  await app?.stop();
});

describe("static assets", () => {
  it("sends the build's brotli file as it is to a browser that accepts brotli, cached for a year", async () => {
    const plain = await readFile(path.join("build", "client", asset));
    const response = await rawGet(`${app.url}${asset}`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.body.equals(await readFile(path.join("build", "client", `${asset}.br`)))).toBe(true);
    expect(brotliDecompressSync(response.body).equals(plain)).toBe(true);
  });

  it("sends the gzip file to a browser that accepts only gzip, and the plain file to one that accepts nothing", async () => {
    const plain = await readFile(path.join("build", "client", asset));
    const gzipped = await rawGet(`${app.url}${asset}`, { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.body.equals(await readFile(path.join("build", "client", `${asset}.gz`)))).toBe(true);
    expect(gunzipSync(gzipped.body).equals(plain)).toBe(true);

    const identity = await rawGet(`${app.url}${asset}`, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body.equals(plain)).toBe(true);
  });

  it("draws the page's icons from one cached sprite that holds every icon the page uses", async () => {
    const html = await (await fetch(app.url)).text();
    const uses = [...html.matchAll(/<use href="([^"#]+)#([^"]+)"/g)];
    expect(uses.length).toBeGreaterThan(5);
    const sprites = new Set(uses.map((match) => match[1]));
    expect(sprites.size).toBe(1);
    const [sprite] = [...sprites] as string[];
    expect(sprite).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
    const response = await fetch(`${app.url}${sprite}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await response.text();
    for (const [, , id] of uses) expect(svg, id).toContain(`<symbol id="${id}"`);
    // No icon is drawn inline any more: every <svg> of an icon is a reference.
    expect(html).not.toMatch(/class="lucide[^"]*"[^>]*><path/);
  });
});
