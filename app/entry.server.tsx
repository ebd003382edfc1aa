import { Transform } from "node:stream";
import { I18nProvider } from "@lingui/react";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import type { Locale } from "#common/locales.ts";
import { isDatabaseUnavailable } from "#server/services/errors.ts";
import { appContext } from "./context.ts";
import { inlineCatalogScript, takeMissingTranslations } from "./i18n/catalogs.server.ts";
import { i18nFor, localeOfRequest } from "./i18n/i18n.ts";

// The server hands its context to loaders under this key; it takes the key from this module.
export { appContext };

export const streamTimeout = 5_000;

/**
 * The requests (by their router context) whose loader or action failed because the database did
 * not answer. handleError sees each error as it was thrown; by the time handleRequest runs, React
 * Router has replaced it with "Unexpected Server Error" (production), so the verdict is kept here.
 */
const unavailable = new WeakSet<RouterContextProvider>();

export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  if (request.signal.aborted) return;
  const { log } = context.get(appContext);
  if (isDatabaseUnavailable(error)) {
    unavailable.add(context);
    log.warn({ err: error }, "database unavailable");
  } else {
    log.error({ err: error }, "page error");
  }
}

/**
 * Route data (single fetch: a client-side navigation's loaders, a form's action) whose loader or
 * action failed because the database did not answer: 503 with Retry-After, as the page itself.
 */
export function handleDataRequest(response: Response, { context }: { context: RouterContextProvider }) {
  if (response.status !== 500 || !unavailable.has(context)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", "5");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page that failed because the database is down, frozen or too slow is a 503 (try again in
  // a moment), not a 500 (a bug): what the JSON API answers in the same case (server/http/errors.ts).
  if (responseStatusCode === 500 && unavailable.has(loadContext)) responseStatusCode = 503;
  // A page answering 503 (this, or the home page whose search failed) says when to try again.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", "5");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, log } = loadContext.get(appContext);
  // The URL's language (the router's basename is its prefix): its instance renders every message.
  const locale = localeOfRequest(request);
  const i18n = i18nFor(locale);
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // Wait for everything: every page must be complete in the server HTML (search engines, slow phones).
    const document = (
      <I18nProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nProvider>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      // Every Suspense boundary in place: past 12.8 KB of HTML React would send a finished boundary's
      // content hidden at the end of the document, for a script to move it in, so a lazy part
      // (the signed-in forms loaded on first use) would be missing without JavaScript. The whole
      // document is sent at once anyway (onAllReady), so there is nothing to stream early.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        for (const missing of takeMissingTranslations()) log.warn(missing, "missing translation: shown in English");
        const body = preloadAfterFirstPaint(nonce, locale, () => {
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
function preloadAfterFirstPaint(nonce: string, locale: Locale, onEnd: () => void) {
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
      // A translated page's strings for those modules, before any of them runs (module scripts
      // run after the document is parsed; this classic script runs where it stands).
      let scripts = inlineCatalogScript(locale, hrefs, nonce);
      if (hrefs.length > 0) {
        const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
        scripts += `<script nonce="${nonce}">requestAnimationFrame(function(){setTimeout(function(){${list}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})})})</script>`;
      }
      if (scripts) {
        const end = html.lastIndexOf("</body>");
        html = end === -1 ? html + scripts : html.slice(0, end) + scripts + html.slice(end);
      }
      callback(null, html);
    },
  });
}
