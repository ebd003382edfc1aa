import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { useHref } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import { COUNTRIES, SEARCH_SPECIALIZATIONS } from "#common/constants.ts";
import { MAX_KEYWORDS_LENGTH } from "#common/search.ts";
import { Options, withCurrent } from "../ui/options.tsx";
import { heroFieldClass, SEARCH_FORM_ID, SearchSelect } from "./search-select.tsx";

/**
 * The hero search: keywords, location and expertise. A plain GET form (it works without
 * JavaScript); with JavaScript each change navigates in place and typing waits for a pause.
 * The filter bar's controls belong to this form too (form="search").
 */
export function SearchForm({ search }: { search: SearchNavigation }) {
  const { t, i18n } = useLingui();
  const { values, keywordsRef, type, submit } = search;
  const location = values.location ?? "";
  const expertise = values.expertise ?? "";
  // The home page in this page's language (without JavaScript the browser submits to it).
  const home = useHref("/");
  const label = (value: string) => valueLabel(i18n, value);
  return (
    <search aria-label={t`Search consultants`}>
      <form
        id={SEARCH_FORM_ID}
        method="get"
        action={`${home}#consultants`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-lg sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="search-keywords" className="mb-1 block text-sm font-medium text-slate-700">
            <Trans>Keywords</Trans>
          </label>
          <input
            id="search-keywords"
            ref={keywordsRef}
            name="keywords"
            type="search"
            value={values.keywords ?? ""}
            onChange={(event) => type(event.target.value)}
            placeholder={t`Skill, topic or name, e.g. evaluation`}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_KEYWORDS_LENGTH}
            className={heroFieldClass}
          />
        </div>
        <SearchSelect look="hero" id="search-location" name="location" label={t`Location`} search={search}>
          {/* A city from a shared link (the API matches cities too). */}
          <Options placeholder={t`All Countries`} values={withCurrent(COUNTRIES, location)} label={label} />
        </SearchSelect>
        <SearchSelect look="hero" id="search-expertise" name="expertise" label={t`Expertise`} search={search}>
          <Options placeholder={t`All Specializations`} values={withCurrent(SEARCH_SPECIALIZATIONS, expertise)} label={label} />
        </SearchSelect>
        <button
          type="submit"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-accent-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-accent-500 hover:text-ink sm:col-span-2 lg:col-span-1"
        >
          <Search aria-hidden="true" className="size-5" />
          <Trans>Search</Trans>
        </button>
      </form>
    </search>
  );
}
