import { readFileSync } from "node:fs";
import { Transform } from "node:stream";
import { fileURLToPath } from "node:url";

// The stylesheet written into the page (issue 15, LCP): on a phone on a slow network the first
// paint waited for the HTML, then one more round trip for the only render-blocking request, the
// stylesheet (10 KB gzip). The server now writes the stylesheet into the <head> it renders, and
// keeps React's <link> for it (React adopts that element when it hydrates, instead of adding its
// own) with media="print": the browser fetches it at the lowest priority without waiting for it.
// Only where the built stylesheet exists (the production server); the dev server keeps the link.

/**
 * The stylesheet's text, read once from the client build beside the server build (this module is
 * bundled into build/server/ or a chunk in build/server/assets/); null where it is not built.
 */
function builtStylesheet(href: string): string | null {
  for (const client of ["../client", "../../client"]) {
    try {
      const text = readFileSync(fileURLToPath(new URL(`${client}${href}`, import.meta.url)), "utf8");
      // A stylesheet never holds "</": if one did, it could end the <style> element early.
      return text.includes("</") ? null : text;
    } catch {}
  }
  return null;
}

const cache = new Map<string, string | null>();

function cachedStylesheet(href: string) {
  if (!cache.has(href)) cache.set(href, builtStylesheet(href));
  return cache.get(href) ?? null;
}

/**
 * A stream that passes the rendered HTML through, writing the stylesheet at `href` into the <head>
 * in place of React's link to it (the link stays, media="print"). Everything after </head> passes
 * through untouched; when the stylesheet is not built, so does everything.
 */
export function inlineStylesheet(href: string, css = cachedStylesheet(href)): Transform {
  const link = `<link rel="stylesheet" href="${href}" data-precedence="default"/>`;
  let head = Buffer.alloc(0);
  let done = css === null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      // Split at </head> in bytes: what comes before it is whole characters, whatever the chunks.
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      done = true;
      const inlined = head
        .subarray(0, end)
        .toString("utf8")
        .replace(link, `<style>${css}</style><link rel="stylesheet" href="${href}" data-precedence="default" media="print"/>`);
      const rest = head.subarray(end);
      head = Buffer.alloc(0);
      callback(null, Buffer.concat([Buffer.from(inlined, "utf8"), rest]));
    },
    flush(callback) {
      callback(null, head.length > 0 ? head : null);
    },
  });
}
