import { useLingui } from "@lingui/react/macro";
import { valueLabel } from "#app/i18n/labels.ts";

/** Donors as tags, in a list a screen reader announces by its label; nothing when there are none. */
export function DonorTags({ donors, label, className = "" }: { donors: readonly string[]; label: string; className?: string }) {
  const { i18n } = useLingui();
  if (donors.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label={label}>
      {donors.map((donor) => (
        <li key={donor} className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
          {valueLabel(i18n, donor)}
        </li>
      ))}
    </ul>
  );
}
