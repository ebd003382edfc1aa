import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { searchHref } from "#app/lib/use-search-navigation.ts";
import { formatCount } from "#common/format.ts";

/** One tile per country with its live count of listed consultants; each opens that search. */
export function CountryTiles({ countries }: { countries: { country: string; count: number }[] }) {
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
              {country}
            </span>
            <span className="text-sm text-muted">
              {formatCount(count)} {count === 1 ? "consultant" : "consultants"}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
