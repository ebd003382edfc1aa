import { crc32, deflateRawSync, constants as zlib } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { LOCALE_COOKIE } from "#common/locales.ts";

// A micro-cache of the rendered pages signed-out visitors see most: the home page (with any
// query) and a consultant's page. Rendering one costs 3–9 ms of Node CPU; a cached copy a few
// microseconds, in each language. Only visitors who send no cookie (but the language's) are served from it or fill it, so a
// signed-in visitor (or one with any other state in a cookie) always gets a fresh render. Only a
// 200 HTML page without Set-Cookie is kept, and not if its route marks it private or no-store.
//
// The page carries the request's CSP nonce (script tags, link tags and the loader data), and a
// nonce must be new for every response. The cache therefore keeps the page cut at the nonce,
// and stamps each response with the nonce of its own request (the one in its CSP header): plain
// bytes are joined; gzip bytes are kept as deflate segments ending in a sync flush (byte-aligned)
// that never refer back into a nonce's place, so a response is the stored segments with the
// nonce in between as uncompressed deflate blocks, and a fresh CRC. Nothing is compressed per hit.
//
// Freshness: an entry lives `ttlSeconds`, and is dropped at once when this process handles any
// request that may write (every method but GET, HEAD and OPTIONS: profile edits, approvals,
// deletions…), by bumping a generation counter; a render that started before a write is not
// stored. Writes made elsewhere (another instance, the admin CLI) show after at most the TTL,
// or at once when their notice reaches `PageCacheInvalidations.invalidate`.

/** The home page and a consultant's page, in each language (common/locales.ts). */
const CACHEABLE_PATH = /^(?:\/(?:id|vi|th))?(?:\/(?:consultant\/\d+)?)?$/;

/**
 * Whether the request carries a cookie that may change the page. The language cookie does not:
 * the language is the URL's, and the cookie only steers redirects and is set around the cache.
 */
function hasStateCookie(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(/;\s*/).some((part) => part !== "" && !part.startsWith(`${LOCALE_COOKIE}=`));
}

/** A cached page's visitor, as far as a signed-out request tells. */
export type CachedPageVisitor = { userAgent: string | null; clientIp: string };
/**
 * Something a page's render did for its visitor that must happen for each visitor of a cached
 * copy too: a loader adds it to its context's `cachedPageEffects` (server/http/context.ts). The
 * insights count views and search appearances this way, so a cached page is counted as a
 * rendered one is.
 */
export type CachedPageEffect = (visitor: CachedPageVisitor) => void;
/** What the page cache reads and sets on a request. */
type PageCacheEnv = { Variables: { clientIp: string; cachedPageEffects?: CachedPageEffect[] } };

type InvalidationListener = (origin: "local" | "remote") => Promise<void> | void;

/**
 * The page cache's generation, bumped by every invalidation: one per process, in its runtime
 * (server/runtime.ts), so the cluster and instance messages (server/cluster.ts,
 * server/instances.ts) and the cache itself share it.
 */
export class PageCacheInvalidations {
  private current = 0;
  private readonly listeners = new Set<InvalidationListener>();

  get generation() {
    return this.current;
  }

  /**
   * Drops every cached page of this process. `origin` says whether the write happened here
   * ("local": listeners tell the other workers or instances, and the promise settles once they
   * have dropped theirs, so the writer's response is sent after every copy is gone) or was
   * reported from elsewhere ("remote").
   */
  async invalidate(origin: "local" | "remote" = "local"): Promise<void> {
    this.current++;
    await Promise.all([...this.listeners].map((listener) => listener(origin)));
  }

  /** Hook for spreading invalidations (node:cluster siblings, PostgreSQL LISTEN/NOTIFY between instances). */
  subscribe(listener: InvalidationListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

type Entry = {
  generation: number;
  expires: number;
  status: number;
  headers: [string, string][];
  /** The page's text between nonces, as bytes. */
  parts: Buffer[];
  /** What the render did for its visitor, done again for each visitor of a copy. */
  effects: CachedPageEffect[];
  /** Each part as raw deflate ending in a sync flush. */
  deflated: Buffer[];
  /** The length of the nonce the parts were compressed around: a response's nonce must match it. */
  nonceLength: number;
  bytes: number;
};

/** Deflate's window: a back-reference reaches at most this far. */
const WINDOW = 32 * 1024;
/** Stands for the nonce while compressing; a page that holds this byte is not cached. */
const PLACEHOLDER_BYTE = 0x01;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty stored block: ends the deflate stream (it is byte-aligned after a full flush). */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

function storedBlock(data: Buffer) {
  const header = Buffer.alloc(5);
  header[0] = 0x00; // not final, stored; the rest of the byte is padding
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return [header, data];
}

function gzipWithNonce(entry: Entry, nonce: Buffer) {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  entry.parts.forEach((part, index) => {
    chunks.push(entry.deflated[index] as Buffer);
    crc = crc32(part, crc);
    size += part.length;
    if (index < entry.parts.length - 1) {
      chunks.push(...storedBlock(nonce));
      crc = crc32(nonce, crc);
      size += nonce.length;
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

function plainWithNonce(entry: Entry, nonce: Buffer) {
  const chunks: Buffer[] = [];
  entry.parts.forEach((part, index) => {
    chunks.push(part);
    if (index < entry.parts.length - 1) chunks.push(nonce);
  });
  return Buffer.concat(chunks);
}

function acceptsGzip(header: string | undefined) {
  if (!header) return false;
  return header.split(",").some((item) => {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Headers of the render kept with the page; the outer middleware sets the per-request ones. */
const PER_RESPONSE: ReadonlySet<string> = new Set([
  "content-length",
  "content-encoding",
  "x-request-id",
  "content-security-policy",
  "vary",
]);

export type PageCacheOptions = {
  ttlSeconds: number;
  /** Bound on the bytes held (plain and deflated); the oldest entries go first. */
  maxBytes?: number;
  /** The request's CSP nonce (set by the secure-headers middleware before this one runs). */
  nonceOf: (c: Context) => string | undefined;
  /** The process's invalidations (its runtime's `pages`). */
  invalidations: PageCacheInvalidations;
};

export function createPageCache({ ttlSeconds, maxBytes = 48 * 1024 * 1024, nonceOf, invalidations }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let heldBytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    heldBytes -= entry.bytes;
  };

  const store = (key: string, entry: Entry) => {
    drop(key);
    entries.set(key, entry);
    heldBytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (heldBytes <= maxBytes) break;
      drop(oldest);
    }
  };

  const respond = (c: Context, entry: Entry, nonce: string, state: "hit" | "miss") => {
    const nonceBytes = Buffer.from(nonce);
    const gzip = acceptsGzip(c.req.header("accept-encoding"));
    const body = gzip ? gzipWithNonce(entry, nonceBytes) : plainWithNonce(entry, nonceBytes);
    const headers = new Headers(entry.headers);
    if (gzip) headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(body.length));
    headers.set("Vary", "Cookie, Accept-Encoding");
    headers.set("X-Page-Cache", state);
    return new Response(body, { status: entry.status, headers });
  };

  /** Bumps the generation after every request that may have written something. */
  const trackWrites: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    try {
      await next();
    } finally {
      await invalidations.invalidate("local");
    }
  };

  /** Serves and fills the cache; to be registered just before the page handler. */
  const serve: MiddlewareHandler<PageCacheEnv> = async (c, next) => {
    const nonce = nonceOf(c);
    const cacheable =
      ttlSeconds > 0 &&
      c.req.method === "GET" &&
      nonce !== undefined &&
      nonce !== "" &&
      CACHEABLE_PATH.test(c.req.path) &&
      !hasStateCookie(c.req.header("cookie")) &&
      !c.req.header("authorization");
    if (!cacheable) return next();

    const key = c.req.url;
    const cached = entries.get(key);
    if (
      cached &&
      cached.generation === invalidations.generation &&
      cached.expires > Date.now() &&
      cached.nonceLength === Buffer.byteLength(nonce)
    ) {
      const visitor = { userAgent: c.req.header("user-agent") ?? null, clientIp: c.get("clientIp") };
      for (const effect of cached.effects) effect(visitor);
      return respond(c, cached, nonce, "hit");
    }
    if (cached) drop(key);

    const startedAt = invalidations.generation;
    // The render's loaders add to this list (AppContext.cachedPageEffects).
    const effects: CachedPageEffect[] = [];
    c.set("cachedPageEffects", effects);
    await next();
    const res = c.res;
    if (
      res.status !== 200 ||
      res.headers.has("set-cookie") ||
      res.headers.has("content-encoding") ||
      /\b(?:private|no-store)\b/i.test(res.headers.get("cache-control") ?? "") ||
      !res.headers.get("content-type")?.startsWith("text/html") ||
      !res.body
    ) {
      return;
    }
    const html = Buffer.from(await res.arrayBuffer());
    const parts: Buffer[] = [];
    const marker = Buffer.from(nonce);
    let from = 0;
    for (let at = html.indexOf(marker, from); at !== -1; at = html.indexOf(marker, from)) {
      parts.push(html.subarray(from, at));
      from = at + marker.length;
    }
    parts.push(html.subarray(from));
    // Each part is compressed with everything before it as its dictionary, the nonce written as
    // bytes the page never holds: no back-reference can then copy from a nonce's place, so the
    // parts compress as one page would, yet any nonce can go between them.
    if (html.includes(PLACEHOLDER_BYTE)) {
      c.res = new Response(html, { status: res.status, headers: res.headers });
      return;
    }
    const placeholder = Buffer.alloc(marker.length, PLACEHOLDER_BYTE);
    const deflated: Buffer[] = [];
    let before = Buffer.alloc(0);
    for (const part of parts) {
      const dictionary = before.subarray(Math.max(0, before.length - WINDOW));
      deflated.push(
        deflateRawSync(part, { level: 6, finishFlush: zlib.Z_SYNC_FLUSH, ...(dictionary.length ? { dictionary } : {}) }),
      );
      before = Buffer.concat([dictionary, part, placeholder]);
    }
    const headers: [string, string][] = [];
    res.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.push([name, value]);
    });
    const entry: Entry = {
      generation: startedAt,
      expires: Date.now() + ttlSeconds * 1000,
      status: res.status,
      headers,
      effects,
      parts,
      deflated,
      nonceLength: marker.length,
      bytes: html.length + deflated.reduce((sum, part) => sum + part.length, 0),
    };
    // A write finished while this page rendered: it may show the old data, so it is not kept.
    if (startedAt === invalidations.generation) store(key, entry);
    c.res = respond(c, entry, nonce, "miss");
  };

  return { serve, trackWrites, size: () => entries.size };
}
