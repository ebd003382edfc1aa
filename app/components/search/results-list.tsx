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
  results: {
    consultants: ConsultantCardData[];
    total: number;
    totalIsCapped: boolean;
    pageCount: number;
    correctedKeywords?: string;
  };
}) {
  const locale = useLocale();
  return (
    <>
      {results.correctedKeywords && <DidYouMean typed={params.keywords ?? ""} corrected={results.correctedKeywords} />}
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

/** The keywords matched nothing as typed; the results are those of the corrector's spelling (issue 33). */
function DidYouMean({ typed, corrected }: { typed: string; corrected: string }) {
  return (
    <p className="mb-4 rounded-lg bg-accent-100 px-4 py-3 text-sm text-ink">
      <Trans>
        No consultant matches “<bdi>{typed}</bdi>”. Did you mean{" "}
        <strong className="font-semibold">
          “<bdi>{corrected}</bdi>”
        </strong>
        ? Showing its results.
      </Trans>
    </p>
  );
}
