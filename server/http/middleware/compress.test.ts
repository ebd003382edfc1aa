import { gunzipSync, inflateSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressResponses } from "./compress.ts";

// Responses compressed in one call: what a client gets must be what the handler wrote.

const json = JSON.stringify({ consultants: Array.from({ length: 40 }, (_, id) => ({ id, title: "Public Health Specialist" })) });
const large = "<p>Maternal health in Laos and Cambodia.</p>\n".repeat(4000);

function app() {
  const hono = new Hono();
  hono.use(compressResponses());
  hono.get("/json", (c) => c.json(JSON.parse(json)));
  hono.get("/small", (c) => c.json({ ok: true }));
  hono.get("/large", (c) => c.html(large));
  hono.get("/pdf", (c) => c.body(new Uint8Array(4096).fill(37), 200, { "Content-Type": "application/pdf" }));
  hono.get("/encoded", (c) => c.body("already", 200, { "Content-Type": "text/html", "Content-Encoding": "gzip" }));
  hono.get("/no-transform", (c) => c.body(large, 200, { "Content-Type": "text/html", "Cache-Control": "no-transform" }));
  hono.get("/etag", (c) => c.body(json, 200, { "Content-Type": "application/json", ETag: '"v1"' }));
  return hono;
}

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  app().request(path, { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });

describe("compressResponses", () => {
  it("gzips a JSON answer, with its length, and says it varies by encoding", async () => {
    const response = await get("/json", "gzip, deflate, br, zstd");
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(body.length).toBeLessThan(json.length / 4);
    expect(gunzipSync(body).toString()).toBe(json);
  });

  it("compresses a large page off the request's thread, to the same bytes", async () => {
    const response = await get("/large", "gzip");
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(large);
  });

  it("deflates for a client that takes only deflate, and sends plain text to one that takes neither", async () => {
    const deflated = await get("/json", "deflate, gzip;q=0");
    expect(deflated.headers.get("Content-Encoding")).toBe("deflate");
    expect(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString()).toBe(json);
    for (const header of [undefined, "br", "identity", "*;q=0"]) {
      const plain = await get("/json", header);
      expect(plain.headers.get("Content-Encoding"), String(header)).toBeNull();
      expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
      expect(await plain.text()).toBe(json);
    }
  });

  it("leaves small bodies, binary files, encoded bodies, no-transform and HEAD as they are", async () => {
    const small = await get("/small", "gzip");
    expect(small.headers.get("Content-Encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const pdf = await get("/pdf", "gzip");
    expect(pdf.headers.get("Content-Encoding")).toBeNull();
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(Buffer.alloc(4096, 37));
    const encoded = await get("/encoded", "gzip");
    expect(encoded.headers.get("Content-Encoding")).toBe("gzip");
    expect(await encoded.text()).toBe("already");
    const untransformed = await get("/no-transform", "gzip");
    expect(untransformed.headers.get("Content-Encoding")).toBeNull();
    expect(await untransformed.text()).toBe(large);
    const head = await get("/json", "gzip", "HEAD");
    expect(head.headers.get("Content-Encoding")).toBeNull();
  });

  it("weakens a strong ETag, since the bytes are no longer the handler's", async () => {
    const response = await get("/etag", "gzip");
    expect(response.headers.get("ETag")).toBe('W/"v1"');
  });

  it("reads Accept-Encoding's q-values", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(chooseEncoding("deflate;q=0.9, gzip;q=0.5")).toBe("deflate");
    expect(chooseEncoding("gzip;q=0, deflate;q=0")).toBeUndefined();
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("br")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
