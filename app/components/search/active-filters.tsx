import { X } from "lucide-react";
import { Link } from "react-router";
import { searchHref } from "#app/lib/use-search-navigation.ts";
import { activeFilters, type SearchParams } from "#common/search.ts";

/** Each active filter as a removable chip, and Clear all (spec, Home). */
export function ActiveFilters({ params }: { params: SearchParams }) {
  const chips = activeFilters(params);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="sr-only">Active filters</h3>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={searchHref(chip.params)}
              preventScrollReset
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
            >
              {chip.label}
              <X aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={searchHref({})}
        preventScrollReset
        className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
      >
        Clear all
      </Link>
    </div>
  );
}
