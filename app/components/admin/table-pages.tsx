import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatCount } from "#common/format.ts";
import { Pagination } from "../ui/pagination.tsx";
import { type AdminFilters, type AdminTab, adminHref } from "./admin-tabs.ts";

/** The table's page links, with "Showing 1–20 of 23" beside them (numbers the page's way). */
export function TablePages({
  tab,
  filters,
  page,
  limit,
  total,
  text,
}: {
  tab: AdminTab;
  filters: AdminFilters;
  page: number;
  limit: number;
  total: number;
  /** The pager's name ("Consultants pages") and what it says of an empty table ("No consultants"). */
  text: { pages: MessageDescriptor; none: MessageDescriptor };
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const first = formatCount(total === 0 ? 0 : (page - 1) * limit + 1, locale);
  const last = formatCount(Math.min(total, page * limit), locale);
  const count = formatCount(total, locale);
  return (
    <Pagination
      label={i18n._(text.pages)}
      page={page}
      pageCount={Math.max(1, Math.ceil(total / limit))}
      href={(n) => adminHref(tab, filters, n)}
      summary={total === 0 ? i18n._(text.none) : t`Showing ${first}–${last} of ${count}`}
      keepScroll
    />
  );
}
