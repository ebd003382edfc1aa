import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BadgeCheck, CalendarClock, Clock, Globe2, type LucideIcon, MapPin } from "lucide-react";
import { valueLabel } from "#app/i18n/labels.ts";
import { formatDate } from "#common/format.ts";
import { toLocale } from "#common/locales.ts";
import { currentZoneName, type OpportunitySummary } from "#common/opportunities.ts";
import { OrganizationLogo } from "../organizations/organization-logo.tsx";
import { Badge } from "../ui/badge.tsx";

// The small pieces an opportunity shows wherever it appears: where, how long, the deadline in the
// organization's time zone (the reader's own zone beside it on the opportunity's page).

export function durationText(i18n: I18n, duration: { value: number; unit: "days" | "months" }): string {
  const count = duration.value;
  return duration.unit === "days"
    ? i18n._(msg`${plural(count, { one: "# day", other: "# days" })}`)
    : i18n._(msg`${plural(count, { one: "# month", other: "# months" })}`);
}

export function whereText(i18n: I18n, opportunity: { countries: string[]; remote: boolean }): string {
  const places = opportunity.countries.map((country) => valueLabel(i18n, country));
  if (opportunity.remote) places.push(i18n._(msg`Remote`));
  return places.join(", ");
}

/** "31 January 2027, end of day (Asia/Bangkok)": the date as the organization set it, in its zone. */
export function deadlineText(i18n: I18n, opportunity: { deadlineDate: string; timeZone: string }): string {
  const date = formatDate(`${opportunity.deadlineDate}T00:00:00Z`, toLocale(i18n.locale));
  const zone = currentZoneName(opportunity.timeZone).replace(/_/g, " ");
  return i18n._(msg`${date}, end of day (${zone})`);
}

/** A deadline's instant read as "until 23:59" of its day, not "00:00" of the next, in any zone. */
export function lastMinuteOf(deadline: string | Date): Date {
  return new Date(new Date(deadline).getTime() - 60_000);
}

export function OrganizationName({ organization }: { organization: OpportunitySummary["organization"] }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex items-center gap-1.5">
      <OrganizationLogo name={organization.name} logoUrl={organization.logoUrl} size="xs" />
      <bdi>{organization.name}</bdi>
      {organization.verified && <BadgeCheck aria-label={t`Verified organization`} role="img" className="size-4 text-brand-700" />}
    </span>
  );
}

/** One fact about an opportunity, after its icon (which says nothing to a screen reader). */
export function IconFact({
  icon: Icon,
  as: Tag = "li",
  children,
}: {
  icon: LucideIcon;
  as?: "li" | "span";
  children: React.ReactNode;
}) {
  return (
    <Tag className="inline-flex items-center gap-1.5">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted" />
      {children}
    </Tag>
  );
}

/** The last day to apply, as "Apply by …". */
export function DeadlineFact({ deadline, as }: { deadline: string; as?: "li" | "span" }) {
  return (
    <IconFact icon={CalendarClock} as={as}>
      <Trans>Apply by {deadline}</Trans>
    </IconFact>
  );
}

export function OpportunityFacts({ opportunity }: { opportunity: OpportunitySummary }) {
  const { t, i18n } = useLingui();
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label={t`Key facts`}>
      <IconFact icon={opportunity.remote && opportunity.countries.length === 0 ? Globe2 : MapPin}>
        {whereText(i18n, opportunity)}
      </IconFact>
      <IconFact icon={Clock}>{durationText(i18n, opportunity.duration)}</IconFact>
      <DeadlineFact deadline={deadlineText(i18n, opportunity)} />
    </ul>
  );
}

export function SpecializationBadges({ values }: { values: string[] }) {
  const { t, i18n } = useLingui();
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t`Specializations`}>
      {values.map((value) => (
        <li key={value}>
          <Badge tone="brand">{valueLabel(i18n, value)}</Badge>
        </li>
      ))}
    </ul>
  );
}
