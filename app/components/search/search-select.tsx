import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import type { SearchParams } from "#common/search.ts";

/** The hero's search form; the filter bar's controls belong to it too (form="search"). */
export const SEARCH_FORM_ID = "search";

/** The look of the hero's keywords box and selects. */
export const heroFieldClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";

/** The look of the filter bar's selects (the filters and the sort). */
const barSelectClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";

const LOOKS = {
  /** In the hero: the label above, full width. */
  hero: { box: undefined, label: "mb-1 block text-sm font-medium text-slate-700", select: heroFieldClass },
  /** In the filter bar: a small label above. */
  filter: { box: "flex flex-col", label: "mb-1 text-xs font-medium text-muted", select: barSelectClass },
  /** Beside the results (the sort): the label on the left. */
  inline: { box: "flex items-center gap-2", label: "text-sm font-medium text-muted", select: barSelectClass },
} as const;

/** The search parameters a select sets: one text value each. */
type SelectParam = { [K in keyof SearchParams]-?: SearchParams[K] extends string | undefined ? K : never }[keyof SearchParams];

/**
 * A labelled select of the search, bound to one search parameter: it shows the parameter and a
 * choice navigates in place (an empty choice clears it). It belongs to the hero's search form, so
 * one GET submission carries everything when JavaScript is off. `bind` overrides the binding for
 * a parameter that holds more than one value.
 */
export function SearchSelect({
  look,
  id,
  name,
  label,
  search,
  bind,
  children,
}: {
  look: keyof typeof LOOKS;
  id: string;
  name: SelectParam | "donor";
  label: string;
  search: SearchNavigation;
  bind?: { value: string; onChange: (value: string) => void };
  children: React.ReactNode;
}) {
  const classes = LOOKS[look];
  const { value, onChange } = bind ?? {
    value: search.values[name as SelectParam] ?? "",
    onChange: (next: string) => search.change(name as SelectParam, (next || undefined) as SearchParams[SelectParam]),
  };
  return (
    <div className={classes.box}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        form={SEARCH_FORM_ID}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={classes.select}
      >
        {children}
      </select>
    </div>
  );
}
