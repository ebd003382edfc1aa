import { msg } from "@lingui/core/macro";
import type { SignInPromptCopy } from "../account/sign-in-prompt.tsx";

// What every page of the Admin Dashboard (/admin and its tables) shares before it draws: the
// prompt a signed-out visitor sees, and how a table's address names its page.

/** The admin pages' sign-in prompt (the `handle` of each: app/routes/signed-in-layout.tsx). */
export const ADMIN_HANDLE: { signedOut: SignInPromptCopy } = {
  signedOut: {
    heading: msg`Admin Access Required`,
    text: msg`Please sign in with an administrator account to view the Admin Dashboard.`,
    withHomeLink: true,
  },
};

/** The page of an admin table named by the address (?page=): a whole number up to a million, else 1. */
export function adminPageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}
