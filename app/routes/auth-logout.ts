import { redirect } from "react-router";
import { safeRedirect } from "#common/redirect.ts";
import { clearSessionCookie } from "#server/http/cookies.ts";
import { deleteSession } from "#server/services/sessions.ts";
import { appContext } from "../context.ts";
import { errorAnswer } from "../lib/form-answer.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/auth-logout";

// POST /auth/logout: ends the session and goes home with the spec's toast. The header menu posts
// here with a fetcher; the account page and the mobile menu with a plain form (no JS needed).

/** Spec section 8: 'Logout failed' / 'Please try again'. */
const SIGN_OUT_FAILED = { title: "Logout failed", description: "Please try again", variant: "destructive" } as const;

export async function loader() {
  return redirect("/");
}

/** A failed request keeps the page: the form shows 'Logout failed' / 'Please try again'. */
export async function clientAction(args: Route.ClientActionArgs) {
  // The header's sign-out control says so in a toast, in the page's language (header-account-signed-in.tsx).
  return keepPageOnFailure(args, () => errorAnswer("Please try again"));
}

/** Never shown (GET redirects home); it makes this a page route, so the client action above runs. */
export default function SignOut() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, session, log } = context.get(appContext);
  const formData = await request.formData().catch(() => new FormData());
  try {
    if (session) await deleteSession(db, session.tokenHash);
  } catch (error) {
    log.error({ err: error }, "sign-out failed");
    const back = safeRedirect(formData.get("redirectTo"));
    return redirectWithToast({ config }, back, SIGN_OUT_FAILED);
  }
  return redirectWithToast(
    { config },
    "/",
    { title: "Logged out", description: "You have been logged out successfully" },
    { headers: { "Set-Cookie": clearSessionCookie(config) } },
  );
}
