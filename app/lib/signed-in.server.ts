import { data } from "react-router";
import type { AppContext } from "../context.ts";

/**
 * The guard of a page inside the signed-in layout (app/routes/signed-in-layout.tsx): returns the
 * session, or stops the page's loader when nobody is signed in. The layout then shows the page's
 * sign-in prompt instead of the page, so what this throws is never rendered; it answers 200
 * because the page exists and tells the visitor what to do (spec: "an alert asks to sign in").
 */
export function requireSignedIn(context: Pick<AppContext, "session">): NonNullable<AppContext["session"]> {
  if (!context.session) throw data(null, { status: 200 });
  return context.session;
}
