import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BellOff, BellRing, Search, Trash2 } from "lucide-react";
import { inSentence } from "#common/bidi.ts";
import { parseId } from "#common/ids.ts";
import { SAVED_SEARCH_LIMITS, type SavedSearchView } from "#common/saved-searches.ts";
import { activeFilters } from "#common/search.ts";
import { parseSearchParamsLeniently } from "#common/search-params.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from "#server/services/saved-searches/saved-searches.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { chipLabel } from "../components/search/active-filters.tsx";
import { FREQUENCY_LABELS } from "../components/search/frequency-labels.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button, ButtonLink } from "../components/ui/button.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { Field, Input, Select } from "../components/ui/field.tsx";
import { IntentForm } from "../components/ui/list-forms.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { PageHeading } from "../components/ui/page-heading.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer, errorOf, type FormAnswer, failed, succeeded, typedValues } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/saved-searches";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /saved-searches (issue 13): the signed-in user's saved searches: run one with a click, rename it,
// change its e-mail alert, delete it. "Save this search" on the results posts here too (intent
// "create"); it answers with data, so a fetcher on the results page stays where it is.

export const handle: SignedInHandle = {
  signedOut: { heading: msg`Saved searches`, title: msg`Please sign in`, text: msg`You need to be signed in to save searches.` },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  return { searches: await listSavedSearches(serviceDeps(app), user) };
}

/** What a failed action answers: the message, which search it was about, and what was typed. */
/** What an update form gives back when it is refused: what was typed, and which search. */
const TYPED = ["intent", "id", "name", "frequency"] as const;

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  const deps = serviceDeps(app);
  const i18n = i18nOfRequest(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  try {
    if (intent === "create") {
      const created = await createSavedSearch(deps, user, {
        name: form.get("name"),
        query: form.get("query") ?? "",
        frequency: form.get("frequency") ?? "off",
      });
      const savedName = inSentence(created.name);
      return answer({
        intent: "create",
        result: { status: "success" },
        toast: {
          title: i18n._(msg`Search saved`),
          description: i18n._(msg`“${savedName}” is saved. It is on your Saved searches page.`),
        },
      });
    }
    if (intent === "update" && id) {
      await updateSavedSearch(deps, user, { id, body: { name: form.get("name"), frequency: form.get("frequency") } });
      return redirectWithToast(app, "/saved-searches", { title: i18n._(msg`Saved search updated`) });
    }
    if (intent === "delete" && id) {
      await deleteSavedSearch(deps, user, id);
      return redirectWithToast(app, "/saved-searches", { title: i18n._(msg`Saved search deleted`) });
    }
  } catch (error) {
    return refusedAnswer(error, { initialValue: typedValues(form, TYPED) });
  }
  return answer(errorAnswer("Unknown action", { initialValue: typedValues(form, TYPED) }), 400);
}

/** A failed request keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, form) => errorAnswer(message, { initialValue: typedValues(form, TYPED) }));
}

/** The search in words: its keywords and filters, as the results page shows them (in the page's language). */
function describe(i18n: I18n, query: string): string {
  const params = parseSearchParamsLeniently(new URLSearchParams(query));
  const chips = activeFilters(params);
  return chips.length > 0 ? chips.map((chip) => chipLabel(i18n, chip, params)).join(" · ") : i18n._(msg`All consultants`);
}

type Failure = { message: string; intent: string; id: number | null; name: string; frequency: string };

/** A refused form: why, and what was typed into it. */
function refusedForm(answer: FormAnswer | undefined): Failure | null {
  if (!failed(answer) || !answer) return null;
  const typed = (answer.result.initialValue ?? {}) as Record<string, string | undefined>;
  return {
    message: errorOf(answer) ?? "",
    intent: typed.intent ?? "",
    id: parseId(typed.id ?? ""),
    name: typed.name ?? "",
    frequency: typed.frequency ?? "",
  };
}

export default function SavedSearchesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { searches } = loaderData;
  const failure = refusedForm(actionData);
  const created = succeeded(actionData) ? actionData?.toast : null;
  const { t, i18n } = useLingui();
  const perUser = SAVED_SEARCH_LIMITS.perUser;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageHeading title={<Trans>Saved searches</Trans>}>
        <Trans>
          Run a search again with one click, and choose whether we e-mail you when new consultants match it (at most {perUser}{" "}
          saved searches).
        </Trans>
      </PageHeading>
      <div className="mt-6 space-y-4">
        {created && (
          <Alert tone="info" title={t`Search saved`}>
            <p>{created.description}</p>
          </Alert>
        )}
        {failure && (failure.intent !== "update" || !searches.some((search) => search.id === failure.id)) && (
          <Alert tone="error" title={t`Not saved`} live>
            <p>{translateText(i18n, failure.message)}</p>
          </Alert>
        )}
      </div>
      {searches.length === 0 ? (
        <EmptyState
          className="mt-6"
          title={<Trans>No saved searches yet</Trans>}
          link={{ to: "/", label: <Trans>Find consultants</Trans> }}
        >
          <Trans>Search the directory, then choose “Save this search” above the results.</Trans>
        </EmptyState>
      ) : (
        <ul aria-label={t`Your saved searches`} className="mt-6 space-y-4">
          {searches.map((search) => (
            <SavedSearchItem
              key={search.id}
              search={search}
              failure={failure?.intent === "update" && failure.id === search.id ? failure : null}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedSearchItem({ search, failure }: { search: SavedSearchView; failure: Failure | null }) {
  const { t, i18n } = useLingui();
  const alerting = search.frequency !== "off";
  const frequency = i18n._(FREQUENCY_LABELS[search.frequency]);
  const name = search.name;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-ink" dir="auto">
            {search.name}
          </h2>
          <p className="mt-1 break-words text-sm text-slate-700">{describe(i18n, search.query)}</p>
          <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-muted">
            {alerting ? <BellRing aria-hidden="true" className="size-4" /> : <BellOff aria-hidden="true" className="size-4" />}
            <Trans>E-mail alert: {frequency}</Trans>
            {search.lastAlertedAt && (
              <>
                {" "}
                · <Trans>last sent</Trans> <LocalTime value={search.lastAlertedAt} />
              </>
            )}
          </p>
        </div>
        <ButtonLink to={`/${search.query ? `?${search.query}` : ""}`} size="sm" icon={Search}>
          <Trans>
            Run<span className="sr-only"> “{name}”</span>
          </Trans>
        </ButtonLink>
      </div>
      <IntentForm intent="update" ids={{ id: search.id }} className="mt-4 grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <Field label={t`Name`} required error={failure ? translateText(i18n, failure.message) : undefined}>
          {(props) => (
            <Input
              {...props}
              name="name"
              defaultValue={failure ? failure.name : search.name}
              maxLength={SAVED_SEARCH_LIMITS.name}
              required
            />
          )}
        </Field>
        <Field label={t`E-mail alert`}>
          {(props) => (
            <Select {...props} name="frequency" defaultValue={failure ? failure.frequency : search.frequency}>
              <option value="off">{i18n._(FREQUENCY_LABELS.off)}</option>
              <option value="daily">{i18n._(FREQUENCY_LABELS.daily)}</option>
              <option value="weekly">{i18n._(FREQUENCY_LABELS.weekly)}</option>
            </Select>
          )}
        </Field>
        <Button type="submit" variant="outline">
          <Trans>
            Save changes<span className="sr-only"> to “{name}”</span>
          </Trans>
        </Button>
      </IntentForm>
      <IntentForm intent="delete" ids={{ id: search.id }} className="mt-3">
        <button type="submit" className="inline-flex items-center gap-1 text-sm font-medium text-red-800 underline">
          <Trash2 aria-hidden="true" className="size-4" />
          <Trans>
            Delete<span className="sr-only"> “{name}”</span>
          </Trans>
        </button>
      </IntentForm>
    </li>
  );
}

export const meta = privatePageMeta({
  title: msg`Saved searches`,
  description: msg`Your saved searches and their e-mail alerts.`,
  path: "/saved-searches",
});

export { RouteErrorBoundary as ErrorBoundary };
