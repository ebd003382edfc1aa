import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ChevronDown } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { valueLabel } from "#app/i18n/labels.ts";
import { useDismissDisclosure } from "#app/lib/use-dismiss-disclosure.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { SearchNavigation } from "#app/lib/use-search-navigation.ts";
import { EXPERIENCE_LEVELS, LANGUAGES } from "#common/constants.ts";
import { Options } from "../ui/options.tsx";
import { SEARCH_FORM_ID, SearchSelect } from "./search-select.tsx";
import { TrackRecordFilters } from "./track-record-filters.tsx";

const AVAILABILITY_CHOICES = [
  { value: "available", label: msg`Available for work` },
  { value: "unavailable", label: msg`Not available` },
] as const;

/** The experience levels and availability choices as the page's language names them. */
function filterChoices(i18n: I18n) {
  return {
    experience: EXPERIENCE_LEVELS.map((level) => ({ value: level.value, label: valueLabel(i18n, level.label) })),
    availability: AVAILABILITY_CHOICES.map((choice) => ({ value: choice.value, label: i18n._(choice.label) })),
  };
}

/**
 * The filter bar: experience, languages (all must match) and availability. Its controls belong to
 * the hero's search form, so one GET submission carries everything when JavaScript is off.
 */
export function SearchFilters({ search }: { search: SearchNavigation }) {
  const { t, i18n } = useLingui();
  const { values, change } = search;
  const choices = filterChoices(i18n);
  const count = values.languages.length;
  const languageSummary =
    count === 0 ? (
      <Trans>Any language</Trans>
    ) : count <= 2 ? (
      values.languages.map((language) => valueLabel(i18n, language, "language")).join(", ")
    ) : (
      <Plural value={count} one="# language" other="# languages" />
    );
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">
        <Trans>Filters</Trans>
      </legend>
      <SearchSelect look="filter" id="filter-experience" name="experience" label={t`Experience`} search={search}>
        <Options placeholder={t`Any experience`} values={choices.experience} />
      </SearchSelect>
      <div className="flex flex-col">
        <span aria-hidden="true" className="mb-1 text-xs font-medium text-muted">
          <Trans>Languages</Trans>
        </span>
        {/* Over the page with JavaScript (Escape or a click elsewhere closes it); without it, in the
            page's flow, so the open list pushes "Apply filters" down instead of covering it. */}
        <FilterMenu summary={languageSummary} label={t`Languages`}>
          <fieldset className="absolute z-20 mt-2 grid w-64 grid-cols-2 gap-1 rounded-lg border border-slate-200 bg-white p-3 shadow-lg noscript:static noscript:shadow-none">
            <legend className="sr-only">
              <Trans>Languages spoken (all must match)</Trans>
            </legend>
            {LANGUAGES.map((language) => (
              <label key={language} className="flex items-center gap-2 rounded px-1 py-1 text-sm text-ink hover:bg-brand-50">
                <input
                  type="checkbox"
                  name="languages"
                  value={language}
                  form={SEARCH_FORM_ID}
                  checked={values.languages.includes(language)}
                  onChange={(event) =>
                    change(
                      "languages",
                      event.target.checked
                        ? [...values.languages, language]
                        : values.languages.filter((item) => item !== language),
                    )
                  }
                  className="size-4 accent-brand-700"
                />
                {valueLabel(i18n, language, "language")}
              </label>
            ))}
          </fieldset>
        </FilterMenu>
      </div>
      <TrackRecordFilters search={search} />
      <SearchSelect look="filter" id="filter-availability" name="availability" label={t`Availability`} search={search}>
        <Options placeholder={t`Any availability`} values={choices.availability} />
      </SearchSelect>
      <ApplyWithoutScript />
    </fieldset>
  );
}

/** A disclosure (works without JavaScript); with it, Escape or a click elsewhere closes it. */
export function FilterMenu({ summary, label, children }: { summary: ReactNode; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissDisclosure(ref);
  return (
    <details ref={ref} className="group relative">
      <summary className="flex min-w-40 cursor-pointer list-none items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink hover:border-brand-600 [&::-webkit-details-marker]:hidden">
        <span>
          <span className="sr-only">{label}: </span>
          {summary}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 transition group-open:rotate-180" />
      </summary>
      {children}
    </details>
  );
}

/**
 * Without JavaScript nothing applies a change by itself. Its own component: when hydration ends,
 * only this button renders again, not the filter bar or the page around it.
 */
function ApplyWithoutScript() {
  const isHydrated = useHydrated();
  if (isHydrated) return null;
  return (
    <button
      type="submit"
      form={SEARCH_FORM_ID}
      className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
    >
      <Trans>Apply filters</Trans>
    </button>
  );
}
