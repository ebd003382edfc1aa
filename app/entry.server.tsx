import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { appContext } from "./context.ts";

// The server hands its context to loaders under this key; it takes the key from this module.
export { appContext };

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(appContext);
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // Wait for everything: every page must be complete in the server HTML (search engines, slow phones).
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // Every Suspense boundary in place: past 12.8 KB of HTML React would send a finished boundary's
      // content hidden at the end of the document, for a script to move it in, so a lazy part
      // (the signed-in forms loaded on first use) would be missing without JavaScript. The whole
      // document is sent at once anyway (onAllReady), so there is nothing to stream early.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const body = preloadAfterFirstPaint(nonce, () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        loadContext.get(appContext).log.error({ err: error }, "render error");
      },
    });
  });
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;

/**
 * The document with its module preloads asked for after the first paint instead of in <head>:
 * on a slow connection the scripts then do not share the line with the stylesheet and the page,
 * which are all the first paint needs (the page is complete in its HTML). A small script adds the
 * same links once the page has painted, so the scripts still load in parallel, not one import
 * after another. Buffered whole: the document is complete before it is sent (onAllReady).
 */
function preloadAfterFirstPaint(nonce: string, onEnd: () => void) {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      onEnd();
      const hrefs: string[] = [];
      let html = Buffer.concat(chunks)
        .toString("utf8")
        .replace(MODULE_PRELOAD, (_link, href: string) => {
          hrefs.push(href);
          return "";
        });
      if (hrefs.length > 0) {
        const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
        const script = `<script nonce="${nonce}">requestAnimationFrame(function(){setTimeout(function(){${list}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})})})</script>`;
        const end = html.lastIndexOf("</body>");
        html = end === -1 ? html + script : html.slice(0, end) + script + html.slice(end);
      }
      callback(null, html);
    },
  });
}
