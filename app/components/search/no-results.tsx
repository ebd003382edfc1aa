import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { useLocale } from "#app/i18n/use-locale.ts";
import { searchHref } from "#app/lib/use-search-navigation.ts";
import { formatCount } from "#common/format.ts";
import { activeFilters, type SearchParams, type SearchRelaxation } from "#common/search.ts";
import { chipLabel } from "./active-filters.tsx";

// A search that found nothing (issue 33: never a dead end): the spec's sentence and Clear Filters,
// and before them what would find something, as links: the keywords without a word ("21 match
// “water sanitation”"), the search without a filter ("Remove ‘Available for work’ to see 7").

/** The label of the active filter a relaxation leaves out, as its chip shows it. */
function filterLabel(i18n: I18n, params: SearchParams, drop: { filter: string; value: string }) {
  const key =
    drop.filter === "languages" ? `language-${drop.value}` : drop.filter === "donor" ? `donor-${drop.value}` : drop.filter;
  const chip = activeFilters(params).find((candidate) => candidate.key === key);
  return chip ? chipLabel(i18n, chip, params) : drop.value;
}

/** The relaxed search's link: its query string as the home page's address (the router adds the language). */
function hrefOf(relaxation: SearchRelaxation) {
  return `/${relaxation.query}`;
}

const linkClasses = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

export function NoResults({ params, relaxations = [] }: { params: SearchParams; relaxations?: SearchRelaxation[] }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const countOf = (relaxation: SearchRelaxation) =>
    `${formatCount(relaxation.count, locale)}${relaxation.countIsCapped ? "+" : ""}`;
  const words = relaxations.flatMap((relaxation) =>
    "words" in relaxation.drop ? [{ relaxation, dropped: relaxation.drop.words.join(" ") }] : [],
  );
  const filters = relaxations.flatMap((relaxation) =>
    "filter" in relaxation.drop ? [{ relaxation, label: filterLabel(i18n, params, relaxation.drop) }] : [],
  );
  const keywords = params.keywords ?? "";
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-10 text-muted" />
      <p className="mt-4 text-lg font-semibold text-ink">
        <Trans>No consultants found matching your criteria.</Trans>
      </p>
      {words.length > 0 && (
        <div className="mx-auto mt-4 max-w-xl text-ink">
          <p>
            <Trans>
              No consultant matches all of “<bdi>{keywords}</bdi>”.
            </Trans>
          </p>
          <ul className="mt-2 space-y-1">
            {words.map(({ relaxation, dropped }) => {
              const count = countOf(relaxation);
              const kept = new URLSearchParams(relaxation.query).get("keywords") ?? "";
              return (
                <li key={relaxation.query}>
                  <Link to={hrefOf(relaxation)} preventScrollReset className={linkClasses}>
                    <Trans>
                      {count} match “<bdi>{kept}</bdi>”
                    </Trans>
                  </Link>{" "}
                  <span className="text-muted">
                    <Trans>
                      (without “<bdi>{dropped}</bdi>”)
                    </Trans>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {filters.length > 0 && (
        <ul className="mx-auto mt-4 max-w-xl space-y-1 text-ink">
          {filters.map(({ relaxation, label }) => {
            const count = countOf(relaxation);
            return (
              <li key={relaxation.query}>
                <Link to={hrefOf(relaxation)} preventScrollReset className={linkClasses}>
                  <Trans>
                    Remove ‘{label}’ to see {count}
                  </Trans>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {relaxations.length === 0 && params.keywords && (
        <p className="mx-auto mt-4 max-w-xl text-muted">
          <Trans>Try fewer words, another spelling, or the same topic in English (acronyms such as M&E or WASH work too).</Trans>
        </p>
      )}
      <Link
        to={searchHref({})}
        preventScrollReset
        className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        <Trans>Clear Filters</Trans>
      </Link>
    </div>
  );
}
