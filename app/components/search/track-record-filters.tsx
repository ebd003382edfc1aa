import { COUNTRIES } from "../../../common/constants.ts";
import { DONORS } from "../../../common/track-record.ts";
import type { SearchNavigation } from "../../lib/use-search-navigation.ts";
import { FilterMenu, selectClass } from "./search-filters.tsx";
import { SEARCH_FORM_ID } from "./search-form.tsx";

/**
 * The track-record filters of the filter bar (issue 12): funding donors (all must match) and a
 * country of experience. Like the other filters, they belong to the hero's search form.
 */
export function TrackRecordFilters({ search }: { search: SearchNavigation }) {
  const { values, change } = search;
  const donors = values.donor ?? [];
  const donorSummary = donors.length === 0 ? "Any donor" : donors.length === 1 ? (donors[0] ?? "") : `${donors.length} donors`;
  // A shared link may name a country outside the list: keep it selectable.
  const countries: string[] = [...COUNTRIES];
  if (values.workedIn && !countries.includes(values.workedIn)) countries.push(values.workedIn);
  return (
    <>
      <div className="flex flex-col">
        <span aria-hidden="true" className="mb-1 text-xs font-medium text-muted">
          Donors
        </span>
        <FilterMenu summary={donorSummary} label="Donors">
          <fieldset className="absolute z-20 mt-2 grid w-72 grid-cols-1 gap-1 rounded-lg border border-slate-200 bg-white p-3 shadow-lg sm:w-96 sm:grid-cols-2">
            <legend className="sr-only">Funding donors worked with (all must match)</legend>
            {DONORS.map((donor) => (
              <label key={donor} className="flex items-center gap-2 rounded px-1 py-1 text-sm text-ink hover:bg-brand-50">
                <input
                  type="checkbox"
                  name="donor"
                  value={donor}
                  form={SEARCH_FORM_ID}
                  checked={donors.includes(donor)}
                  onChange={(event) =>
                    change("donor", event.target.checked ? [...donors, donor] : donors.filter((item) => item !== donor))
                  }
                  className="size-4 accent-brand-700"
                />
                {donor}
              </label>
            ))}
          </fieldset>
        </FilterMenu>
      </div>
      <div className="flex flex-col">
        <label htmlFor="filter-worked-in" className="mb-1 text-xs font-medium text-muted">
          Worked in
        </label>
        <select
          id="filter-worked-in"
          name="workedIn"
          form={SEARCH_FORM_ID}
          value={values.workedIn ?? ""}
          onChange={(event) => change("workedIn", event.target.value || undefined)}
          className={selectClass}
        >
          <option value="">Any country of experience</option>
          {countries.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
