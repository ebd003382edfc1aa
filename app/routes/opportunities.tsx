import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { COUNTRIES, LANGUAGES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { type OpportunitySearch, opportunitySearchSchema } from "#common/opportunities.ts";
import { opportunityQueryString } from "#common/opportunity-query.ts";
import { parseLeniently } from "#common/search-params.ts";
import { DONORS } from "#common/track-record-lists.ts";
import { serviceDeps } from "#server/http/context.ts";
import { searchWith } from "#server/services/opportunities/search.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { NoOpportunities } from "../components/opportunities/no-opportunities.tsx";
import { OpportunityFacts, OrganizationName, SpecializationBadges } from "../components/opportunities/opportunity-facts.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Field, Input, Select } from "../components/ui/field.tsx";
import { Options } from "../components/ui/options.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { appContext } from "../context.ts";
import { valueLabel } from "../i18n/labels.ts";
import { metaI18n, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/opportunities";

// /opportunities (issue 32): published Terms of Reference, searched like the consultants (the same
// keyword handling), filtered by specialization, country, donor, language, remote and deadline
// soon, 12 a page, newest or deadline first. A GET form: the URL is the search, shareable, and it
// works without JavaScript.

/** A shared link with a mangled value still shows results: bad values are dropped, as the consultants' search does. */
function searchOfQuery(query: URLSearchParams): OpportunitySearch {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(opportunitySearchSchema.shape)) {
    const value = query.get(key);
    if (value !== null) raw[key] = value;
  }
  return parseLeniently(opportunitySearchSchema, raw);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const params = searchOfQuery(new URL(request.url).searchParams);
  const page = await searchWith(serviceDeps(app), params, new Date());
  return { params, page, canPost: app.session !== null };
}

/** One filter of the search: any value (its first choice, the one a search without it has), or one of `values`. */
function FilterSelect({
  label,
  name,
  value,
  anyValue,
  values,
  kind,
}: {
  label: string;
  name: string;
  value: string | undefined;
  anyValue: string;
  values: readonly string[];
  kind?: "language";
}) {
  const { i18n } = useLingui();
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} name={name} defaultValue={value ?? ""}>
          <Options placeholder={anyValue} values={values} label={(choice) => valueLabel(i18n, choice, kind)} />
        </Select>
      )}
    </Field>
  );
}

export default function OpportunitiesPage({ loaderData }: Route.ComponentProps) {
  const { params, page, canPost } = loaderData;
  const { t, i18n } = useLingui();
  const first = (page.page - 1) * page.limit + 1;
  const last = first + page.opportunities.length - 1;
  const total = page.total;
  const corrected = page.correctedKeywords;
  const typed = params.keywords ?? "";
  const filters = [
    { name: "specialization", label: t`Specialization`, anyValue: t`All specializations`, values: PROFILE_SPECIALIZATIONS },
    { name: "country", label: t`Country`, anyValue: t`All countries`, values: COUNTRIES },
    { name: "donor", label: t`Donor`, anyValue: t`All donors`, values: DONORS },
    { name: "language", label: t`Language`, anyValue: t`All languages`, values: LANGUAGES, kind: "language" },
  ] as const;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">
            <Trans>Opportunities</Trans>
          </h1>
          <p className="mt-2 max-w-2xl text-muted">
            <Trans>
              Terms of Reference published by organizations working in Southeast Asia. Read the assignment and express your
              interest with your profile.
            </Trans>
          </p>
        </div>
        {canPost && (
          <Link to="/opportunities/new" className={buttonClasses({ variant: "outline" })}>
            <Trans>Post an opportunity</Trans>
          </Link>
        )}
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <search aria-label={t`Search opportunities`}>
          <Form method="get" className="space-y-4 rounded-2xl border border-line bg-white p-4">
            <Field label={t`Keywords`}>
              {(props) => (
                <Input
                  {...props}
                  name="keywords"
                  type="search"
                  defaultValue={params.keywords ?? ""}
                  placeholder={t`e.g. evaluation, WASH`}
                />
              )}
            </Field>
            {filters.map((filter) => (
              <FilterSelect key={filter.name} {...filter} value={params[filter.name]} />
            ))}
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-ink">
                <Trans>Show only</Trans>
              </legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="remote" value="true" defaultChecked={params.remote === true} className="size-4" />
                <Trans>Remote work</Trans>
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="deadlineSoon"
                  value="true"
                  defaultChecked={params.deadlineSoon === true}
                  className="size-4"
                />
                <Trans>Deadline within 7 days</Trans>
              </label>
            </fieldset>
            <Field label={t`Sort by`}>
              {(props) => (
                <Select {...props} name="sort" defaultValue={params.sort}>
                  <option value="newest">{t`Newest first`}</option>
                  <option value="deadline">{t`Deadline first`}</option>
                </Select>
              )}
            </Field>
            <Button type="submit" className="w-full">
              <Search aria-hidden="true" className="size-4" />
              <Trans>Search</Trans>
            </Button>
            <Link
              to="/opportunities"
              className="block text-center text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
            >
              <Trans>Clear filters</Trans>
            </Link>
          </Form>
        </search>

        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="text-lg font-semibold text-ink" aria-live="polite">
            {total === 0
              ? t`No opportunities match`
              : page.pageCount > 1
                ? i18n._(msg`${total} opportunities, ${first}–${last} shown`)
                : i18n._(total === 1 ? msg`1 opportunity` : msg`${total} opportunities`)}
          </h2>
          {corrected && (
            <p className="mt-2 rounded-lg bg-accent-100 px-4 py-3 text-sm text-ink">
              <Trans>
                No opportunity matches “<bdi>{typed}</bdi>”. Did you mean{" "}
                <strong className="font-semibold">
                  “<bdi>{corrected}</bdi>”
                </strong>
                ? Showing its results.
              </Trans>
            </p>
          )}
          {page.total === 0 ? (
            <NoOpportunities keywords={params.keywords} relaxations={page.relaxations} />
          ) : (
            <ul className="mt-4 space-y-4" aria-label={t`Opportunities`}>
              {page.opportunities.map((opportunity) => (
                <li key={opportunity.id}>
                  <article className="rounded-2xl border border-line bg-white p-4 sm:p-5" data-testid="opportunity-card">
                    <p className="text-sm text-muted">
                      <OrganizationName organization={opportunity.organization} />
                    </p>
                    <h3 className="mt-1 text-lg font-semibold leading-snug text-ink">
                      <Link to={opportunity.path} className="hover:underline focus-visible:underline">
                        <bdi>{opportunity.title}</bdi>
                      </Link>
                    </h3>
                    <OpportunityFacts opportunity={opportunity} />
                    <p className="mt-3 text-sm leading-relaxed text-slate-700" dir="auto">
                      {opportunity.excerpt}
                    </p>
                    <div className="mt-3">
                      <SpecializationBadges values={opportunity.specializations} />
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
          {page.pageCount > 1 && (
            <div className="mt-6">
              <Pagination
                page={page.page}
                pageCount={page.pageCount}
                href={(number) => `/opportunities${opportunityQueryString({ ...params, page: number })}`}
                label={t`Opportunity pages`}
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return pageMeta(args, {
    title: i18n._(msg`Opportunities`),
    description: i18n._(
      msg`Terms of Reference for development consultants in Southeast Asia: assignments from NGOs, UN agencies, donors and firms, searchable by specialization, country, donor and language.`,
    ),
    // The list is what organizations wrote: one canonical page, as the consultants' search.
    canonicalInEnglish: true,
  });
}

export { RouteErrorBoundary as ErrorBoundary };
