import { createHash, createHmac } from "node:crypto";

// AWS Signature Version 4 for the two S3 calls photo storage makes (PUT and DELETE of one
// object). It is short enough to own: node:crypto does the hashing, and the unit test checks it
// against the signature AWS publishes for its S3 example request.

export type SigningKeys = { accessKeyId: string; secretAccessKey: string; region: string; service: string };

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

/** RFC 3986 encoding as S3 expects for each path segment (the slashes stay). */
export function encodeS3Path(path: string): string {
  return path
    .split("/")
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join("/");
}

/** `20130524T000000Z`: the x-amz-date format. */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[:-]|\.\d{3}/g, "");
}

/**
 * Signs a request: returns the headers to send (the given ones plus host, x-amz-date,
 * x-amz-content-sha256 and authorization). Every given header is signed.
 */
export function signRequest(
  request: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  keys: SigningKeys,
  now: Date = new Date(),
): Record<string, string> {
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  headers.host = request.url.host;
  headers["x-amz-date"] = stamp;
  headers["x-amz-content-sha256"] = request.payloadHash;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]}\n`).join("");
  const signedHeaders = names.join(";");
  const query = [...request.url.searchParams.entries()]
    .map(([key, value]) => [encodeURIComponent(key), encodeURIComponent(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const canonicalRequest = [
    request.method.toUpperCase(),
    encodeS3Path(decodeURIComponent(request.url.pathname)),
    query,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join("\n");

  const scope = `${day}/${keys.region}/${keys.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), keys.region), keys.service), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}
