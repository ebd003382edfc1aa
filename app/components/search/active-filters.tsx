import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { Link } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { searchHref } from "#app/lib/use-search-navigation.ts";
import { type ActiveFilter, activeFilters, type SearchParams } from "#common/search.ts";

/** A chip's words in the page's language (common/search.ts names them in English, for the API's users). */
export function chipLabel(i18n: I18n, chip: ActiveFilter, params: SearchParams): string {
  const value = (prefix: string) => chip.key.slice(prefix.length);
  if (chip.key === "location" && params.location) return valueLabel(i18n, params.location);
  if (chip.key === "expertise" && params.expertise) return valueLabel(i18n, params.expertise);
  if (chip.key === "experience") return valueLabel(i18n, chip.label);
  if (chip.key.startsWith("language-")) return valueLabel(i18n, value("language-"), "language");
  if (chip.key === "availability") {
    return i18n._(params.availability === "available" ? msg`Available for work` : msg`Not available`);
  }
  if (chip.key.startsWith("donor-")) {
    const donor = valueLabel(i18n, value("donor-"));
    return i18n._(msg`Funded by ${donor}`);
  }
  if (chip.key === "workedIn" && params.workedIn) {
    const country = valueLabel(i18n, params.workedIn);
    return i18n._(msg`Worked in ${country}`);
  }
  return chip.label;
}

/** Each active filter as a removable chip, and Clear all (spec, Home). */
export function ActiveFilters({ params }: { params: SearchParams }) {
  const { t, i18n } = useLingui();
  const chips = activeFilters(params);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="sr-only">
        <Trans>Active filters</Trans>
      </h3>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const label = chipLabel(i18n, chip, params);
          return (
            <li key={chip.key}>
              <Link
                to={searchHref(chip.params)}
                preventScrollReset
                aria-label={t`Remove filter: ${label}`}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
              >
                {chip.key === "keywords" ? <bdi>{chip.label}</bdi> : label}
                <X aria-hidden="true" className="size-4" />
              </Link>
            </li>
          );
        })}
      </ul>
      <Link
        to={searchHref({})}
        preventScrollReset
        className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
      >
        <Trans>Clear all</Trans>
      </Link>
    </div>
  );
}
