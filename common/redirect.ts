// Where the site may send a browser after sign-in, sign-out or any other step that takes a
// `redirectTo` or return address: a path on this site, never another one. Browsers drop tabs and
// line breaks from URLs and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` would leave
// the site; such values, and any control character (which cannot go in a Location header), fall
// back. What is returned is re-serialised by the URL parser, so it is a plain same-origin path.

const BASE = "http://same-site.invalid";
/** The longest return address kept: longer ones fall back (and would overflow a client's header limit). */
export const MAX_REDIRECT_LENGTH = 2048;

/** A same-site page path (`/inbox?x=1`), or `fallback` for anything else. */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH || !value.startsWith("/")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // A page, never its route data or the API (issue 35): `/shortlists.data` is the page
  // `/shortlists` (`/_root.data` is `/`, `/th/_root.data` is `/th`), without the data request's `_routes`; `/api/…` falls back.
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return fallback;
  if (url.pathname.endsWith(".data")) {
    const page = url.pathname.endsWith("/_root.data")
      ? url.pathname.slice(0, -"/_root.data".length)
      : url.pathname.slice(0, -".data".length);
    url.pathname = page || "/";
    url.searchParams.delete("_routes");
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a plain form goes back to once done: its `back` field when that is an address of `page`
 * itself (`/admin?tab=users`: the query and fragment kept), else null. What safeRedirect refuses
 * (another site, a control character a Location header cannot carry) and any other page are not
 * followed. The admin pages' forms send it (/admin, /admin/organizations, /admin/opportunities,
 * /admin/reviews).
 */
export function backToPage(value: unknown, page: string): string | null {
  const path = safeRedirect(value, "");
  if (!path) return null;
  const end = path.search(/[?#]/);
  return (end === -1 ? path : path.slice(0, end)) === page ? path : null;
}

/**
 * The sign-in page's address that comes back to `path` afterwards. A path too long to be kept
 * (sign-in would drop it) is left out: carried, it made a Location header beyond 16 KB, which
 * clients refuse (the fuzz test's `e` with 2 000 combining accents: "Headers Overflow Error").
 */
export function signInAndBackTo(path: string): string {
  if (path.length > MAX_REDIRECT_LENGTH) return "/sign-in";
  // Back to the page, even when the request was for its data (`/shortlists.data`).
  return `/sign-in?redirectTo=${encodeURIComponent(safeRedirect(path))}`;
}
