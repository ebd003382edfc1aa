import { Trans } from "@lingui/react/macro";
import { BookmarkPlus } from "lucide-react";
import { lazy, Suspense } from "react";
import { useHref, useLocation } from "react-router";
import { resumeAt } from "#app/lib/resume.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useOptionalUser } from "#app/lib/user.ts";
import { signInAndBackTo } from "#common/redirect.ts";
import { type SearchParams, searchQueryString } from "#common/search.ts";
import { openAuthDialog, preloadAuthForms } from "../account/auth-dialog.tsx";
import { buttonClasses } from "../ui/button.tsx";

// "Save this search" on the results (issue 13): any combination of keywords and filters, with a
// name and an alert frequency. Signed in: a disclosure with a small form posted to /saved-searches
// (a fetcher, so the results stay; a plain form before JavaScript). Signed out: Sign In, which
// comes back to this very search. The signed-in form is a chunk of its own (save-search-form.tsx):
// signed-out visitors, most of them, never download it; the server HTML has it complete (the
// document is sent whole, every Suspense boundary in place: see entry.server.tsx).

const SaveSearchForm = lazy(() => import("./save-search-form.tsx"));

/** The search as a saved search keeps it: keywords, filters and sort, without paging. */
export function savedSearchQuery(params: SearchParams): string {
  return searchQueryString({ ...params, page: 1, limit: undefined }).replace(/^\?/, "");
}

export function SaveSearch({ params }: { params: SearchParams }) {
  const user = useOptionalUser();
  const location = useLocation();
  const hydrated = useHydrated();
  // Signed in, the visitor comes back to these results with the form open (app/lib/resume.ts).
  const back = resumeAt(`${location.pathname}${location.search}`, "save-search");
  const signInHref = useHref(signInAndBackTo(back));
  if (!user) {
    const content = (
      <>
        <BookmarkPlus aria-hidden="true" className="size-4" />
        <Trans>Save this search</Trans>
      </>
    );
    return (
      <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
        {hydrated ? (
          <button
            type="button"
            className={buttonClasses({ variant: "outline", size: "sm" })}
            onClick={() => openAuthDialog("login", { redirectTo: back })}
            onPointerEnter={preloadAuthForms}
            onFocus={preloadAuthForms}
          >
            {content}
          </button>
        ) : (
          <a href={signInHref} className={buttonClasses({ variant: "outline", size: "sm" })}>
            {content}
          </a>
        )}
        <span>
          <Trans>Sign in to keep it, and get an e-mail when new consultants match.</Trans>
        </span>
      </p>
    );
  }
  const query = savedSearchQuery(params);
  return (
    <Suspense fallback={null}>
      <SaveSearchForm params={params} query={query} key={query} />
    </Suspense>
  );
}
