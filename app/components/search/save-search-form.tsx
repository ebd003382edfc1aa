import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BookmarkPlus } from "lucide-react";
import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import { FREQUENCY_LABELS } from "#app/components/search/frequency-labels.ts";
import { translateText } from "#app/i18n/translate-text.ts";
import { errorOf, type FormAnswer, succeeded, useAnswerToast } from "#app/lib/form-answer.ts";
import { useResume } from "#app/lib/resume.ts";
import { activeFilters, SAVED_SEARCH_LIMITS, type SearchParams } from "#common/search.ts";
import { Button, buttonClasses } from "../ui/button.tsx";
import { Field, Input, Select } from "../ui/field.tsx";
import { chipLabel } from "./active-filters.tsx";

// "Save this search" for a signed-in person (issue 13): a disclosure with a small form posted to
// /saved-searches (a fetcher, so the results stay; a plain form before JavaScript). Loaded by
// save-search.tsx only when someone is signed in.

/**
 * A name to start from: the search's filters in words, in the page's language. The keywords as
 * typed, without the chip's quotation marks: every page that shows the name quotes it itself
 * (issue 36: names read ““water”” there).
 */
export function suggestedSearchName(i18n: I18n, params: SearchParams): string {
  const words = activeFilters(params).map((chip) =>
    chip.key === "keywords" ? (params.keywords ?? "") : chipLabel(i18n, chip, params),
  );
  return (words.length > 0 ? words.join(", ") : i18n._(msg`All consultants`)).slice(0, SAVED_SEARCH_LIMITS.name);
}

/** `query` is the search as saved (save-search.tsx's savedSearchQuery). */
export default function SaveSearchForm({ params, query }: { params: SearchParams; query: string }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<FormAnswer>();
  const details = useRef<HTMLDetailsElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  // 'Search saved' in a toast, and the form folds away; a refusal stays beside the form.
  useAnswerToast(answer, (saved) => {
    if (succeeded(saved) && details.current) details.current.open = false;
  });
  const refusal = errorOf(answer);
  const error = refusal ? translateText(i18n, refusal) : refusal;
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
        <Trans>Save this search</Trans>
      </summary>
      <fetcher.Form
        id="save-search"
        method="post"
        action="/saved-searches"
        className="mt-3 grid max-w-2xl gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[1fr_auto]"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="query" value={query} />
        <Field label={t`Name`} required>
          {(props) => (
            <Input
              {...props}
              name="name"
              defaultValue={suggestedSearchName(i18n, params)}
              maxLength={SAVED_SEARCH_LIMITS.name}
              required
            />
          )}
        </Field>
        <Field label={t`E-mail alert`}>
          {(props) => (
            <Select {...props} name="frequency" defaultValue="weekly">
              <option value="off">{i18n._(FREQUENCY_LABELS.off)}</option>
              <option value="daily">{i18n._(FREQUENCY_LABELS.daily)}</option>
              <option value="weekly">{i18n._(FREQUENCY_LABELS.weekly)}</option>
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
            {saving ? t`Saving...` : t`Save search`}
          </Button>
          <Link to="/saved-searches" className="text-sm font-medium text-brand-700 underline underline-offset-4">
            <Trans>Your saved searches</Trans>
          </Link>
        </div>
      </fetcher.Form>
    </details>
  );
}
