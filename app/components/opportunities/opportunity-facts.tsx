import { BadgeCheck, CalendarClock, Clock, Globe2, MapPin } from "lucide-react";
import type { OpportunitySummary } from "#common/opportunities.ts";
import { Badge } from "../ui/badge.tsx";

// The small pieces an opportunity shows wherever it appears: where, how long, the deadline in the
// organization's time zone (the reader's own zone beside it once the browser knows it).

export function durationText(duration: { value: number; unit: "days" | "months" }): string {
  const unit = duration.value === 1 ? duration.unit.replace(/s$/, "") : duration.unit;
  return `${duration.value} ${unit}`;
}

export function whereText(opportunity: { countries: string[]; remote: boolean }): string {
  const places = [...opportunity.countries, ...(opportunity.remote ? ["Remote"] : [])];
  return places.join(", ");
}

/** "31 January 2027 (Asia/Bangkok)": the date as the organization set it, in its zone. */
export function deadlineText(opportunity: { deadlineDate: string; timeZone: string }): string {
  const date = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${opportunity.deadlineDate}T00:00:00Z`),
  );
  return `${date}, end of day (${opportunity.timeZone.replace(/_/g, " ")})`;
}

export function OrganizationName({ organization }: { organization: OpportunitySummary["organization"] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {organization.name}
      {organization.verified && <BadgeCheck aria-label="Verified organization" role="img" className="size-4 text-brand-700" />}
    </span>
  );
}

export function OpportunityFacts({ opportunity }: { opportunity: OpportunitySummary }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Key facts">
      <li className="inline-flex items-center gap-1.5">
        {opportunity.remote && opportunity.countries.length === 0 ? (
          <Globe2 aria-hidden="true" className="size-4 text-muted" />
        ) : (
          <MapPin aria-hidden="true" className="size-4 text-muted" />
        )}
        {whereText(opportunity)}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4 text-muted" />
        {durationText(opportunity.duration)}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <CalendarClock aria-hidden="true" className="size-4 text-muted" />
        Apply by {deadlineText(opportunity)}
      </li>
    </ul>
  );
}

export function SpecializationBadges({ values }: { values: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Specializations">
      {values.map((value) => (
        <li key={value}>
          <Badge tone="brand">{value}</Badge>
        </li>
      ))}
    </ul>
  );
}
