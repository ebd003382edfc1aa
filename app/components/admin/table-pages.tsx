import { Pagination } from "../ui/pagination.tsx";
import { type AdminFilters, type AdminTab, adminHref } from "./admin-tabs.ts";

/** The table's page links, with "Showing 1–20 of 23" beside them. */
export function TablePages({
  tab,
  filters,
  page,
  limit,
  total,
  noun,
}: {
  tab: AdminTab;
  filters: AdminFilters;
  page: number;
  limit: number;
  total: number;
  noun: string;
}) {
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Pagination
      label={`${noun} pages`}
      page={page}
      pageCount={Math.max(1, Math.ceil(total / limit))}
      href={(n) => adminHref(tab, filters, n)}
      summary={total === 0 ? `No ${noun.toLowerCase()}` : `Showing ${first}–${last} of ${total.toLocaleString("en-US")}`}
      keepScroll
    />
  );
}
