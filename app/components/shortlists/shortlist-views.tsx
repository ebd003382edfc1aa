import { Link } from "react-router";
import { formatYears } from "#common/format.ts";
import type { ShortlistConsultant } from "#common/shortlists.ts";
import { formatRate } from "#common/track-record.ts";
import { ConsultantIdentity } from "../consultants/avatar.tsx";
import { Alert } from "../ui/alert.tsx";

/** One consultant of a list: the public facts a shortlist compares. */
export function ShortlistConsultantSummary({ consultant }: { consultant: ShortlistConsultant }) {
  return (
    <div className="flex items-start gap-3">
      <ConsultantIdentity consultant={consultant}>
        <p className="mt-1 text-sm text-slate-700">
          {consultant.location} · {formatYears(consultant.yearsExperience)} ·{" "}
          {consultant.availableForWork ? "Available" : "Unavailable"}
        </p>
      </ConsultantIdentity>
    </div>
  );
}

/**
 * Up to four consultants side by side (a table, so a screen reader reads it row by row): title,
 * location, years, specializations, donors, languages, availability and the rate where shown.
 */
export function CompareTable({ consultants }: { consultants: ShortlistConsultant[] }) {
  const rows: [string, (c: ShortlistConsultant) => string][] = [
    ["Title", (c) => c.title],
    ["Location", (c) => c.location],
    ["Experience", (c) => formatYears(c.yearsExperience)],
    ["Specializations", (c) => [c.primarySpecialization, ...c.secondarySpecializations].join(", ")],
    ["Donors", (c) => c.donors.join(", ") || "—"],
    ["Languages", (c) => c.languages.join(", ") || "—"],
    ["Availability", (c) => (c.availableForWork ? "Available" : "Unavailable")],
    ["Daily rate", (c) => (c.dailyRate ? formatRate(c.dailyRate) : "Not shown")],
  ];
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Comparison of the chosen consultants</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <td className="p-3" />
            {consultants.map((c) => (
              <th key={c.id} scope="col" className="p-3 font-semibold text-ink">
                <Link to={`/consultant/${c.id}`} className="underline-offset-4 hover:underline">
                  {c.name}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="whitespace-nowrap p-3 align-top font-medium text-muted">
                {label}
              </th>
              {consultants.map((c) => (
                <td key={c.id} className="break-words p-3 align-top text-ink">
                  {value(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a shortlist page shows when its form was refused: the reason, and the page as it was. */
export function NotSaved({ message, className }: { message: string | null | undefined; className: string }) {
  if (!message) return null;
  return (
    <div className={className}>
      <Alert tone="error" title="Not saved">
        <p>{message}</p>
      </Alert>
    </div>
  );
}
