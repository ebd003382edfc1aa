import { Award, BadgeCheck, Banknote, CalendarClock, Globe2, GraduationCap, History, Languages } from "lucide-react";
import { organizationAndRole } from "#app/lib/assignment-text.ts";
import { confirmedByLabel, type PublicReference } from "#common/references.ts";
import type { Assignment, Education, LanguageLevel, TrackRecordView } from "#common/track-record.ts";
// The zod-free half: the profile page does not load the schemas.
import {
  assignmentMonths,
  assignmentYearsLabel,
  countriesOfExperience,
  donorsWorkedWith,
  formatRate,
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
  if (assignments.length === 0) return null;
  const confirmed = new Set(references.map((reference) => reference.assignmentId)).size;
  return (
    <CardSection title="Track Record" id="track-record-heading">
      <dl className="grid gap-4 text-sm">
        {/* Counted apart from the rating: references are confirmed by past clients, reviews earned here. */}
        {confirmed > 0 && (
          <Entry
            look="highlight"
            icon={BadgeCheck}
            term="Confirmed by past clients"
            valueClassName="mt-1 text-lg font-bold text-ink"
          >
            {confirmed} of {assignments.length} {assignments.length === 1 ? "assignment" : "assignments"}
          </Entry>
        )}
        <Entry look="highlight" icon={History} term="Total years of assignments" valueClassName="mt-1 text-lg font-bold text-ink">
          {assignmentYearsLabel(assignmentMonths(assignments))}
        </Entry>
        <Entry look="highlight" icon={Award} term="Donors worked with">
          <Chips
            items={donorsWorkedWith(assignments)}
            className="rounded-md bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200"
          />
        </Entry>
        <Entry look="highlight" icon={Globe2} term="Countries of experience">
          <Chips items={countriesOfExperience(assignments)} className={badge} />
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
  return (
    <div className="mt-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <BadgeCheck aria-hidden="true" className="size-4" />
        {confirmedByLabel(reference)}
        {reference.isDomainVerified && (
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-300">
            Verified organization e-mail
          </span>
        )}
        {reference.score !== null && <span className="text-emerald-800">· Score {reference.score}/10</span>}
      </p>
      {reference.statement && <p className="mt-1 whitespace-pre-line text-emerald-950">“{reference.statement}”</p>}
    </div>
  );
}

/** The assignments as a timeline, newest first (the consultant's order). */
export function ExperienceSection({
  assignments,
  references = [],
}: {
  assignments: Assignment[];
  references?: PublicReference[];
}) {
  return (
    <CardSection title="Experience" id="experience-heading">
      {assignments.length === 0 ? (
        <p className="text-sm text-muted">No assignments listed yet.</p>
      ) : (
        <ol className="relative grid gap-6 border-l-2 border-brand-200 pl-5">
          {assignments.map((item) => (
            <li key={item.id} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[1.72rem] top-1.5 size-3 rounded-full bg-brand-700 ring-4 ring-white"
              />
              <h3 className="font-semibold text-ink">{item.title}</h3>
              <p className="text-sm text-slate-700">{organizationAndRole(item)}</p>
              <p className="text-sm text-muted">
                <time dateTime={item.startDate}>{monthLabel(item.startDate)}</time> –{" "}
                {item.endDate ? <time dateTime={item.endDate}>{monthLabel(item.endDate)}</time> : "present"}
                {" · "}
                {item.countries.join(", ")}
                {item.sector ? ` · ${item.sector}` : ""}
              </p>
              <DonorTags donors={item.donors} label="Funded by" className="mt-1" />
              {item.description && <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{item.description}</p>}
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
  if (education.length === 0) return null;
  return (
    <CardSection title="Education" id="education-heading">
      <ul className="grid gap-3">
        {education.map((item) => (
          <li key={item.id} className="flex gap-3">
            <GraduationCap aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div>
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
  if (languages.length === 0) return <p className="text-sm text-muted">No languages listed.</p>;
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
            {language}
            {level && <span className="text-muted">({LANGUAGE_LEVEL_LABELS[level]})</span>}
          </li>
        );
      })}
    </ul>
  );
}

function dayLabel(date: string) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Availability date, the daily rate when shown to this viewer, and when the profile last changed. */
export function TrackFacts({ track }: { track: TrackRecordViewData }) {
  return (
    <dl className="mt-3 grid gap-2 text-sm">
      {track.availableFrom && (
        <Entry look="fact" icon={CalendarClock} term="Available from">
          {dayLabel(track.availableFrom)}
        </Entry>
      )}
      {track.dailyRate && (
        <Entry look="fact" icon={Banknote} term="Daily rate">
          {formatRate(track.dailyRate)}
        </Entry>
      )}
      <Entry look="fact" term="Last updated">
        <time dateTime={new Date(track.updatedAt).toISOString()}>
          {dayLabel(new Date(track.updatedAt).toISOString().slice(0, 10))}
        </time>
      </Entry>
    </dl>
  );
}
