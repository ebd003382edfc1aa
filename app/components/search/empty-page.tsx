import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { useLocale } from "#app/i18n/use-locale.ts";
import { searchHref } from "#app/lib/use-search-navigation.ts";
import { formatCount } from "#common/format.ts";
import type { SearchParams } from "#common/search.ts";

/**
 * A page number past the end of the results (an old link, a shortened search): says so and
 * links to page 1 and to the last page, instead of an empty grid under a wrong current page.
 */
export function EmptyPage({ params, pageCount }: { params: SearchParams; pageCount: number }) {
  const locale = useLocale();
  const last = formatCount(pageCount, locale);
  const asked = formatCount(params.page, locale);
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <p className="text-lg font-semibold text-ink">
        <Trans>This page is empty.</Trans>
      </p>
      <p className="mt-2 text-muted">
        <Trans>
          These results end on page {last}; page {asked} has no consultants.
        </Trans>
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={searchHref({ ...params, page: 1 })}
          className="inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          <Trans>Go to page 1</Trans>
        </Link>
        {pageCount > 1 && (
          <Link
            to={searchHref({ ...params, page: pageCount })}
            className="inline-block rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            <Trans>Go to the last page ({last})</Trans>
          </Link>
        )}
      </div>
    </div>
  );
}
