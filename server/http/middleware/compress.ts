import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

// Compression of the responses the app writes (JSON, rendered pages, sitemaps, CSV). Every one
// of them is complete before it is sent (pages render onAllReady), so each is compressed in one
// call: a 4 KB search answer costs 0.03 ms in zlib, where Hono's compress() piped it through a
// CompressionStream for 0.25 ms, most of it web-stream bookkeeping on the request's thread.
// Static files are precompressed at build time and cached pages are stored compressed: both
// arrive here with their Content-Encoding and pass untouched.

/** Smaller bodies are sent as they are: compressing them saves nothing worth a header. */
const THRESHOLD = 1024;
/** Larger bodies are compressed on libuv's thread pool rather than on the request's thread. */
const ON_POOL = 64 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_ON_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

const gzipOnPool = promisify(zlib.gzip);
const deflateOnPool = promisify(zlib.deflate);

type Encoding = "gzip" | "deflate";

/** gzip, or deflate for a client that takes only that, by the Accept-Encoding q-values. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const weightOf = (encoding: string) => accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q;
  const wildcard = weightOf("*") ?? 0;
  const best = (["gzip", "deflate"] as const).reduce((chosen, encoding) =>
    (weightOf(encoding) ?? wildcard) > (weightOf(chosen) ?? wildcard) ? encoding : chosen,
  );
  return (weightOf(best) ?? wildcard) > 0 ? best : undefined;
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> | Buffer {
  if (body.length > ON_POOL) return (encoding === "gzip" ? gzipOnPool : deflateOnPool)(body);
  return (encoding === "gzip" ? zlib.gzipSync : zlib.deflateSync)(body);
}

export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type");
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      res.status === 206 ||
      res.headers.has("Content-Encoding") ||
      res.headers.has("Transfer-Encoding") ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "") ||
      Number(res.headers.get("Content-Length") ?? THRESHOLD) < THRESHOLD
    ) {
      return;
    }
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !VARIES_ON_ENCODING.test(vary ?? ""))
      c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const body = Buffer.from(await res.arrayBuffer());
    const sent = body.length < THRESHOLD ? body : await compress(body, encoding);
    // Hono copies the old response's headers onto the one assigned: set ours after it.
    c.res = new Response(new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length), res);
    c.res.headers.set("Content-Length", String(sent.length));
    if (sent === body) return;
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
