import { expect } from "vitest";

/**
 * Asserts the headers every file download answers with (server/http/download.ts): its type, the
 * whole Content-Disposition (attachment, ASCII name, UTF-8 name where it has one), nosniff, and
 * its Cache-Control (`private, no-store` unless said).
 */
export function expectDownload(
  response: Response,
  expected: { contentType: string; disposition: string; cacheControl?: string },
): void {
  const { cacheControl = "private, no-store", ...rest } = expected;
  expect({
    contentType: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition"),
    noSniff: response.headers.get("x-content-type-options"),
    cacheControl: response.headers.get("cache-control"),
  }).toEqual({ ...rest, noSniff: "nosniff", cacheControl });
}
