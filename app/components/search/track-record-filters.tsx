import { useLingui } from "@lingui/react/macro";
import { valueLabel } from "#app/i18n/labels.ts";
import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import { COUNTRIES } from "#common/constants.ts";
import { DONORS } from "#common/donors.ts";
import { Options, withCurrent } from "../ui/options.tsx";
import { SearchSelect } from "./search-select.tsx";

/**
 * The track-record filters of the filter bar (issue 12): a funding donor and a country of
 * experience. Like the other filters, they belong to the hero's search form.
 */
export function TrackRecordFilters({ search }: { search: SearchNavigation }) {
  const { t, i18n } = useLingui();
  const label = (value: string) => valueLabel(i18n, value);
  const { values, change } = search;
  const donors = values.donor ?? [];
  return (
    <>
      {/* One donor from the bar; a link may carry several (all must match), each shown as a chip. */}
      <SearchSelect
        look="filter"
        id="filter-donor"
        name="donor"
        label={t`Donor`}
        search={search}
        bind={{
          value: donors[0] ?? "",
          onChange: (value) => change("donor", value ? [value, ...donors.slice(1)] : donors.slice(1)),
        }}
      >
        <Options placeholder={t`Any donor`} values={DONORS} label={label} />
      </SearchSelect>
      <SearchSelect look="filter" id="filter-worked-in" name="workedIn" label={t`Worked in`} search={search}>
        {/* A shared link may name a country outside the list: keep it selectable. */}
        <Options placeholder={t`Any country of experience`} values={withCurrent(COUNTRIES, values.workedIn)} label={label} />
      </SearchSelect>
    </>
  );
}
