import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useEffect } from "react";
import { data, Link, useLocation, useNavigation } from "react-router";
import { formatCount } from "#common/format.ts";
import { isSearching, type SearchParams, searchQueryString } from "#common/search.ts";
import type { DirectoryStats } from "#common/views.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { countSearchAppearances } from "#server/services/insights/counter.ts";
import { viewHomePage } from "#server/services/pages/home-page.ts";
import { toConsultantCard } from "../components/consultants/consultant-card.tsx";
import { SearchFilters } from "../components/search/search-filters.tsx";
import { SearchForm } from "../components/search/search-form.tsx";
import { SortSelect } from "../components/search/sort-select.tsx";
import { appContext } from "../context.ts";
import { valueLabel } from "../i18n/labels.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { lazyPart } from "../lib/lazy-part.tsx";
import { metaI18n, pageMeta, rootData } from "../lib/meta.ts";
import { searchHref, useSearchNavigation } from "../lib/use-search-navigation.ts";
import type { Route } from "./+types/home";

// The lenient parser (with zod) by dynamic import: a static one would keep zod in the page's
// first load even though only the server's loader and a failed search in the browser use it.
const loadSearchParams = () => import("#common/search-params.ts");

// Off the first load (the server HTML has each of them whole; they hydrate when their code is
// there): the sections below the results (links and text), the bar that appears after a search
// made on this page, and the states of an empty, past-the-end or failed search.
const ResultsList = lazyPart(() => import("../components/search/results-list.tsx").then((m) => m.default));
const StatsStrip = lazyPart(() => import("../components/search/stats-strip.tsx").then((m) => m.StatsStrip));
const HomeLower = lazyPart(() => import("../components/search/home-lower.tsx").then((m) => m.default));
const ResultsReady = lazyPart(() => import("../components/search/results-ready.tsx").then((m) => m.ResultsReady));
// The filters a search applied (links) and Save this search hydrate beside the first load: the
// server HTML has them, and a click on a link before then is an ordinary navigation.
const ActiveFilters = lazyPart(() => import("../components/search/active-filters.tsx").then((m) => m.ActiveFilters));
const SaveSearch = lazyPart(() => import("../components/search/save-search.tsx").then((m) => m.SaveSearch));
const loadStates = () => import("../components/search/home-states.tsx");
const NoResults = lazyPart(() => loadStates().then((m) => m.NoResults));
const LoadFailed = lazyPart(() => loadStates().then((m) => m.LoadFailed));
const EmptyPage = lazyPart(() => loadStates().then((m) => m.EmptyPage));
/**
 * The parts a navigation in the browser shows, loaded beside its data: the page appears whole, so a
 * link to one of its sections (/#countries from another page) finds it, and nothing above the
 * section scrolled to (the stats strip) moves it down once its code arrives on a slow connection.
 */
const loadParts = () =>
  Promise.all(
    [ResultsList, StatsStrip, HomeLower, ResultsReady, ActiveFilters, SaveSearch, NoResults, LoadFailed, EmptyPage].map((part) =>
      part.preload(),
    ),
  );

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
  // Without a connection the parts may not come; the page shows what it has (the failed search).
  const parts = loadParts().catch(() => {});
  try {
    const loaded = await serverLoader();
    await parts;
    return loaded;
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
    whenIdle(() => {
      void loadSearchParams().catch(() => {});
      // So are the failed search's message and the page's other parts.
      void loadParts().catch(() => {});
    });
  }, []);
  const { i18n } = useLingui();
  const locale = useLocale();
  const search = useSearchNavigation(params);
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/";
  const summary = results ? resultSummary(i18n, locale, results) : "";
  const experts = stats?.totalConsultants ?? 0;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">
            <Trans>Find the right development consultant in Southeast Asia</Trans>
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            {stats ? (
              <Plural
                value={experts}
                one="# expert in health, education, governance, climate, finance and more, across all ten ASEAN countries."
                other="# experts in health, education, governance, climate, finance and more, across all ten ASEAN countries."
              />
            ) : (
              <Trans>Experts in health, education, governance, climate, finance and more, across all ten ASEAN countries.</Trans>
            )}
          </p>
          <div className="mt-8">
            <SearchForm search={search} />
          </div>
          <p className="mt-4 text-brand-100">
            <Trans>
              Looking for assignments?{" "}
              <Link to="/opportunities" className="font-semibold text-white underline underline-offset-4">
                Browse opportunities
              </Link>
            </Trans>
          </p>
        </div>
      </section>

      {stats && (
        <Suspense fallback={null}>
          <StatsStrip stats={stats} />
        </Suspense>
      )}
      {results && (
        <Suspense fallback={null}>
          <ResultsReady searchKey={searchQueryString(params)} summary={summary} targetId="consultants-heading" />
        </Suspense>
      )}

      <section id="consultants" aria-labelledby="consultants-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="consultants-heading" tabIndex={-1} className="text-2xl font-bold text-ink">
              {isSearching(params) ? <Trans>Search Results</Trans> : <Trans>Featured Consultants</Trans>}
            </h2>
            <p role="status" className="mt-1 text-sm text-muted">
              {summary}
            </p>
          </div>
          <SortSelect search={search} />
        </div>
        <div className="mt-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <SearchFilters search={search} />
          <Suspense fallback={null}>
            <ActiveFilters params={params} />
            {results && <SaveSearch params={params} />}
          </Suspense>
        </div>

        <div
          aria-busy={isLoading}
          data-search={searchQueryString(params)}
          className={`mt-6 transition-opacity ${isLoading ? "opacity-60" : ""}`}
        >
          {/* One boundary for every state: a search that needs a state's code not loaded yet
              keeps the previous state on screen (a transition) until it is there, never a blank. */}
          <Suspense fallback={null}>
            {results === null ? (
              <LoadFailed href={searchHref(params, "")} />
            ) : results.consultants.length === 0 && results.total === 0 ? (
              <NoResults params={params} relaxations={results.relaxations} />
            ) : results.consultants.length === 0 ? (
              <EmptyPage params={params} pageCount={results.pageCount} />
            ) : (
              <ResultsList params={params} results={results} />
            )}
          </Suspense>
        </div>
      </section>

      <Suspense fallback={null}>
        <HomeLower countries={stats?.countries ?? null} />
      </Suspense>
    </>
  );
}

function resultSummary(
  i18n: I18n,
  locale: ReturnType<typeof useLocale>,
  results: { total: number; totalIsCapped: boolean; page: number; limit: number; consultants: unknown[] },
) {
  if (results.total === 0) return i18n._(msg`No consultants found`);
  const total = `${formatCount(results.total, locale)}${results.totalIsCapped ? "+" : ""}`;
  // "1 consultant" only for exactly one; a capped total ("10,000+") is always plural.
  const count = results.totalIsCapped ? 2 : results.total;
  if (results.consultants.length === 0) {
    return i18n._(msg`${plural(count, { one: `${total} consultant`, other: `${total} consultants` })}`);
  }
  const from = formatCount((results.page - 1) * results.limit + 1, locale);
  const to = formatCount((results.page - 1) * results.limit + results.consultants.length, locale);
  return i18n._(
    msg`${plural(count, { one: `Showing ${from}–${to} of ${total} consultant`, other: `Showing ${from}–${to} of ${total} consultants` })}`,
  );
}

/** A failed client-side navigation (network down, server error) lands here; trying again reloads it. */
export function ErrorBoundary() {
  const location = useLocation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="sr-only">
        <Trans>Find consultants</Trans>
      </h1>
      <Suspense fallback={null}>
        <LoadFailed href={`${location.pathname}${location.search}`} />
      </Suspense>
    </section>
  );
}

function describeSearch(i18n: I18n, params: SearchParams) {
  const expertise = params.expertise ? valueLabel(i18n, params.expertise) : "";
  const place = params.location ? valueLabel(i18n, params.location) : "";
  const what = expertise
    ? place
      ? i18n._(msg`${expertise} consultants in ${place}`)
      : i18n._(msg`${expertise} consultants in Southeast Asia`)
    : place
      ? i18n._(msg`Development consultants in ${place}`)
      : i18n._(msg`Development consultants in Southeast Asia`);
  const keywords = params.keywords;
  return keywords ? i18n._(msg`${what} for “${keywords}”`) : what;
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  const params = args.loaderData?.params;
  if (!params || !(isSearching(params) || params.page > 1)) {
    return pageMeta(args, {
      description: i18n._(
        msg`Find and message international development consultants working across Southeast Asia: health, education, governance, agriculture, climate and more.`,
      ),
      path: "/",
    });
  }
  const { siteName } = rootData(args);
  const described = describeSearch(i18n, params);
  const page = params.page;
  const title = page > 1 ? i18n._(msg`${described} (page ${page})`) : described;
  return [
    ...pageMeta(args, {
      title,
      description: i18n._(msg`${title}, from the ${siteName} directory: profiles, experience, languages and availability.`),
      // Country and specialization listings are worth finding; free-text result pages are not.
      path: `/${searchQueryString({ location: params.location, expertise: params.expertise, page: params.page })}`,
      noindex: Boolean(params.keywords),
      // Search results are people's own words: every language's page points at the English one.
      canonicalInEnglish: true,
    }),
  ];
}
