import { createContext, useContext } from "react";

// The site's one stylesheet, inlined in the server HTML when the server has the built file.
//
// A <link rel="stylesheet"> blocks the first paint until it has downloaded, and on a slow phone it
// downloads alongside the page's module preloads (about 130 KB gzip of scripts), sharing their
// bandwidth: Lighthouse's mobile LCP was 2.0–2.2 s with the complete server HTML waiting on it.
// Inline (10 KB gzip more per page), the page paints as soon as its HTML is in, and the scripts
// still arrive as early as before, so the page works as soon as before.

/** The text of a built stylesheet by its URL: given by the server (entry.server.tsx), absent in the browser. */
export const BuiltStylesheets = createContext<((href: string) => string | undefined) | undefined>(undefined);

/** React's key for a style resource: the same on the server and in the browser. */
const PRECEDENCE = "default";

/** Whether the server inlined the stylesheet: hydration must render what the server rendered. */
function inlinedInDocument(href: string) {
  if (typeof document === "undefined") return false;
  return Array.from(document.querySelectorAll("style[data-href]")).some((style) => style.getAttribute("data-href") === href);
}

/**
 * The stylesheet at `href`: inline where the server can read it, as a link otherwise (the dev
 * server, a build without the file). React hoists either to the top of <head> (`precedence`).
 */
export function Stylesheet({ href }: { href: string }) {
  const read = useContext(BuiltStylesheets);
  const text = read ? read(href) : undefined;
  if (text !== undefined || inlinedInDocument(href)) {
    return (
      <style href={href} precedence={PRECEDENCE}>
        {text ?? ""}
      </style>
    );
  }
  return <link rel="stylesheet" href={href} precedence={PRECEDENCE} />;
}
