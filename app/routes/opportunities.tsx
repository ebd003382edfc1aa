import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { COUNTRIES, LANGUAGES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { OPPORTUNITY_SORTS, type OpportunitySearch, opportunitySearchSchema } from "#common/opportunities.ts";
import { DONORS } from "#common/track-record-lists.ts";
import { serviceDeps } from "#server/http/context.ts";
import { searchWith } from "#server/services/opportunities/search.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { OpportunityFacts, OrganizationName, SpecializationBadges } from "../components/opportunities/opportunity-facts.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Field, Input, Select } from "../components/ui/field.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { appContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/opportunities";

// /opportunities (issue 32): published Terms of Reference, searched like the consultants (the same
// keyword handling), filtered by specialization, country, donor, language, remote and deadline
// soon, 12 a page, newest or deadline first. A GET form: the URL is the search, shareable, and it
// works without JavaScript.

/** A shared link with a mangled value still shows results: bad values are dropped, as the consultants' search does. */
function parseLeniently(query: URLSearchParams): OpportunitySearch {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(opportunitySearchSchema.shape)) {
    const value = query.get(key);
    if (value !== null) raw[key] = value;
  }
  for (;;) {
    const result = opportunitySearchSchema.safeParse(raw);
    if (result.success) return result.data;
    for (const issue of result.error.issues) delete raw[String(issue.path[0])];
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const params = parseLeniently(new URL(request.url).searchParams);
  const page = await searchWith(serviceDeps(app), params, new Date());
  return { params, page, canPost: app.session !== null };
}

function queryOf(params: OpportunitySearch, page: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === "page" || value === undefined || value === false) continue;
    if (key === "sort" && value === "newest") continue;
    query.set(key, String(value));
  }
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export default function OpportunitiesPage({ loaderData }: Route.ComponentProps) {
  const { params, page, canPost } = loaderData;
  const first = (page.page - 1) * page.limit + 1;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Opportunities</h1>
          <p className="mt-2 max-w-2xl text-muted">
            Terms of Reference published by organizations working in Southeast Asia. Read the assignment and express your interest
            with your profile.
          </p>
        </div>
        {canPost && (
          <Link to="/opportunities/new" className={buttonClasses({ variant: "outline" })}>
            Post an opportunity
          </Link>
        )}
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <search aria-label="Search opportunities">
          <Form method="get" className="space-y-4 rounded-2xl border border-line bg-white p-4">
            <Field label="Keywords">
              {(props) => (
                <Input
                  {...props}
                  name="keywords"
                  type="search"
                  defaultValue={params.keywords ?? ""}
                  placeholder="e.g. evaluation, WASH"
                />
              )}
            </Field>
            <Field label="Specialization">
              {(props) => (
                <Select {...props} name="specialization" defaultValue={params.specialization ?? ""}>
                  <option value="">All specializations</option>
                  {PROFILE_SPECIALIZATIONS.map((value) => (
                    <option key={value}>{value}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Country">
              {(props) => (
                <Select {...props} name="country" defaultValue={params.country ?? ""}>
                  <option value="">All countries</option>
                  {COUNTRIES.map((value) => (
                    <option key={value}>{value}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Donor">
              {(props) => (
                <Select {...props} name="donor" defaultValue={params.donor ?? ""}>
                  <option value="">All donors</option>
                  {DONORS.map((value) => (
                    <option key={value}>{value}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Language">
              {(props) => (
                <Select {...props} name="language" defaultValue={params.language ?? ""}>
                  <option value="">All languages</option>
                  {LANGUAGES.map((value) => (
                    <option key={value}>{value}</option>
                  ))}
                </Select>
              )}
            </Field>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-ink">Show only</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="remote" value="true" defaultChecked={params.remote === true} className="size-4" />
                Remote work
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="deadlineSoon"
                  value="true"
                  defaultChecked={params.deadlineSoon === true}
                  className="size-4"
                />
                Deadline within 7 days
              </label>
            </fieldset>
            <Field label="Sort by">
              {(props) => (
                <Select {...props} name="sort" defaultValue={params.sort}>
                  {OPPORTUNITY_SORTS.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Button type="submit" className="w-full">
              <Search aria-hidden="true" className="size-4" />
              Search
            </Button>
            <Link
              to="/opportunities"
              className="block text-center text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
            >
              Clear filters
            </Link>
          </Form>
        </search>

        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="text-lg font-semibold text-ink" aria-live="polite">
            {page.total === 0
              ? "No opportunities match"
              : `${page.total} ${page.total === 1 ? "opportunity" : "opportunities"}${page.pageCount > 1 ? `, ${first}–${first + page.opportunities.length - 1} shown` : ""}`}
          </h2>
          {page.correctedKeywords && (
            <p className="mt-1 text-sm text-muted">
              Showing results for <strong>{page.correctedKeywords}</strong>
            </p>
          )}
          {page.total === 0 ? (
            <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-muted">
              Try fewer words or filters, or{" "}
              <Link to="/opportunities" className="font-medium text-brand-800 underline">
                see every open opportunity
              </Link>
              .
            </p>
          ) : (
            <ul className="mt-4 space-y-4" aria-label="Opportunities">
              {page.opportunities.map((opportunity) => (
                <li key={opportunity.id}>
                  <article className="rounded-2xl border border-line bg-white p-4 sm:p-5" data-testid="opportunity-card">
                    <p className="text-sm text-muted">
                      <OrganizationName organization={opportunity.organization} />
                    </p>
                    <h3 className="mt-1 text-lg font-semibold leading-snug text-ink">
                      <Link to={opportunity.path} className="hover:underline focus-visible:underline">
                        {opportunity.title}
                      </Link>
                    </h3>
                    <OpportunityFacts opportunity={opportunity} />
                    <p className="mt-3 text-sm leading-relaxed text-slate-700">{opportunity.excerpt}</p>
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
                href={(number) => `/opportunities${queryOf(params, number)}`}
                label="Opportunity pages"
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Opportunities",
    description:
      "Terms of Reference for development consultants in Southeast Asia: assignments from NGOs, UN agencies, donors and firms, searchable by specialization, country, donor and language.",
  });
}

export { RouteErrorBoundary as ErrorBoundary };
