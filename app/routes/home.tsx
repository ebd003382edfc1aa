import { useEffect } from "react";
import { data, useLocation, useNavigation } from "react-router";
import { formatCount } from "#common/format.ts";
import { isSearching, type SearchParams, searchQueryString } from "#common/search.ts";
import type { DirectoryStats } from "#common/views.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { countSearchAppearances } from "#server/services/insights/counter.ts";
import { viewHomePage } from "#server/services/pages/home-page.ts";
import { ConsultantCard, toConsultantCard } from "../components/consultants/consultant-card.tsx";
import { ActiveFilters } from "../components/search/active-filters.tsx";
import { CountryTiles } from "../components/search/country-tiles.tsx";
import { EmptyPage } from "../components/search/empty-page.tsx";
import { AboutDirectory, JoinBanner, LoadFailed, NoResults } from "../components/search/home-sections.tsx";
import { ResultsReady } from "../components/search/results-ready.tsx";
import { SaveSearch } from "../components/search/save-search.tsx";
import { SearchFilters } from "../components/search/search-filters.tsx";
import { SearchForm } from "../components/search/search-form.tsx";
import { SortSelect } from "../components/search/sort-select.tsx";
import { SpecializationTiles } from "../components/search/specialization-tiles.tsx";
import { StatsStrip } from "../components/search/stats-strip.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { HERO } from "../content/home.ts";
import { appContext } from "../context.ts";
import { pageMeta, rootData } from "../lib/meta.ts";
import { searchHref, useSearchNavigation } from "../lib/use-search-navigation.ts";
import type { Route } from "./+types/home";

// The lenient parser (with zod) by dynamic import: a static one would keep zod in the page's
// first load even though only the server's loader and a failed search in the browser use it.
const loadSearchParams = () => import("#common/search-params.ts");

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  // A page is lenient where the API is strict: a mangled shared link still shows results.
  const { parseSearchParamsLeniently } = await loadSearchParams();
  const params = parseSearchParamsLeniently(new URL(request.url).searchParams);
  const deps = serviceDeps(app);
  const { stats, results } = await viewHomePage(
    deps,
    params,
    { userAgent: request.headers.get("user-agent") },
    actorOf(app.session),
  );
  if (results) {
    // The same results served from the page cache to a later visitor are seen again.
    const shown = results.consultants.map((consultant) => consultant.id);
    app.cachedPageEffects.push((visitor) => countSearchAppearances(deps, shown, visitor));
  }
  return data(
    {
      params,
      stats,
      results: results && {
        ...results,
        consultants: results.consultants.map((consultant) => toConsultantCard(consultant, consultant.donors)),
      },
    },
    { status: results ? 200 : 503 },
  );
}

// The stats last shown, so a search that fails in the browser keeps the rest of the page.
let lastStats: DirectoryStats | null = null;

/**
 * A new search in the browser that cannot load (the connection dropped, the server failed) keeps
 * the page: the hero search, the filters and the sections stay, and the results area says
 * 'Failed to load consultants. Please try again.' with a retry (spec section 8).
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch {
    // The parser (with zod) is not part of the page's first load; Home fetches it once idle, so
    // it is here even when the connection has dropped.
    const { parseSearchParamsLeniently } = await loadSearchParams();
    const params = parseSearchParamsLeniently(new URL(request.url).searchParams);
    return { params, stats: lastStats, results: null };
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { params, stats, results } = loaderData;
  useEffect(() => {
    if (stats) lastStats = stats;
  }, [stats]);
  // Off the first load, but at hand for a failed search (clientLoader) even without a connection.
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    whenIdle(() => void loadSearchParams().catch(() => {}));
  }, []);
  const search = useSearchNavigation(params);
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/";
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">{HERO.title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            {stats ? `${formatCount(stats.totalConsultants)} experts` : "Experts"}
            {HERO.lead}
          </p>
          <div className="mt-8">
            <SearchForm search={search} />
          </div>
        </div>
      </section>

      {stats && <StatsStrip stats={stats} />}
      {results && (
        <ResultsReady searchKey={searchQueryString(params)} summary={resultSummary(results)} targetId="consultants-heading" />
      )}

      <section id="consultants" aria-labelledby="consultants-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="consultants-heading" tabIndex={-1} className="text-2xl font-bold text-ink">
              {isSearching(params) ? "Search Results" : "Featured Consultants"}
            </h2>
            <p role="status" className="mt-1 text-sm text-muted">
              {results ? resultSummary(results) : ""}
            </p>
          </div>
          <SortSelect search={search} />
        </div>
        <div className="mt-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <SearchFilters search={search} />
          <ActiveFilters params={params} />
          {results && <SaveSearch params={params} />}
        </div>

        <div
          aria-busy={isLoading}
          data-search={searchQueryString(params)}
          className={`mt-6 transition-opacity ${isLoading ? "opacity-60" : ""}`}
        >
          {results === null ? (
            <LoadFailed href={searchHref(params, "")} />
          ) : results.consultants.length === 0 && results.total === 0 ? (
            <NoResults />
          ) : results.consultants.length === 0 ? (
            <EmptyPage params={params} pageCount={results.pageCount} />
          ) : (
            <>
              {results.correctedKeywords && (
                <p className="mb-4 rounded-lg bg-accent-100 px-4 py-3 text-sm text-ink">
                  Few consultants match “{params.keywords}”. Including results for{" "}
                  <strong className="font-semibold">“{results.correctedKeywords}”</strong>.
                </p>
              )}
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {results.consultants.map((consultant) => (
                  <li key={consultant.id} className="flex">
                    <ConsultantCard consultant={consultant} />
                  </li>
                ))}
              </ul>
              <Pagination page={params.page} pageCount={results.pageCount} href={(page) => searchHref({ ...params, page })} />
              {results.totalIsCapped && params.page >= results.pageCount && (
                <p className="mt-6 text-center text-sm text-muted">
                  Showing the first {formatCount(results.total)} matches. Add keywords or filters to narrow the search.
                </p>
              )}
            </>
          )}
        </div>
      </section>

      {stats && (
        <section id="countries" aria-labelledby="countries-heading" className="scroll-mt-20 bg-white">
          <div className="mx-auto max-w-7xl px-4 py-14">
            <h2 id="countries-heading" className="text-2xl font-bold text-ink">
              Consultants across Southeast Asia
            </h2>
            <p className="mt-2 max-w-2xl text-muted">Experts based in each of the ten ASEAN countries.</p>
            <CountryTiles countries={stats.countries} />
          </div>
        </section>
      )}

      <section
        id="specializations"
        aria-labelledby="specializations-heading"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14"
      >
        <h2 id="specializations-heading" className="text-2xl font-bold text-ink">
          Browse by specialization
        </h2>
        <p className="mt-2 max-w-2xl text-muted">Ten areas of international development work.</p>
        <SpecializationTiles />
      </section>

      <AboutDirectory />
      <JoinBanner />
    </>
  );
}

function resultSummary(results: { total: number; totalIsCapped: boolean; page: number; limit: number; consultants: unknown[] }) {
  if (results.total === 0) return "No consultants found";
  const total = `${formatCount(results.total)}${results.totalIsCapped ? "+" : ""}`;
  const noun = results.total === 1 && !results.totalIsCapped ? "consultant" : "consultants";
  if (results.consultants.length === 0) return `${total} ${noun}`;
  const from = (results.page - 1) * results.limit + 1;
  const to = from + results.consultants.length - 1;
  return `Showing ${formatCount(from)}–${formatCount(to)} of ${total} ${noun}`;
}

/** A failed client-side navigation (network down, server error) lands here; trying again reloads it. */
export function ErrorBoundary() {
  const location = useLocation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="sr-only">Find consultants</h1>
      <LoadFailed href={`${location.pathname}${location.search}`} />
    </section>
  );
}

function describeSearch(params: SearchParams) {
  const what = params.expertise ? `${params.expertise} consultants` : "Development consultants";
  const where = params.location ? ` in ${params.location}` : " in Southeast Asia";
  const words = params.keywords ? ` for “${params.keywords}”` : "";
  return `${what}${where}${words}`;
}

export function meta(args: Route.MetaArgs) {
  const params = args.loaderData?.params;
  if (!params || !(isSearching(params) || params.page > 1)) {
    return pageMeta(args, {
      description:
        "Find and message international development consultants working across Southeast Asia: health, education, governance, agriculture, climate and more.",
      path: "/",
    });
  }
  const { siteName } = rootData(args);
  const title = `${describeSearch(params)}${params.page > 1 ? ` (page ${params.page})` : ""}`;
  return [
    ...pageMeta(args, {
      title,
      description: `${title}, from the ${siteName} directory: profiles, experience, languages and availability.`,
      // Country and specialization listings are worth finding; free-text result pages are not.
      path: `/${searchQueryString({ location: params.location, expertise: params.expertise, page: params.page })}`,
      noindex: Boolean(params.keywords),
    }),
  ];
}
