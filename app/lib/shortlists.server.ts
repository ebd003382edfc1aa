import { redirect } from "react-router";
import { parseId } from "#common/ids.ts";
import type { ShortlistDeps } from "#server/services/shortlists/shortlists.ts";
import type { AppContext } from "../context.ts";

export function shortlistDeps(context: AppContext): ShortlistDeps {
  return { db: context.db, publicUrl: context.config.publicUrl };
}

/** The signed-in user, or a redirect to sign in and come back here. */
export function requireSignedIn(context: AppContext, request: Request) {
  if (!context.session) {
    const url = new URL(request.url);
    throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  return context.session.user;
}

/** A positive integer id from a path or form value, or null. */
export function idFrom(value: FormDataEntryValue | string | null | undefined): number | null {
  return typeof value === "string" ? parseId(value) : null;
}
