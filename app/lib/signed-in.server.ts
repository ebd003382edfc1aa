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
 * - an account that must set up a second factor first (ENFORCE_SECOND_FACTOR=all) is sent to do it,
 *   but on the page where it is done (`enrolling`);
 * - with `comeBack` (the hiring pages: shortlists, saved searches, conversations, reached from a
 *   link in an e-mail or a bookmark control), a redirect to sign in that comes back to the address
 *   asked for, query included.
 */
export function requireSignedIn(
  context: Pick<AppContext, "session">,
  options: { comeBack?: Request; enrolling?: boolean } = {},
): Session {
  if (context.session) {
    // ENFORCE_SECOND_FACTOR=all: an account without a factor sets one up before anything else.
    if (context.session.mustEnrol === "account" && !options.enrolling) throw redirect(SECOND_FACTOR_SETUP_PATH);
    return context.session;
  }
  if (options.comeBack) {
    const url = new URL(options.comeBack.url);
    throw redirect(signInAndBackTo(`${url.pathname}${url.search}`));
  }
  throw data(null, { status: 200 });
}

/** Where an account sent to set up its second factor lands: Manage Account's two-step section (issue 38). */
export const SECOND_FACTOR_SETUP_PATH = "/profile/manage#section-two-step";

/**
 * The guard of an admin page: the session (read from the database this request, so a demoted
 * admin is turned away now), an admin, and one who may act as one: an admin the policy
 * (ENFORCE_SECOND_FACTOR) wants a second factor from and who has none is sent to set it up.
 */
export function requireAdminPage(context: Pick<AppContext, "session">, options: { comeBack?: Request } = {}): Session {
  const session = requireSignedIn(context, options);
  if (session.user.role !== "admin") throw redirect("/");
  if (session.mustEnrol) throw redirect(SECOND_FACTOR_SETUP_PATH);
  return session;
}
