import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Award, BadgeCheck, Banknote, CalendarClock, Globe2, GraduationCap, History, Languages } from "lucide-react";
import { assignmentYearsLabel, formatRate } from "#app/i18n/formats.ts";
import { valueLabel } from "#app/i18n/labels.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { organizationAndRole } from "#app/lib/assignment-text.ts";
import { formatDate } from "#common/format.ts";
import type { PublicReference } from "#common/references.ts";
import type { Assignment, Education, LanguageLevel, TrackRecordView } from "#common/track-record.ts";
// The zod-free half: the profile page does not load the schemas.
import {
  assignmentMonths,
  countriesOfExperience,
  donorsWorkedWith,
  LANGUAGE_LEVEL_LABELS,
  monthLabel,
} from "#common/track-record-lists.ts";
import { CardSection } from "../ui/card-section.tsx";
import { DonorTags } from "./donor-tags.tsx";

// The track record on the profile page (issue 12): the experience timeline, education, derived
// badges, languages with levels, availability, the daily rate when the viewer may see it.

export type TrackRecordViewData = Omit<TrackRecordView, "updatedAt"> & { updatedAt: Date | string };

const badge = "inline-block rounded-md bg-slate-100 px-2.5 py-1 text-sm font-medium text-slate-800";

/** "Donors worked with", "Countries of experience" and the years of assignments, derived from the list. */
export function TrackHighlights({ assignments, references = [] }: { assignments: Assignment[]; references?: PublicReference[] }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  if (assignments.length === 0) return null;
  const confirmed = new Set(references.map((reference) => reference.assignmentId)).size;
  const total = assignments.length;
  return (
    <CardSection title={t`Track Record`} id="track-record-heading">
      <dl className="grid gap-4 text-sm">
        {/* Counted apart from the rating: references are confirmed by past clients, reviews earned here. */}
        {confirmed > 0 && (
          <Entry
            look="highlight"
            icon={BadgeCheck}
            term={t`Confirmed by past clients`}
            valueClassName="mt-1 text-lg font-bold text-ink"
          >
            {t`${confirmed} of ${plural(total, { one: "# assignment", other: "# assignments" })}`}
          </Entry>
        )}
        <Entry
          look="highlight"
          icon={History}
          term={t`Total years of assignments`}
          valueClassName="mt-1 text-lg font-bold text-ink"
        >
          {assignmentYearsLabel(i18n, locale, assignmentMonths(assignments))}
        </Entry>
        <Entry look="highlight" icon={Award} term={t`Donors worked with`}>
          <Chips
            items={donorsWorkedWith(assignments).map((donor) => valueLabel(i18n, donor))}
            className="rounded-md bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200"
          />
        </Entry>
        <Entry look="highlight" icon={Globe2} term={t`Countries of experience`}>
          <Chips items={countriesOfExperience(assignments).map((country) => valueLabel(i18n, country))} className={badge} />
        </Entry>
      </dl>
    </CardSection>
  );
}

const ENTRY_LOOKS = {
  /** A highlight of the track record: the term above its value. */
  highlight: { box: undefined, term: "flex items-center gap-1.5 font-semibold text-muted", value: "mt-1" },
  /** A fact beside the profile's actions: the term and its value on one line. */
  fact: { box: "flex items-center gap-1.5", term: "flex items-center gap-1.5 text-muted", value: "font-medium text-ink" },
} as const;

/** One entry of a list of terms: the term, with its icon if it has one, and its value. */
function Entry({
  look,
  icon: Icon,
  term,
  valueClassName,
  children,
}: {
  look: keyof typeof ENTRY_LOOKS;
  icon?: typeof Award;
  term: string;
  valueClassName?: string;
  children: React.ReactNode;
}) {
  const classes = ENTRY_LOOKS[look];
  return (
    <div className={classes.box}>
      <dt className={classes.term}>
        {Icon ? (
          <>
            <Icon aria-hidden="true" className="size-4" /> {term}
          </>
        ) : (
          term
        )}
      </dt>
      <dd className={valueClassName ?? classes.value}>{children}</dd>
    </div>
  );
}

function Chips({ items, className }: { items: string[]; className: string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className={className}>
          {item}
        </li>
      ))}
    </ul>
  );
}

/** "Confirmed by {name}, {organization}", the badge when the referee wrote from the organization's verified domain, what they said. */
function ReferenceNote({ reference }: { reference: PublicReference }) {
  const score = reference.score;
  const referee = reference.refereeName;
  const organization = reference.organization;
  return (
    <div className="mt-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <BadgeCheck aria-hidden="true" className="size-4" />
        <span>
          <Trans>
            Confirmed by <bdi>{referee}</bdi>, <bdi>{organization}</bdi>
          </Trans>
        </span>
        {reference.isDomainVerified && (
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-300">
            <Trans>Verified organization e-mail</Trans>
          </span>
        )}
        {score !== null && (
          <span className="text-emerald-800">
            · <Trans>Score {score}/10</Trans>
          </span>
        )}
      </p>
      {reference.statement && (
        <p dir="auto" className="mt-1 whitespace-pre-line text-emerald-950">
          “{reference.statement}”
        </p>
      )}
    </div>
  );
}

/** The assignments as a timeline, newest first (the consultant's order). */
export function ExperienceSection({
  assignments,
  references = [],
  lang,
}: {
  assignments: Assignment[];
  references?: PublicReference[];
  /** The language the profile is written in, when stated: the assignments' own words carry it. */
  lang?: string;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <CardSection title={t`Experience`} id="experience-heading">
      {assignments.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No assignments listed yet.</Trans>
        </p>
      ) : (
        <ol className="relative grid gap-6 border-l-2 border-brand-200 pl-5">
          {assignments.map((item) => (
            <li key={item.id} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[1.72rem] top-1.5 size-3 rounded-full bg-brand-700 ring-4 ring-white"
              />
              <h3 dir="auto" lang={lang} className="font-semibold text-ink">
                {item.title}
              </h3>
              <p dir="auto" className="text-sm text-slate-700">
                {organizationAndRole(item)}
              </p>
              <p className="text-sm text-muted">
                <time dateTime={item.startDate}>{monthLabel(item.startDate, locale)}</time> –{" "}
                {item.endDate ? <time dateTime={item.endDate}>{monthLabel(item.endDate, locale)}</time> : t`present`}
                {" · "}
                {item.countries.map((country) => valueLabel(i18n, country)).join(", ")}
                {item.sector ? ` · ${valueLabel(i18n, item.sector)}` : ""}
              </p>
              <DonorTags donors={item.donors} label={t`Funded by`} className="mt-1" />
              {item.description && (
                <p dir="auto" lang={lang} className="mt-2 whitespace-pre-line text-sm text-slate-800">
                  {item.description}
                </p>
              )}
              {references
                .filter((reference) => reference.assignmentId === item.id)
                .map((reference) => (
                  <ReferenceNote key={reference.id} reference={reference} />
                ))}
            </li>
          ))}
        </ol>
      )}
    </CardSection>
  );
}

export function EducationSection({ education }: { education: Education[] }) {
  const { t } = useLingui();
  if (education.length === 0) return null;
  return (
    <CardSection title={t`Education`} id="education-heading">
      <ul className="grid gap-3">
        {education.map((item) => (
          <li key={item.id} className="flex gap-3">
            <GraduationCap aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div dir="auto">
              <p className="font-semibold text-ink">
                {item.degree}
                {item.field ? `, ${item.field}` : ""}
              </p>
              <p className="text-sm text-muted">
                {item.institution}
                {item.year ? ` · ${item.year}` : ""}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

/** Languages, each with its level when the consultant gave one. */
export function LanguageList({ languages, levels = {} }: { languages: string[]; levels?: Record<string, LanguageLevel> }) {
  const { i18n } = useLingui();
  if (languages.length === 0)
    return (
      <p className="text-sm text-muted">
        <Trans>No languages listed.</Trans>
      </p>
    );
  return (
    <ul className="flex flex-wrap gap-2">
      {languages.map((language) => {
        const level = levels[language];
        return (
          <li
            key={language}
            className="inline-flex items-center gap-1.5 rounded-md bg-slate-100 px-2.5 py-1 text-sm text-slate-800"
          >
            <Languages aria-hidden="true" className="size-4 text-brand-700" />
            {valueLabel(i18n, language, "language")}
            {level && <span className="text-muted">({valueLabel(i18n, LANGUAGE_LEVEL_LABELS[level])})</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** Availability date, the daily rate when shown to this viewer, and when the profile last changed. */
export function TrackFacts({ track }: { track: TrackRecordViewData }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <dl className="mt-3 grid gap-2 text-sm">
      {track.availableFrom && (
        <Entry look="fact" icon={CalendarClock} term={t`Available from`}>
          {formatDate(track.availableFrom, locale)}
        </Entry>
      )}
      {track.dailyRate && (
        <Entry look="fact" icon={Banknote} term={t`Daily rate`}>
          {formatRate(i18n, locale, track.dailyRate)}
        </Entry>
      )}
      <Entry look="fact" term={t`Last updated`}>
        <time dateTime={new Date(track.updatedAt).toISOString()}>{formatDate(track.updatedAt, locale)}</time>
      </Entry>
    </dl>
  );
}
