import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { SearchParams } from "../../common/search.ts";
import { searchHref } from "../lib/use-search-navigation.ts";

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

export function Pagination({ params, pageCount }: { params: SearchParams; pageCount: number }) {
  if (pageCount <= 1) return null;
  const current = Math.min(params.page, pageCount);
  const href = (page: number) => searchHref({ ...params, page });
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {current > 1 ? (
        <Link to={href(current - 1)} rel="prev" className={`${itemClass} text-brand-800 hover:bg-brand-50`}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
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
                aria-label={`Page ${item}`}
                aria-current={item === current ? "page" : undefined}
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
        <Link to={href(current + 1)} rel="next" className={`${itemClass} text-brand-800 hover:bg-brand-50`}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
