import { Search } from "lucide-react";
import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import { COUNTRIES, SEARCH_SPECIALIZATIONS } from "#common/constants.ts";
import { MAX_KEYWORDS_LENGTH } from "#common/search.ts";

export const SEARCH_FORM_ID = "search";

const fieldClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";

/**
 * The hero search: keywords, location and expertise. A plain GET form (it works without
 * JavaScript); with JavaScript each change navigates in place and typing waits for a pause.
 * The filter bar's controls belong to this form too (form="search").
 */
export function SearchForm({ search }: { search: SearchNavigation }) {
  const { values, keywordsRef, change, type, submit } = search;
  const location = values.location ?? "";
  const expertise = values.expertise ?? "";
  return (
    <search aria-label="Search consultants">
      <form
        id={SEARCH_FORM_ID}
        method="get"
        action="/#consultants"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-lg sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="search-keywords" className="mb-1 block text-sm font-medium text-slate-700">
            Keywords
          </label>
          <input
            id="search-keywords"
            ref={keywordsRef}
            name="keywords"
            type="search"
            value={values.keywords ?? ""}
            onChange={(event) => type(event.target.value)}
            placeholder="Skill, topic or name, e.g. evaluation"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_KEYWORDS_LENGTH}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="search-location" className="mb-1 block text-sm font-medium text-slate-700">
            Location
          </label>
          <select
            id="search-location"
            name="location"
            value={location}
            onChange={(event) => change("location", event.target.value || undefined)}
            className={fieldClass}
          >
            <option value="">All Countries</option>
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
            {/* A city from a shared link (the API matches cities too). */}
            {location && !(COUNTRIES as readonly string[]).includes(location) && <option value={location}>{location}</option>}
          </select>
        </div>
        <div>
          <label htmlFor="search-expertise" className="mb-1 block text-sm font-medium text-slate-700">
            Expertise
          </label>
          <select
            id="search-expertise"
            name="expertise"
            value={expertise}
            onChange={(event) => change("expertise", event.target.value || undefined)}
            className={fieldClass}
          >
            <option value="">All Specializations</option>
            {SEARCH_SPECIALIZATIONS.map((specialization) => (
              <option key={specialization} value={specialization}>
                {specialization}
              </option>
            ))}
            {expertise && !(SEARCH_SPECIALIZATIONS as readonly string[]).includes(expertise) && (
              <option value={expertise}>{expertise}</option>
            )}
          </select>
        </div>
        <button
          type="submit"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-accent-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-accent-500 hover:text-ink sm:col-span-2 lg:col-span-1"
        >
          <Search aria-hidden="true" className="size-5" />
          Search
        </button>
      </form>
    </search>
  );
}
