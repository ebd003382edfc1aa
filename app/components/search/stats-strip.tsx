import { formatCount } from "#common/format.ts";

export type StatsStripData = {
  totalConsultants: number;
  totalCountries: number;
  totalSpecializations: number;
  totalProjects: number;
};

/** The four live totals of the directory (spec, Home). */
export function StatsStrip({ stats }: { stats: StatsStripData }) {
  const items = [
    { label: "Consultants", value: stats.totalConsultants },
    { label: "Countries", value: stats.totalCountries },
    { label: "Specializations", value: stats.totalSpecializations },
    { label: "Projects completed", value: stats.totalProjects },
  ];
  return (
    <section aria-label="Directory in numbers" className="border-b border-slate-200 bg-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="text-sm text-muted">{item.label}</dt>
            <dd className="text-2xl font-bold text-brand-800 sm:text-3xl">{formatCount(item.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
