import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3 } from "../../tests/setup/s3.ts";
import { freePort } from "../db/embedded.ts";
import { localStorage, PHOTO_CACHE_CONTROL, s3Storage } from "./storage.ts";

const KEY = "photos/AbCdEfGhIjKlMnOpQrStUvWx-400.webp";
const PRIVATE_KEY = "private/cv/AbCdEfGhIjKlMnOpQrStUvWx.pdf";

let dir: string;
let s3: TestS3;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-storage-"));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
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

  it("keeps a private file (a kept CV) where no URL leads, and reads it back", async () => {
    const storage = localStorage(dir);
    await storage.put(PRIVATE_KEY, Buffer.from("%PDF-1.7 cv"), "application/pdf");
    expect(Buffer.from((await storage.get(PRIVATE_KEY))!).toString()).toBe("%PDF-1.7 cv");
    expect(() => storage.urlOf(PRIVATE_KEY)).toThrow(/private file has no URL/);
    expect(storage.keyOf(`/uploads/${PRIVATE_KEY}`)).toBeNull();
    await storage.remove(PRIVATE_KEY);
    expect(await storage.get(PRIVATE_KEY)).toBeNull();
    await expect(storage.get("private/cv/../../secret.pdf")).rejects.toThrow(/unexpected storage key/);
  });

  it("refuses keys it did not make, and URLs that are not its own", async () => {
    const storage = localStorage(dir);
    await expect(storage.put("../../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(/unexpected storage key/);
    await expect(storage.remove("photos/../../secret-400.webp")).rejects.toThrow(/unexpected storage key/);
    expect(storage.keyOf("https://elsewhere.example/uploads/photos/x.webp")).toBeNull();
    expect(storage.keyOf("/uploads/photos/../../x-400.webp")).toBeNull();
  });
});

describe("S3-compatible photo storage (against s3rver, which checks signatures)", () => {
  const settings = () => ({
    kind: "s3" as const,
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    publicUrl: undefined,
  });

  it("PUTs signed objects path-style with the content type and long cache, serves them, and DELETEs them", async () => {
    const storage = s3Storage(settings());
    const body = Buffer.from("webp bytes");
    await storage.put(KEY, body, "image/webp");
    const url = storage.urlOf(KEY);
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/${KEY}`);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe(PHOTO_CACHE_CONTROL);
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe("webp bytes");
    expect(storage.keyOf(url)).toBe(KEY);
    expect(storage.origin).toBe(s3.endpoint);
    await storage.remove(KEY);
    expect((await fetch(url)).status).toBe(404);
    // Removing what is already gone is not an error.
    await expect(storage.remove(KEY)).resolves.toBeUndefined();
  });

  it("stores a private file with a private cache header, reads it back signed, and removes it", async () => {
    const storage = s3Storage(settings());
    await storage.put(PRIVATE_KEY, Buffer.from("%PDF-1.7 cv"), "application/pdf");
    expect(Buffer.from((await storage.get(PRIVATE_KEY))!).toString()).toBe("%PDF-1.7 cv");
    const head = await fetch(`${s3.endpoint}/${s3.bucket}/${PRIVATE_KEY}`, { method: "HEAD" });
    expect(head.headers.get("cache-control")).toBe("private, no-store");
    expect(() => storage.urlOf(PRIVATE_KEY)).toThrow(/private file has no URL/);
    await storage.remove(PRIVATE_KEY);
    expect(await storage.get(PRIVATE_KEY)).toBeNull();
    const refused = s3Storage({ ...settings(), secretAccessKey: "not-the-secret" }, { retryDelayMs: 1 });
    await expect(refused.get(PRIVATE_KEY)).rejects.toThrow(/S3 GET .* failed: 403/);
  });

  it("a wrong secret is refused by the server, reported, and not retried into success", async () => {
    const storage = s3Storage({ ...settings(), secretAccessKey: "not-the-secret" }, { retryDelayMs: 1 });
    await expect(storage.put(KEY, Buffer.from("x"), "image/webp")).rejects.toThrow(
      /S3 PUT .* failed: 403: .*SignatureDoesNotMatch/s,
    );
    expect((await fetch(storage.urlOf(KEY))).status).toBe(404);
  });

  it("gives up on a storage service that never answers after its timeout and retries", async () => {
    const port = await freePort();
    const sockets = new Set<net.Socket>();
    let connections = 0;
    // Accepts connections and never answers.
    const silent = net.createServer((socket) => {
      connections++;
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(port, "127.0.0.1", resolve));
    try {
      const storage = s3Storage(
        { ...settings(), endpoint: `http://127.0.0.1:${port}` },
        { timeoutMs: 300, attempts: 2, retryDelayMs: 10 },
      );
      const started = Date.now();
      await expect(storage.put(KEY, Buffer.from("x"), "image/webp")).rejects.toThrow(/no answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(connections).toBeGreaterThanOrEqual(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it("uses AWS virtual-hosted addressing without an endpoint, a CDN address with S3_PUBLIC_URL, and refuses foreign keys", async () => {
    const aws = s3Storage({ ...settings(), endpoint: undefined, region: "ap-southeast-1", bucket: "photos-bucket" });
    expect(aws.urlOf(KEY)).toBe(`https://photos-bucket.s3.ap-southeast-1.amazonaws.com/${KEY}`);
    const cdn = s3Storage({ ...settings(), publicUrl: "https://cdn.example.net/" });
    expect(cdn.urlOf(KEY)).toBe(`https://cdn.example.net/${KEY}`);
    expect(cdn.keyOf(`https://cdn.example.net/${KEY}`)).toBe(KEY);
    expect(cdn.keyOf(`https://elsewhere.example/${KEY}`)).toBeNull();
    expect(cdn.origin).toBe("https://cdn.example.net");
    await expect(cdn.put("../../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(/unexpected storage key/);
  });
});
