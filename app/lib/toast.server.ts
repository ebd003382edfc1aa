import { redirect } from "react-router";
import { type ToastMessage, toastMessageSchema } from "#common/toast.ts";

// A toast that must survive a redirect travels in a one-time cookie, read by the root loader.

const COOKIE = "toast";

/** The Set-Cookie value that carries a toast to the next page. */
function toastCookie(message: ToastMessage): string {
  const value = Buffer.from(JSON.stringify(message)).toString("base64url");
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

/**
 * Redirects with a toast for the next page: the one way a page action says how it went after a
 * redirect. `init` adds headers (a session cookie) or another status.
 */
export function redirectWithToast(url: string, toast: ToastMessage, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the toast cookie. */
export function readToast(request: Request): { toast: ToastMessage | null; clear: string | null } {
  const raw = request.headers
    .get("cookie")
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return { toast: null, clear: null };
  const clear = `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  try {
    const parsed = toastMessageSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return { toast: parsed.success ? parsed.data : null, clear };
  } catch {
    return { toast: null, clear };
  }
}
