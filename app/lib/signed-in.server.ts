import { data, redirect } from "react-router";
import { signInAndBackTo } from "#common/redirect.ts";
import type { AppContext } from "../context.ts";

type Session = NonNullable<AppContext["session"]>;

/**
 * The guard of a page inside the signed-in layout (app/routes/signed-in-layout.tsx): returns the
 * session, or stops the page's loader or action when nobody is signed in. Two answers, by what the
 * page needs:
 * - by default the layout shows the page's sign-in prompt instead of the page, so what this throws
 *   is never rendered; it answers 200 because the page exists and tells the visitor what to do
 *   (spec: "an alert asks to sign in");
 * - with `comeBack` (the hiring pages: shortlists, saved searches, conversations, reached from a
 *   link in an e-mail or a bookmark control), a redirect to sign in that comes back to the address
 *   asked for, query included.
 */
export function requireSignedIn(context: Pick<AppContext, "session">, options: { comeBack?: Request } = {}): Session {
  if (context.session) return context.session;
  if (options.comeBack) {
    const url = new URL(options.comeBack.url);
    throw redirect(signInAndBackTo(`${url.pathname}${url.search}`));
  }
  throw data(null, { status: 200 });
}
