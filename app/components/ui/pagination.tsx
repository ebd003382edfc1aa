import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

const WINDOW = 5;

/**
 * Up to five page numbers around the current page, then an ellipsis and the last page (and the
 * first page with an ellipsis before them once the window has moved on). Spec section 9.
 */
export function pageItems(current: number, last: number): (number | "gap")[] {
  if (last <= WINDOW + 1) return Array.from({ length: last }, (_, index) => index + 1);
  const start = Math.max(1, Math.min(current - Math.floor(WINDOW / 2), last - WINDOW + 1));
  const end = Math.min(last, start + WINDOW - 1);
  const items: (number | "gap")[] = [];
  if (start > 1) items.push(1, ...(start > 2 ? (["gap"] as const) : []));
  for (let page = start; page <= end; page++) items.push(page);
  if (end < last) items.push(...(end < last - 1 ? (["gap"] as const) : []), last);
  return items;
}

const itemClass = "inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium";
const linkClass = `${itemClass} text-brand-800 hover:bg-brand-50`;

/**
 * Page links for any list: the search results, the inbox, the admin tables. `href` builds the
 * address of a page; `summary` ("Showing 1–20 of 23") sits beside the links when given.
 */
export function Pagination({
  page,
  pageCount,
  href,
  label,
  summary,
  keepScroll = false,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
  summary?: string;
  /** Stay at the same scroll position (a table inside a page) instead of going to the top. */
  keepScroll?: boolean;
}) {
  const { t } = useLingui();
  if (pageCount <= 1 && !summary) return null;
  const navLabel = label ?? t`Pagination`;
  const current = Math.min(page, pageCount);
  const links =
    pageCount > 1 ? (
      <div className="flex flex-wrap items-center gap-1">
        {current > 1 ? (
          <Link to={href(current - 1)} rel="prev" className={linkClass} preventScrollReset={keepScroll}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            <Trans>Previous</Trans>
          </Link>
        ) : null}
        <ul className="flex flex-wrap items-center gap-1">
          {pageItems(current, pageCount).map((item, index) =>
            item === "gap" ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-2 text-muted">
                …
              </li>
            ) : (
              <li key={item}>
                <Link
                  to={href(item)}
                  aria-label={t`Page ${item}`}
                  aria-current={item === current ? "page" : undefined}
                  preventScrollReset={keepScroll}
                  className={`${itemClass} ${
                    item === current ? "bg-brand-700 text-white" : "text-brand-800 ring-1 ring-slate-200 hover:bg-brand-50"
                  }`}
                >
                  {item}
                </Link>
              </li>
            ),
          )}
        </ul>
        {current < pageCount ? (
          <Link to={href(current + 1)} rel="next" className={linkClass} preventScrollReset={keepScroll}>
            <Trans>Next</Trans>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
    ) : null;
  if (!summary) {
    return (
      <nav aria-label={navLabel} className="mt-10 flex flex-wrap items-center justify-center gap-1">
        {links}
      </nav>
    );
  }
  return (
    <nav aria-label={navLabel} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted">{summary}</p>
      {links}
    </nav>
  );
}
