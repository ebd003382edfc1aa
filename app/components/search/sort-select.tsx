import { useLingui } from "@lingui/react/macro";
import { valueLabel } from "#app/i18n/labels.ts";
import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import { SORT_OPTIONS } from "#common/constants.ts";
import { Options } from "../ui/options.tsx";
import { SearchSelect } from "./search-select.tsx";

export function SortSelect({ search }: { search: SearchNavigation }) {
  const { t, i18n } = useLingui();
  const options = SORT_OPTIONS.map((option) => ({ value: option.value, label: valueLabel(i18n, option.label) }));
  return (
    <SearchSelect look="inline" id="search-sort" name="sort" label={t`Sort by`} search={search}>
      <Options values={options} />
    </SearchSelect>
  );
}
