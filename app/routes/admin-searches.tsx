import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, redirect, useNavigation } from "react-router";
import { inSentence } from "#common/bidi.ts";
import { formatDate } from "#common/format.ts";
import { GLOSSARY_LANGUAGES, type GlossaryLanguage } from "#common/glossary-languages.ts";
import { activeFilters } from "#common/search.ts";
import { parseSearchParamsLeniently } from "#common/search-params.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { Forbidden } from "#server/services/errors.ts";
import { addGlossarySynonym, listGlossaryConcepts, listZeroResultSearches } from "#server/services/search/glossary-admin.ts";
import { ADMIN_HANDLE, AdminTableHead } from "../components/admin/admin-page.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { chipLabel } from "../components/search/active-filters.tsx";
import { Button } from "../components/ui/button.tsx";
import { Field, Input, Select } from "../components/ui/field.tsx";
import { RefusalNotice } from "../components/ui/refusal-notice.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest, localeOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { errorAnswer, errorOf, failed, typedValues } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { refusedAnswer } from "../lib/service-errors.server.ts";
import { requireAdminPage, requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-searches";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /admin/searches (issue 33): the most frequent searches of the last 30 days that found nothing
// (counted without storing who searched), and a synonym added to a concept of the field glossary
// from there, so that such a search finds the concept's consultants. A search's words fill the
// form through the address (?text=), so the page works without JavaScript.

export const handle: SignedInHandle = ADMIN_HANDLE;

/** The languages a synonym may be in (the glossary's), named in the page's language. */
const LANGUAGE_NAMES: Record<GlossaryLanguage, MessageDescriptor> = {
  en: msg`English`,
  id: msg`Bahasa Indonesia`,
  vi: msg`Vietnamese`,
  th: msg`Thai`,
  km: msg`Khmer`,
  lo: msg`Lao`,
  my: msg`Burmese`,
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireAdminPage(app);
  const actor = actorOf(session);
  const deps = serviceDeps(app);
  try {
    const [zero, concepts] = await Promise.all([
      listZeroResultSearches(deps, actor, { limit: 50 }),
      // Each concept by its label in the page's language (the glossary has the four).
      listGlossaryConcepts(deps, actor, localeOfRequest(request)),
    ]);
    const text = (new URL(request.url).searchParams.get("text") ?? "").slice(0, 120);
    return { ...zero, concepts, languages: GLOSSARY_LANGUAGES, text };
  } catch (error) {
    if (error instanceof Forbidden) throw redirect("/");
    throw error;
  }
}

/** The synonym form's fields: what was typed comes back with a refusal. */
const TYPED = ["conceptId", "language", "text"] as const;

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app));
  const form = await request.formData();
  const i18n = i18nOfRequest(request);
  try {
    const added = await addGlossarySynonym(serviceDeps(app), actor, {
      conceptId: String(form.get("conceptId") ?? ""),
      body: { language: form.get("language"), text: form.get("text") },
      labelIn: localeOfRequest(request),
    });
    const text = inSentence(added.text);
    const label = inSentence(added.label);
    return redirectWithToast(app, "/admin/searches", {
      title: i18n._(msg`Synonym added`),
      description: i18n._(msg`“${text}” now finds the consultants of ${label}.`),
    });
  } catch (error) {
    return refusedAnswer(error, { initialValue: typedValues(form, TYPED) });
  }
}

export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, form) => errorAnswer(message, { initialValue: typedValues(form, TYPED) }));
}

/**
 * Why the glossary refused a synonym (common/glossary/glossary.ts checkAddition words it in English
 * for the API, naming concepts by id) in the page's language, each concept by its label here; the
 * words typed as they were.
 */
function RefusalInWords({
  error,
  concepts,
  typed,
}: {
  error: string;
  concepts: { id: string; label: string }[];
  typed?: string;
}) {
  const { i18n } = useLingui();
  const label = (id: string) => concepts.find((concept) => concept.id === id)?.label ?? id;
  const duplicate = /^"(.+)" is already a form of (\S+)$/.exec(error);
  if (duplicate) {
    const [, text, concept = ""] = duplicate;
    const name = label(concept);
    return (
      <Trans>
        “<bdi>{text}</bdi>” is already a form of this concept ({name}).
      </Trans>
    );
  }
  const conflict = /^"(.+)" is a form of (.+)$/.exec(error);
  if (conflict) {
    const [, text, ids = ""] = conflict;
    const others = ids.split(", ").map(label).join(", ");
    return (
      <Trans>
        “<bdi>{text}</bdi>” is already a form of another concept: {others}.
      </Trans>
    );
  }
  if (typed && / form is written in its own script| form has only Latin letters| is neither \w+ script/.test(error)) {
    return (
      <Trans>
        “<bdi>{typed}</bdi>” is not written in the script of the language chosen.
      </Trans>
    );
  }
  return translateText(i18n, error);
}

/** A search in words, as the results page's chips show it (in the page's language; the words typed as they were). */
function SearchInWords({ query }: { query: string }) {
  const { i18n } = useLingui();
  const params = parseSearchParamsLeniently(new URLSearchParams(query));
  return activeFilters(params).map((chip, index) => (
    <span key={chip.key}>
      {index > 0 && " · "}
      {chip.key === "keywords" ? <bdi>{chip.label}</bdi> : chipLabel(i18n, chip, params)}
    </span>
  ));
}

export default function AdminSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, days, concepts, languages, text } = loaderData;
  const error = errorOf(actionData);
  const typed = (failed(actionData) ? (actionData?.result.initialValue ?? {}) : {}) as Record<string, string | undefined>;
  const navigation = useNavigation();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin" className="font-semibold text-brand-700 underline underline-offset-4">
          <Trans>Admin Dashboard</Trans>
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink">
        <Trans>Searches that found nothing</Trans>
      </h1>
      <p className="mt-2 text-muted">
        <Trans>
          The most frequent searches of the last {days} days that found no consultant, counted without storing who searched. When
          one is a term of the field, add it to its concept so that it finds the concept's consultants.
        </Trans>
      </p>

      {searches.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-muted">
          <Trans>No search has found nothing in the last {days} days.</Trans>
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <AdminTableHead
              caption={t`Zero-result searches, most frequent first`}
              columns={[t`Search`, t`Searches`, t`Last searched`, { hidden: t`Actions` }]}
              className="bg-slate-50 text-ink"
              cellClassName="px-4 py-3 font-semibold"
            />
            <tbody>
              {searches.map((search) => {
                const keywords = search.keywords;
                return (
                  <tr key={search.query} className="border-t border-slate-200">
                    <td className="px-4 py-3">
                      <Link to={`/?${search.query}`} className="text-brand-700 underline underline-offset-4">
                        <SearchInWords query={search.query} />
                      </Link>
                    </td>
                    <td className="px-4 py-3 tabular-nums">{search.searches}</td>
                    <td className="px-4 py-3">{formatDate(search.lastSearched, locale)}</td>
                    <td className="px-4 py-3">
                      {keywords && (
                        <Link
                          to={`/admin/searches?text=${encodeURIComponent(keywords)}#add-synonym`}
                          className="font-semibold text-brand-700 underline underline-offset-4"
                          aria-label={t`Add “${keywords}” as a synonym`}
                        >
                          <Trans>Add as a synonym</Trans>
                        </Link>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="add-synonym" className="mt-10 text-xl font-semibold text-ink">
        <Trans>Add a synonym to a concept</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Trans>
          Checked like a form of the glossary file (the language's script, not already a form of a concept), recorded in the audit
          log, and exported with the glossary for review.
        </Trans>
      </p>
      {error && (
        <RefusalNotice title={t`Not added`}>
          <RefusalInWords error={error} concepts={concepts} typed={typed.text} />
        </RefusalNotice>
      )}
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end" key={text}>
        <Field label={t`Concept`} required>
          {(props) => (
            <Select {...props} name="conceptId" defaultValue={typed.conceptId ?? ""}>
              <option value="">{t`Choose a concept`}</option>
              {concepts.map((concept) => (
                <option key={concept.id} value={concept.id}>
                  {concept.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t`Language`} required>
          {(props) => (
            <Select {...props} name="language" defaultValue={typed.language ?? "en"}>
              {languages.map((language) => (
                <option key={language} value={language}>
                  {i18n._(LANGUAGE_NAMES[language])}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t`Synonym`} required>
          {(props) => <Input {...props} name="text" maxLength={120} defaultValue={typed.text ?? text} />}
        </Field>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          <Trans>Add synonym</Trans>
        </Button>
      </Form>
    </section>
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta = privatePageMeta({
  title: msg`Searches that found nothing`,
  description: msg`The most frequent zero-result searches, and synonyms for the field glossary.`,
  path: "/admin/searches",
});

export { RouteErrorBoundary as ErrorBoundary };
