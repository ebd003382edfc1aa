import type { Context } from "hono";
import type { HttpEnv } from "./context.ts";
import { PRIVATE_CACHE_CONTROL } from "./middleware/private-cache.ts";

// Files the API hands over (a CV as PDF or XML, a kept CV, the ToR's PDF, a CSV export) leave by
// one door: always as an attachment (never shown in the browser), never sniffed into something
// else, and kept by no cache unless the route says otherwise (a public CV for five minutes).

export const PDF_TYPE = "application/pdf";
export const CSV_TYPE = "text/csv; charset=utf-8";

/** A file to hand over. */
export type DownloadFile = {
  contentType: string;
  /** Content-Disposition's plain `filename` parameter: ASCII only (common/file-names.ts asciiName). */
  filename: string;
  /** The name as written (accents, Thai, Vietnamese): the `filename*` parameter, for files that have one. */
  utf8Filename?: string;
  body: Uint8Array | string;
};

/** `attachment; filename="…"`, with `; filename*=UTF-8''…` when the file has a UTF-8 name. */
function disposition({ filename, utf8Filename }: DownloadFile): string {
  const plain = `attachment; filename="${filename}"`;
  return utf8Filename === undefined ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(utf8Filename)}`;
}

/** `file` as a download, 200. A binary body says its length (a text one is left to compression). */
export function downloadAnswer(c: Context<HttpEnv>, file: DownloadFile, cacheControl = PRIVATE_CACHE_CONTROL): Response {
  return c.body(file.body as Uint8Array<ArrayBuffer> | string, 200, {
    "Content-Type": file.contentType,
    ...(typeof file.body === "string" ? {} : { "Content-Length": String(file.body.byteLength) }),
    "Content-Disposition": disposition(file),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": cacheControl,
  });
}
