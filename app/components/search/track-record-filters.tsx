import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import { COUNTRIES } from "#common/constants.ts";
import { DONORS } from "#common/track-record-lists.ts";
import { SEARCH_FORM_ID } from "./search-form.tsx";
import { selectClass } from "./select-class.ts";

/**
 * The track-record filters of the filter bar (issue 12): a funding donor and a country of
 * experience. Like the other filters, they belong to the hero's search form.
 */
export function TrackRecordFilters({ search }: { search: SearchNavigation }) {
  const { values, change } = search;
  const donors = values.donor ?? [];
  // A shared link may name a country outside the list: keep it selectable.
  const countries: string[] = [...COUNTRIES];
  if (values.workedIn && !countries.includes(values.workedIn)) countries.push(values.workedIn);
  return (
    <>
      <div className="flex flex-col">
        <label htmlFor="filter-donor" className="mb-1 text-xs font-medium text-muted">
          Donor
        </label>
        {/* One donor from the bar; a link may carry several (all must match), each shown as a chip. */}
        <select
          id="filter-donor"
          name="donor"
          form={SEARCH_FORM_ID}
          value={donors[0] ?? ""}
          onChange={(event) => change("donor", event.target.value ? [event.target.value, ...donors.slice(1)] : donors.slice(1))}
          className={selectClass}
        >
          <option value="">Any donor</option>
          {DONORS.map((donor) => (
            <option key={donor} value={donor}>
              {donor}
            </option>
          ))}
        </select>
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
