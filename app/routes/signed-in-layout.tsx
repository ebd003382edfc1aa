import { msg } from "@lingui/core/macro";
import { Outlet, type UIMatch, useMatches } from "react-router";
import { SignInPrompt, type SignInPromptCopy } from "../components/account/sign-in-prompt.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { appContext } from "../context.ts";
import { revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import type { Route } from "./+types/signed-in-layout";

// The pages that need a signed-in person, as one group (account, own profile, profile form,
// inbox, admin). Signed out, the group shows the page's own sign-in prompt, which each page names
// in its `handle`; each page's loader stops at `requireSignedIn`.

/** What a page of the group exports as `handle`: its prompt, or one per address (create vs edit). */
export type SignedInHandle = { signedOut: SignInPromptCopy | ((pathname: string) => SignInPromptCopy) };

export async function loader({ context }: Route.LoaderArgs) {
  return { isSignedIn: context.get(appContext).session !== null };
}

/** A failed action under the group keeps the page: nothing reloads while the connection is down. */
export const shouldRevalidate = revalidateUnlessRequestFailed;

function promptOf(matches: UIMatch[]): SignInPromptCopy {
  const page = matches.at(-1);
  const prompt = (page?.handle as Partial<SignedInHandle> | undefined)?.signedOut;
  if (typeof prompt === "function") return prompt(page?.pathname ?? "");
  return prompt ?? { heading: msg`Please sign in`, text: msg`You need to be logged in to see this page.` };
}

export default function SignedInLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  if (!loaderData.isSignedIn) return <SignInPrompt {...promptOf(matches)} />;
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary };
