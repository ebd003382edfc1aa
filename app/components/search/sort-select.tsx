import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import { SORT_OPTIONS } from "#common/constants.ts";
import type { SortValue } from "#common/search.ts";
import { SEARCH_FORM_ID } from "./search-form.tsx";

export function SortSelect({ search }: { search: SearchNavigation }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="search-sort" className="text-sm font-medium text-muted">
        Sort by
      </label>
      <select
        id="search-sort"
        name="sort"
        form={SEARCH_FORM_ID}
        value={search.values.sort}
        onChange={(event) => search.change("sort", event.target.value as SortValue)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
