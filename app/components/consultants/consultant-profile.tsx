import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Briefcase, CalendarDays, CheckCircle2, FolderCheck, MapPin, Star, XCircle } from "lucide-react";
import { lazy, Suspense } from "react";
import { valueLabel } from "#app/i18n/labels.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatRating } from "#common/format.ts";
import { intlLocale, type Locale } from "#common/locales.ts";
import type { PublicConsultant } from "#common/views.ts";
import { BookmarkLink } from "../shortlists/bookmark-link.tsx";
import { CardSection } from "../ui/card-section.tsx";
import { Avatar } from "./avatar.tsx";
import { ContactRow } from "./direct-contact.tsx";
import { Fact } from "./fact.tsx";
import { RatingStars } from "./rating-stars.tsx";
import type { TrackRecordViewData } from "./track-record-view.tsx";

// The track record's sections (assignments, education, languages, facts: text and links, nothing
// to click that JavaScript handles) hydrate beside the page's first load, as the reviews do: the
// server HTML has them whole, and their code stays out of the profile page's first-load budget.
const loadTrackRecordView = () => import("./track-record-view.tsx");
const ExperienceSection = lazy(() => loadTrackRecordView().then((module) => ({ default: module.ExperienceSection })));
const EducationSection = lazy(() => loadTrackRecordView().then((module) => ({ default: module.EducationSection })));
const LanguageList = lazy(() => loadTrackRecordView().then((module) => ({ default: module.LanguageList })));
const TrackFacts = lazy(() => loadTrackRecordView().then((module) => ({ default: module.TrackFacts })));
const TrackHighlights = lazy(() => loadTrackRecordView().then((module) => ({ default: module.TrackHighlights })));

// One consultant profile, as the public page shows it. The owner's page (/my-consultant-profile)
// reuses it with their own contact details and a note of what visitors see.

export type ProfileViewData = Omit<PublicConsultant, "createdAt"> & { createdAt: Date | string };

/** The look of a fact in the profile's summary line. */
const fact = "flex items-center gap-1.5";

export function memberSince(createdAt: Date | string, locale: Locale = "en"): string {
  return new Intl.DateTimeFormat(locale === "en" ? "en-US" : intlLocale(locale), {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(createdAt));
}

export function ConsultantProfile({
  consultant,
  track,
  actions,
  banner,
  isOwnerView = false,
  isSaved = false,
  reviewCount,
}: {
  consultant: ProfileViewData;
  /** The track record (issue 12): assignments, education, language levels, rate, dates. */
  track?: TrackRecordViewData;
  actions: React.ReactNode;
  banner?: React.ReactNode;
  isOwnerView?: boolean;
  /** On one of the signed-in viewer's shortlists (issue 36): "Saved" beside the bookmark, which still saves to another list. */
  isSaved?: boolean;
  /** Visible reviews: the stars read "No reviews yet" at 0. */
  reviewCount?: number;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const visibility = (shown: boolean) =>
    isOwnerView ? (shown ? t`Shown on your public profile` : t`Hidden from visitors`) : undefined;
  const years = consultant.yearsExperience;
  const projects = consultant.projectsCompleted;
  // The consultant's own words in the language they said they write in (issue 37); none when not stated.
  const lang = consultant.profileLanguage ?? undefined;
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:py-10" data-testid="consultant-profile">
      {banner}
      <header className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-start">
          <Avatar name={consultant.name} photoUrl={consultant.profilePhotoUrl} size="lg" priority />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold text-ink sm:text-3xl">{consultant.name}</h1>
              {!isOwnerView && <BookmarkLink consultantId={consultant.id} name={consultant.name} />}
              {isSaved && (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
                  <CheckCircle2 aria-hidden="true" className="size-4" /> <Trans>Saved</Trans>
                </span>
              )}
              {consultant.availableForWork ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
                  <CheckCircle2 aria-hidden="true" className="size-4" /> <Trans>Available</Trans>
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300">
                  <XCircle aria-hidden="true" className="size-4" /> <Trans>Unavailable</Trans>
                </span>
              )}
            </div>
            <p dir="auto" lang={lang} className="mt-1 text-lg text-slate-700">
              {consultant.title}
            </p>
            <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
              <Fact term={t`Location`} icon={MapPin} className={fact}>
                <bdi>{consultant.location}</bdi>
              </Fact>
              <Fact term={t`Experience`} icon={Briefcase} className={fact}>
                <Plural value={years} one="# year experience" other="# years experience" />
              </Fact>
              <Fact term={t`Rating`} className={fact}>
                <RatingStars rating={consultant.rating} reviewCount={reviewCount} />
              </Fact>
              <Fact term={t`Projects completed`} icon={FolderCheck} className={fact}>
                <Plural value={projects} one="# project completed" other="# projects completed" />
              </Fact>
            </dl>
          </div>
          <div className="flex w-full flex-col gap-3 md:w-60">{actions}</div>
        </div>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <CardSection title={t`About`} id="about-heading">
            <p dir="auto" lang={lang} className="whitespace-pre-line leading-relaxed text-slate-800">
              {consultant.bio}
            </p>
          </CardSection>
          {track && (
            <Suspense fallback={null}>
              <ExperienceSection assignments={track.assignments} references={track.references} lang={lang} />
              <EducationSection education={track.education} />
            </Suspense>
          )}
          <CardSection title={t`Specializations`} id="specializations-heading">
            <h3 className="text-sm font-semibold text-muted">
              <Trans>Primary</Trans>
            </h3>
            <p className="mt-1">
              <span className="inline-block rounded-md bg-brand-700 px-2.5 py-1 text-sm font-medium text-white">
                {valueLabel(i18n, consultant.primarySpecialization)}
              </span>
            </p>
            {consultant.secondarySpecializations.length > 0 && (
              <>
                <h3 className="mt-4 text-sm font-semibold text-muted">
                  <Trans>Secondary</Trans>
                </h3>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {consultant.secondarySpecializations.map((specialization) => (
                    <li key={specialization} className="rounded-md bg-slate-100 px-2.5 py-1 text-sm font-medium text-slate-800">
                      {valueLabel(i18n, specialization)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </CardSection>
          <CardSection title={t`Languages`} id="languages-heading">
            <Suspense fallback={null}>
              <LanguageList languages={consultant.languages} levels={track?.languageLevels} />
            </Suspense>
          </CardSection>
        </div>

        <aside className="grid content-start gap-6" aria-label={t`Contact and availability`}>
          <CardSection title={t`Contact Information`} id="contact-heading">
            <dl className="grid gap-4 text-sm">
              <ContactRow kind="email" value={consultant.email} note={visibility(consultant.showEmail)} />
              <ContactRow kind="phone" value={consultant.phone} note={visibility(consultant.showPhone)} />
              <div>
                <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-muted">
                  <MapPin aria-hidden="true" className="size-4 text-brand-700" />
                  <Trans>Location</Trans>
                </dt>
                <dd className="pl-6">
                  <bdi>{consultant.location}</bdi>
                </dd>
              </div>
            </dl>
          </CardSection>
          <CardSection title={t`Availability`} id="availability-heading">
            <p className="text-sm text-slate-800">
              {consultant.availableForWork
                ? t`Available for new assignments.`
                : t`Not taking new assignments at the moment. You can still send a message.`}
            </p>
            {track && (
              <Suspense fallback={null}>
                <TrackFacts track={track} />
              </Suspense>
            )}
          </CardSection>
          {track && (
            <Suspense fallback={null}>
              <TrackHighlights assignments={track.assignments} references={track.references} />
            </Suspense>
          )}
          <CardSection title={t`Quick Stats`} id="stats-heading">
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <Briefcase aria-hidden="true" className="size-4" /> <Trans>Experience</Trans>
                </dt>
                <dd className="mt-0.5 text-lg font-bold text-ink">
                  <Plural value={years} one="# year" other="# years" />
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <FolderCheck aria-hidden="true" className="size-4" /> <Trans>Projects</Trans>
                </dt>
                <dd className="mt-0.5 text-lg font-bold text-ink">{projects}</dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <Star aria-hidden="true" className="size-4" /> <Trans>Rating</Trans>
                </dt>
                <dd className="mt-0.5 text-lg font-bold text-ink">
                  {reviewCount === 0 ? (
                    <span className="text-base font-semibold text-muted">
                      <Trans>No reviews yet</Trans>
                    </span>
                  ) : (
                    `${formatRating(consultant.rating)}/10`
                  )}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <CalendarDays aria-hidden="true" className="size-4" /> <Trans>Member since</Trans>
                </dt>
                <dd className="mt-0.5 font-semibold text-ink">{memberSince(consultant.createdAt, locale)}</dd>
              </div>
            </dl>
          </CardSection>
        </aside>
      </div>
    </article>
  );
}
