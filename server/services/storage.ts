import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import type { Config } from "../config.ts";

// Where uploaded photos live. One small interface, two adapters: files under DATA_DIR/uploads
// (served by the app at /uploads/…) or an S3-compatible bucket (served by the bucket or its CDN).
// Keys are produced by the photo service only: `photos/<random>-<size>.webp`. Beside them, private
// files (a CV kept with its profile, issue 34): `private/cv/<random>.<ext>`, which no URL leads to
// (the app serves /uploads/photos/… only; a bucket's public policy covers `photos/*` only) and
// which the app reads back with `get` to hand to the people allowed to have them.

/** A call's deadline: when `signal` aborts, the call gives up (with what it tried so far). */
export type StorageCallOptions = { signal?: AbortSignal };

export type PhotoStorage = {
  /** Stores (or overwrites) one object. */
  put: (key: string, body: Uint8Array, contentType: string, options?: StorageCallOptions) => Promise<void>;
  /** Reads one object back, or null when there is none. */
  get: (key: string, options?: StorageCallOptions) => Promise<Uint8Array | null>;
  /** Removes one object; a missing object is not an error. */
  remove: (key: string, options?: StorageCallOptions) => Promise<void>;
  /** The URL a browser loads a photo from (a private key has none: it throws). */
  urlOf: (key: string) => string;
  /** The key behind one of this storage's URLs, or null for any other URL. */
  keyOf: (url: string) => string | null;
  /** The origin photos load from when it is not the site itself (for the Content-Security-Policy). */
  origin: string | null;
};

/** Long-lived and immutable: a photo's name changes whenever its content does. */
export const PHOTO_CACHE_CONTROL = "public, max-age=31536000, immutable";

export const UPLOADS_PATH = "/uploads/";

/** Keys are never built from user input, but the check keeps path tricks out of both adapters. */
export const STORAGE_KEY_PATTERN = /^photos\/[A-Za-z0-9_-]{16,64}-\d{2,4}\.webp$/;

/** A private file's key: never served from a URL, read back only through the app. */
export const PRIVATE_KEY_PATTERN = /^private\/cv\/[A-Za-z0-9_-]{24}\.(pdf|docx|xml)$/;

/** Private files are nobody's to cache. */
const PRIVATE_CACHE_CONTROL = "private, no-store";

function assertKey(key: string) {
  if (!STORAGE_KEY_PATTERN.test(key) && !PRIVATE_KEY_PATTERN.test(key)) {
    throw new Error(`refusing an unexpected storage key: ${key}`);
  }
}

/**
 * A storage's public URLs, all under `base` (the app's uploads route, or the bucket's public URL):
 * a photo's key to its URL (a private file has none), and back (null for a URL not of a photo here).
 */
function publicUrls(base: string): Pick<PhotoStorage, "urlOf" | "keyOf"> {
  return {
    urlOf(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`a private file has no URL: ${key}`);
      return `${base}${key}`;
    },
    keyOf(url) {
      if (!url.startsWith(base)) return null;
      const key = url.slice(base.length);
      return STORAGE_KEY_PATTERN.test(key) ? key : null;
    },
  };
}

/** The storage service did not take or answer a call (after its retries, or past the call's deadline). */
export class StorageUnavailable extends Error {
  override name = "StorageUnavailable";
}

export function localStorage(dir: string): PhotoStorage {
  return {
    async put(key, body) {
      assertKey(key);
      const file = path.join(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      assertKey(key);
      const body = await readFile(path.join(dir, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return body ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : null;
    },
    async remove(key) {
      assertKey(key);
      await rm(path.join(dir, key), { force: true });
    },
    ...publicUrls(UPLOADS_PATH),
    origin: null,
  };
}

type Method = "PUT" | "GET" | "DELETE";

type S3Settings = Extract<Config["storage"], { kind: "s3" }>;

export type S3Options = {
  /**
   * Give up on one attempt after this long. A call's own deadline (StorageCallOptions.signal)
   * bounds all its attempts together: a storage service that never answers must not hold a
   * request (an upload gives up after 10 s in all, services/photos.ts).
   */
  timeoutMs?: number;
  /** Attempts in all, for network errors, timeouts, 5xx and 429; waits double from retryDelayMs. */
  attempts?: number;
  retryDelayMs?: number;
};

/** Waits `ms`, or less if `signal` aborts first. */
function pause(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2, …), requests signed with
 * AWS Signature Version 4 by aws4fetch. With S3_ENDPOINT the bucket is addressed path-style (what
 * S3-compatible services expect); without it, AWS's virtual-hosted style for the region. Photos
 * (`photos/*`) must be publicly readable through the bucket policy or S3_PUBLIC_URL (a CDN in front
 * of it); private files (`private/*`) must not be: the app reads them with signed GETs.
 */
export function s3Storage(
  settings: S3Settings,
  { timeoutMs = 5_000, attempts = 3, retryDelayMs = 200 }: S3Options = {},
): PhotoStorage {
  const base = settings.endpoint
    ? `${settings.endpoint.replace(/\/+$/, "")}/${settings.bucket}/`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com/`;
  const publicBase = settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, "")}/` : base;
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    // Retries are ours (below): aws4fetch's own do not cover timeouts and network errors.
    retries: 0,
  });

  async function attempt(method: Method, key: string, url: URL, signal: AbortSignal, body?: Uint8Array, contentType?: string) {
    const cacheControl = PRIVATE_KEY_PATTERN.test(key) ? PRIVATE_CACHE_CONTROL : PHOTO_CACHE_CONTROL;
    const headers: Record<string, string> = body
      ? { "content-type": contentType ?? "application/octet-stream", "cache-control": cacheControl }
      : {};
    const request = await client.sign(url.toString(), { method, headers, body: body ? Buffer.from(body) : undefined });
    return fetch(request, { signal });
  }

  /** One call, retried; a GET answers the object's bytes (null when there is none). */
  async function send(
    method: Method,
    key: string,
    { signal: deadline }: StorageCallOptions,
    body?: Uint8Array,
    contentType?: string,
  ) {
    assertKey(key);
    const url = new URL(key, base);
    let failure = "";
    for (let index = 1; index <= attempts; index++) {
      if (deadline?.aborted) {
        failure ||= "the call's deadline passed";
        break;
      }
      const signal = deadline ? AbortSignal.any([deadline, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
      try {
        const response = await attempt(method, key, url, signal, body, contentType);
        if (method === "GET" && response.ok) return new Uint8Array(await response.arrayBuffer());
        if (response.ok || (method !== "PUT" && response.status === 404)) {
          await response.body?.cancel();
          return null;
        }
        const text = await response.text().catch(() => "");
        failure = `${response.status}: ${text.slice(0, 300)}`;
        // A refusal (bad credentials, no such bucket) will not change on a second try.
        if (response.status < 500 && response.status !== 429) break;
      } catch (error) {
        const name = (error as Error).name;
        failure =
          deadline?.aborted === true
            ? "no answer within the call's deadline"
            : name === "TimeoutError"
              ? `no answer within ${timeoutMs} ms`
              : String(error);
      }
      if (index < attempts) await pause(retryDelayMs * 2 ** (index - 1), deadline);
    }
    throw new StorageUnavailable(`S3 ${method} ${key} failed: ${failure}`);
  }

  return {
    put: async (key, body, contentType, options = {}) => {
      await send("PUT", key, options, body, contentType);
    },
    get: (key, options = {}) => send("GET", key, options),
    remove: async (key, options = {}) => {
      await send("DELETE", key, options);
    },
    ...publicUrls(publicBase),
    origin: new URL(publicBase).origin,
  };
}

export function createStorage(config: Pick<Config, "storage">): PhotoStorage {
  return config.storage.kind === "s3" ? s3Storage(config.storage) : localStorage(config.storage.dir);
}
