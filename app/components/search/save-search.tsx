import { BookmarkPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useOptionalUser } from "#app/lib/user.ts";
import { activeFilters, SAVED_SEARCH_LIMITS, type SearchParams, searchQueryString } from "#common/search.ts";
import { openAuthDialog, preloadAuthForms } from "../account/auth-dialog.tsx";
import { Button, buttonClasses } from "../ui/button.tsx";
import { Field, Input, Select } from "../ui/field.tsx";
import { toast } from "../ui/toast.tsx";

// "Save this search" on the results (issue 13): any combination of keywords and filters, with a
// name and an alert frequency. Signed in: a disclosure with a small form posted to /saved-searches
// (a fetcher, so the results stay; a plain form before JavaScript). Signed out: Sign In, which
// comes back to this very search.

/** The search as a saved search keeps it: keywords, filters and sort, without paging. */
export function savedSearchQuery(params: SearchParams): string {
  return searchQueryString({ ...params, page: 1, limit: undefined }).replace(/^\?/, "");
}

/** A name to start from: the search's filters in words. */
export function suggestedSearchName(params: SearchParams): string {
  const words = activeFilters(params).map((chip) => chip.label);
  return (words.length > 0 ? words.join(", ") : "All consultants").slice(0, SAVED_SEARCH_LIMITS.name);
}

export type SaveSearchAnswer = { created?: { id: number; name: string }; error?: string };

export function SaveSearch({ params }: { params: SearchParams }) {
  const user = useOptionalUser();
  const location = useLocation();
  const hydrated = useHydrated();
  const back = `${location.pathname}${location.search}`;
  if (!user) {
    const signInHref = `/sign-in?redirectTo=${encodeURIComponent(back)}`;
    const content = (
      <>
        <BookmarkPlus aria-hidden="true" className="size-4" />
        Save this search
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
        <span>Sign in to keep it, and get an e-mail when new consultants match.</span>
      </p>
    );
  }
  return <SaveSearchForm params={params} key={savedSearchQuery(params)} />;
}

function SaveSearchForm({ params }: { params: SearchParams }) {
  const fetcher = useFetcher<SaveSearchAnswer>();
  const details = useRef<HTMLDetailsElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  useEffect(() => {
    if (answer?.created) {
      toast({ title: "Search saved", description: `“${answer.created.name}” is on your Saved searches page.` });
      if (details.current) details.current.open = false;
    }
  }, [answer]);
  return (
    <details ref={details} className="group rounded-lg" data-testid="save-search">
      <summary
        className={buttonClasses({
          variant: "outline",
          size: "sm",
          className: "w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        })}
      >
        <BookmarkPlus aria-hidden="true" className="size-4" />
        Save this search
      </summary>
      <fetcher.Form
        method="post"
        action="/saved-searches"
        className="mt-3 grid max-w-2xl gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[1fr_auto]"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="query" value={savedSearchQuery(params)} />
        <Field label="Name" required>
          {(props) => (
            <Input
              {...props}
              name="name"
              defaultValue={suggestedSearchName(params)}
              maxLength={SAVED_SEARCH_LIMITS.name}
              required
            />
          )}
        </Field>
        <Field label="E-mail alert">
          {(props) => (
            <Select {...props} name="frequency" defaultValue="weekly">
              <option value="off">Off</option>
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
            </Select>
          )}
        </Field>
        {answer?.error && (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
            {answer.error}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" size="sm" disabled={saving}>
            {saving ? "Saving..." : "Save search"}
          </Button>
          <Link to="/saved-searches" className="text-sm font-medium text-brand-700 underline underline-offset-4">
            Your saved searches
          </Link>
        </div>
      </fetcher.Form>
    </details>
  );
}
