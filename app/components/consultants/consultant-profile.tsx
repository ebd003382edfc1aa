import { Briefcase, CalendarDays, CheckCircle2, FolderCheck, MapPin, Star, XCircle } from "lucide-react";
import { formatRating, formatYears } from "#common/format.ts";
import type { PublicConsultant } from "#common/views.ts";
import { BookmarkLink } from "../shortlists/bookmark-link.tsx";
import { CardSection } from "../ui/card-section.tsx";
import { Avatar } from "./avatar.tsx";
import { ContactRow } from "./direct-contact.tsx";
import { Fact } from "./fact.tsx";
import { RatingStars } from "./rating-stars.tsx";
import {
  EducationSection,
  ExperienceSection,
  LanguageList,
  TrackFacts,
  TrackHighlights,
  type TrackRecordViewData,
} from "./track-record-view.tsx";

// One consultant profile, as the public page shows it. The owner's page (/my-consultant-profile)
// reuses it with their own contact details and a note of what visitors see.

export type ProfileViewData = Omit<PublicConsultant, "createdAt"> & { createdAt: Date | string };

/** The look of a fact in the profile's summary line. */
const fact = "flex items-center gap-1.5";

export function memberSince(createdAt: Date | string): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(createdAt));
}

export function ConsultantProfile({
  consultant,
  track,
  actions,
  banner,
  isOwnerView = false,
  reviewCount,
}: {
  consultant: ProfileViewData;
  /** The track record (issue 12): assignments, education, language levels, rate, dates. */
  track?: TrackRecordViewData;
  actions: React.ReactNode;
  banner?: React.ReactNode;
  isOwnerView?: boolean;
  /** Visible reviews: the stars read "No reviews yet" at 0. */
  reviewCount?: number;
}) {
  const visibility = (shown: boolean) =>
    isOwnerView ? (shown ? "Shown on your public profile" : "Hidden from visitors") : undefined;
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:py-10" data-testid="consultant-profile">
      {banner}
      <header className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-start">
          <Avatar name={consultant.name} photoUrl={consultant.profilePhotoUrl} size="lg" priority />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold text-ink sm:text-3xl">{consultant.name}</h1>
              {!isOwnerView && <BookmarkLink consultantId={consultant.id} name={consultant.name} withLabel />}
              {consultant.availableForWork ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
                  <CheckCircle2 aria-hidden="true" className="size-4" /> Available
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300">
                  <XCircle aria-hidden="true" className="size-4" /> Unavailable
                </span>
              )}
            </div>
            <p className="mt-1 text-lg text-slate-700">{consultant.title}</p>
            <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
              <Fact term="Location" icon={MapPin} className={fact}>
                {consultant.location}
              </Fact>
              <Fact term="Experience" icon={Briefcase} className={fact}>
                {formatYears(consultant.yearsExperience)} experience
              </Fact>
              <Fact term="Rating" className={fact}>
                <RatingStars rating={consultant.rating} reviewCount={reviewCount} />
              </Fact>
              <Fact term="Projects completed" icon={FolderCheck} className={fact}>
                {consultant.projectsCompleted} projects completed
              </Fact>
            </dl>
          </div>
          <div className="flex w-full flex-col gap-3 md:w-60">{actions}</div>
        </div>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <CardSection title="About" id="about-heading">
            <p className="whitespace-pre-line leading-relaxed text-slate-800">{consultant.bio}</p>
          </CardSection>
          {track && <ExperienceSection assignments={track.assignments} references={track.references} />}
          {track && <EducationSection education={track.education} />}
          <CardSection title="Specializations" id="specializations-heading">
            <h3 className="text-sm font-semibold text-muted">Primary</h3>
            <p className="mt-1">
              <span className="inline-block rounded-md bg-brand-700 px-2.5 py-1 text-sm font-medium text-white">
                {consultant.primarySpecialization}
              </span>
            </p>
            {consultant.secondarySpecializations.length > 0 && (
              <>
                <h3 className="mt-4 text-sm font-semibold text-muted">Secondary</h3>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {consultant.secondarySpecializations.map((specialization) => (
                    <li key={specialization} className="rounded-md bg-slate-100 px-2.5 py-1 text-sm font-medium text-slate-800">
                      {specialization}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </CardSection>
          <CardSection title="Languages" id="languages-heading">
            <LanguageList languages={consultant.languages} levels={track?.languageLevels} />
          </CardSection>
        </div>

        <aside className="grid content-start gap-6" aria-label="Contact and availability">
          <CardSection title="Contact Information" id="contact-heading">
            <dl className="grid gap-4 text-sm">
              <ContactRow kind="email" value={consultant.email} note={visibility(consultant.showEmail)} />
              <ContactRow kind="phone" value={consultant.phone} note={visibility(consultant.showPhone)} />
              <div>
                <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-muted">
                  <MapPin aria-hidden="true" className="size-4 text-brand-700" />
                  Location
                </dt>
                <dd className="pl-6">{consultant.location}</dd>
              </div>
            </dl>
          </CardSection>
          <CardSection title="Availability" id="availability-heading">
            <p className="text-sm text-slate-800">
              {consultant.availableForWork
                ? "Available for new assignments."
                : "Not taking new assignments at the moment. You can still send a message."}
            </p>
            {track && <TrackFacts track={track} />}
          </CardSection>
          {track && <TrackHighlights assignments={track.assignments} references={track.references} />}
          <CardSection title="Quick Stats" id="stats-heading">
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <Briefcase aria-hidden="true" className="size-4" /> Experience
                </dt>
                <dd className="mt-0.5 text-lg font-bold text-ink">{formatYears(consultant.yearsExperience)}</dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <FolderCheck aria-hidden="true" className="size-4" /> Projects
                </dt>
                <dd className="mt-0.5 text-lg font-bold text-ink">{consultant.projectsCompleted}</dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <Star aria-hidden="true" className="size-4" /> Rating
                </dt>
                <dd className="mt-0.5 text-lg font-bold text-ink">
                  {reviewCount === 0 ? (
                    <span className="text-base font-semibold text-muted">No reviews yet</span>
                  ) : (
                    `${formatRating(consultant.rating)}/10`
                  )}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <CalendarDays aria-hidden="true" className="size-4" /> Member since
                </dt>
                <dd className="mt-0.5 font-semibold text-ink">{memberSince(consultant.createdAt)}</dd>
              </div>
            </dl>
          </CardSection>
        </aside>
      </div>
    </article>
  );
}
