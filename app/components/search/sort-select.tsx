import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import { SORT_OPTIONS } from "#common/constants.ts";
import { Options } from "../ui/options.tsx";
import { SearchSelect } from "./search-select.tsx";

export function SortSelect({ search }: { search: SearchNavigation }) {
  return (
    <SearchSelect look="inline" id="search-sort" name="sort" label="Sort by" search={search}>
      <Options values={SORT_OPTIONS} />
    </SearchSelect>
  );
}
