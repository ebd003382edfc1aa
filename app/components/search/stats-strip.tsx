import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatCount } from "#common/format.ts";

export type StatsStripData = {
  totalConsultants: number;
  totalCountries: number;
  totalSpecializations: number;
  totalProjects: number;
};

/** The four live totals of the directory (spec, Home). */
export function StatsStrip({ stats }: { stats: StatsStripData }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const items = [
    { label: msg`Consultants`, value: stats.totalConsultants },
    { label: msg`Countries`, value: stats.totalCountries },
    { label: msg`Specializations`, value: stats.totalSpecializations },
    { label: msg`Projects completed`, value: stats.totalProjects },
  ];
  return (
    <section aria-label={t`Directory in numbers`} className="border-b border-slate-200 bg-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
        {items.map((item) => (
          <div key={item.label.id} className="flex flex-col-reverse">
            <dt className="text-sm text-muted">{i18n._(item.label)}</dt>
            <dd className="text-2xl font-bold text-brand-800 sm:text-3xl">{formatCount(item.value, locale)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
