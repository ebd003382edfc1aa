import { BookmarkPlus } from "lucide-react";
import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import { errorOf, type FormAnswer, succeeded, useAnswerToast } from "#app/lib/form-answer.ts";
import { useResume } from "#app/lib/resume.ts";
import { activeFilters, SAVED_SEARCH_LIMITS, type SearchParams } from "#common/search.ts";
import { Button, buttonClasses } from "../ui/button.tsx";
import { Field, Input, Select } from "../ui/field.tsx";

// "Save this search" for a signed-in person (issue 13): a disclosure with a small form posted to
// /saved-searches (a fetcher, so the results stay; a plain form before JavaScript). Loaded by
// save-search.tsx only when someone is signed in.

/** A name to start from: the search's filters in words. */
export function suggestedSearchName(params: SearchParams): string {
  const words = activeFilters(params).map((chip) => chip.label);
  return (words.length > 0 ? words.join(", ") : "All consultants").slice(0, SAVED_SEARCH_LIMITS.name);
}

/** `query` is the search as saved (save-search.tsx's savedSearchQuery). */
export default function SaveSearchForm({ params, query }: { params: SearchParams; query: string }) {
  const fetcher = useFetcher<FormAnswer>();
  const details = useRef<HTMLDetailsElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  // 'Search saved' in a toast, and the form folds away; a refusal stays beside the form.
  useAnswerToast(answer, (saved) => {
    if (succeeded(saved) && details.current) details.current.open = false;
  });
  const error = errorOf(answer);
  // Back from signing in to save this search: the form is open, its name ready to type.
  useResume("save-search", true, () => {
    if (!details.current) return;
    details.current.open = true;
    details.current.querySelector<HTMLInputElement>("input[name=name]")?.focus();
  });
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
        id="save-search"
        method="post"
        action="/saved-searches"
        className="mt-3 grid max-w-2xl gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[1fr_auto]"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="query" value={query} />
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
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
            {error}
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
