import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "./sigv4.ts";
import { localStorage, PHOTO_CACHE_CONTROL, s3Storage } from "./storage.ts";

const KEY = "photos/AbCdEfGhIjKlMnOpQrStUvWx-400.webp";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-storage-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("local photo storage", () => {
  it("writes, maps URLs back to keys, and removes", async () => {
    const storage = localStorage(dir);
    await storage.put(KEY, Buffer.from("webp bytes"), "image/webp");
    await expect(readFile(path.join(dir, KEY), "utf8")).resolves.toBe("webp bytes");
    const url = storage.urlOf(KEY);
    expect(url).toBe(`/uploads/${KEY}`);
    expect(storage.keyOf(url)).toBe(KEY);
    expect(storage.origin).toBeNull();
    await storage.remove(KEY);
    await expect(readFile(path.join(dir, KEY))).rejects.toThrow(/ENOENT/);
    await expect(storage.remove(KEY)).resolves.toBeUndefined();
  });

  it("refuses keys it did not make, and URLs that are not its own", async () => {
    const storage = localStorage(dir);
    await expect(storage.put("../../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(/unexpected storage key/);
    await expect(storage.remove("photos/../../secret-400.webp")).rejects.toThrow(/unexpected storage key/);
    expect(storage.keyOf("https://elsewhere.example/uploads/photos/x.webp")).toBeNull();
    expect(storage.keyOf("/uploads/photos/../../x-400.webp")).toBeNull();
  });
});

describe("S3-compatible photo storage", () => {
  const settings = {
    kind: "s3" as const,
    bucket: "photos-bucket",
    region: "ap-southeast-1",
    endpoint: "https://objects.example.net",
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "secret",
    publicUrl: "https://cdn.example.net/",
  };

  it("PUTs signed objects path-style with the content type and long cache, DELETEs them, and serves from the public URL", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: URL | string, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(null, { status: calls.length === 2 ? 404 : 200 });
    }) as typeof fetch;
    const storage = s3Storage(settings, fakeFetch);
    const body = Buffer.from("webp bytes");
    await storage.put(KEY, body, "image/webp");
    await storage.remove(KEY);
    const [put, del] = calls;
    expect(put?.url).toBe(`https://objects.example.net/photos-bucket/${KEY}`);
    expect(put?.init.method).toBe("PUT");
    const headers = put?.init.headers as Record<string, string>;
    expect(headers["content-type"]).toBe("image/webp");
    expect(headers["cache-control"]).toBe(PHOTO_CACHE_CONTROL);
    expect(headers["x-amz-content-sha256"]).toBe(sha256Hex(body));
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-southeast-1\/s3\/aws4_request,SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );
    expect(del?.init.method).toBe("DELETE");
    expect(storage.urlOf(KEY)).toBe(`https://cdn.example.net/${KEY}`);
    expect(storage.keyOf(`https://cdn.example.net/${KEY}`)).toBe(KEY);
    expect(storage.origin).toBe("https://cdn.example.net");
  });

  it("uses AWS virtual-hosted addressing without an endpoint, and reports failures", async () => {
    const fakeFetch = (async () => new Response("AccessDenied", { status: 403 })) as unknown as typeof fetch;
    const storage = s3Storage({ ...settings, endpoint: undefined, publicUrl: undefined }, fakeFetch);
    expect(storage.urlOf(KEY)).toBe(`https://photos-bucket.s3.ap-southeast-1.amazonaws.com/${KEY}`);
    await expect(storage.put(KEY, Buffer.from("x"), "image/webp")).rejects.toThrow(/failed with 403: AccessDenied/);
  });
});
