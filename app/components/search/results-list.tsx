import { Trans } from "@lingui/react/macro";
import { useLocale } from "#app/i18n/use-locale.ts";
import { searchHref } from "#app/lib/use-search-navigation.ts";
import { formatCount } from "#common/format.ts";
import type { SearchParams } from "#common/search.ts";
import { ConsultantCard, type ConsultantCardData } from "../consultants/consultant-card.tsx";
import { Pagination } from "../ui/pagination.tsx";

// The home page's result cards and their pages. Links only (a card's name, its bookmark, the page
// numbers), so home.tsx loads this code beside the page's first load rather than in it: the server
// HTML has every card and its links work before they hydrate (split hydration: the cards hydrate
// in a task of their own).

export default function ResultsList({
  params,
  results,
}: {
  params: SearchParams;
  results: { consultants: ConsultantCardData[]; total: number; totalIsCapped: boolean; pageCount: number };
}) {
  const locale = useLocale();
  return (
    <>
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
          <Trans>
            Showing the first {formatCount(results.total, locale)} matches. Add keywords or filters to narrow the search.
          </Trans>
        </p>
      )}
    </>
  );
}
