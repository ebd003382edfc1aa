import { Plural, useLingui } from "@lingui/react/macro";
import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { searchHref } from "#app/lib/use-search-navigation.ts";

/** One tile per country with its live count of listed consultants; each opens that search. */
export function CountryTiles({ countries }: { countries: { country: string; count: number }[] }) {
  const { i18n } = useLingui();
  return (
    <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {countries.map(({ country, count }) => (
        <li key={country}>
          <Link
            to={searchHref({ location: country })}
            className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow-md"
          >
            <span className="flex items-center gap-1.5 font-semibold text-ink">
              <MapPin aria-hidden="true" className="size-4 text-brand-700" />
              {valueLabel(i18n, country)}
            </span>
            <span className="text-sm text-muted">
              <Plural value={count} one="# consultant" other="# consultants" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
