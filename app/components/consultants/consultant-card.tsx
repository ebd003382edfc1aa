import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Bookmark, BookmarkCheck, Briefcase, MapPin } from "lucide-react";
import { Link, useLocation } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { excerpt } from "#common/format.ts";
import type { PublicConsultant } from "#common/views.ts";
import { BOOKMARK_CLASS, bookmarkHref } from "../shortlists/bookmark-link.tsx";
import { ConsultantIdentity } from "./consultant-identity.tsx";
import { DonorTags } from "./donor-tags.tsx";
import { Fact } from "./fact.tsx";
import { RatingStars } from "./rating-stars.tsx";

export type ConsultantCardData = Pick<
  PublicConsultant,
  | "id"
  | "name"
  | "title"
  | "location"
  | "yearsExperience"
  | "rating"
  | "primarySpecialization"
  | "secondarySpecializations"
  | "languages"
  | "bio"
  | "profileLanguage"
  | "availableForWork"
  | "profilePhotoUrl"
> & {
  /** Up to three donors of the consultant's assignments, most frequent first (issue 12). */
  donors?: string[];
  /** Visible reviews (the stars say "No reviews yet" at 0); absent where it is not known. */
  reviewCount?: number;
  /** On one of the signed-in person's shortlists (the bookmark says "Saved"); absent otherwise. */
  isSaved?: boolean;
};

/**
 * A card shows three lines of the bio: at most about 60 characters a line at the widest card,
 * so 240 characters are more than it can show, and the page's data stays small.
 */
const CARD_BIO_CHARACTERS = 240;

/** Only what a card shows: keeps the page's data small on slow networks. */
export function toConsultantCard(consultant: ConsultantCardData, donors: string[] = []): ConsultantCardData {
  return {
    donors: donors.slice(0, 3),
    id: consultant.id,
    name: consultant.name,
    title: consultant.title,
    location: consultant.location,
    yearsExperience: consultant.yearsExperience,
    rating: consultant.rating,
    primarySpecialization: consultant.primarySpecialization,
    secondarySpecializations: consultant.secondarySpecializations,
    languages: consultant.languages,
    bio: excerpt(consultant.bio, CARD_BIO_CHARACTERS),
    profileLanguage: consultant.profileLanguage,
    availableForWork: consultant.availableForWork,
    profilePhotoUrl: consultant.profilePhotoUrl,
    ...(consultant.reviewCount === undefined ? {} : { reviewCount: consultant.reviewCount }),
    ...(consultant.isSaved ? { isSaved: true } : {}),
  };
}

export function ConsultantCard({ consultant }: { consultant: ConsultantCardData }) {
  const { t, i18n } = useLingui();
  const secondary = consultant.secondarySpecializations.slice(0, 2);
  const years = consultant.yearsExperience;
  return (
    // The card's id is where saving it to a shortlist comes back to (the bookmark's return address).
    <article
      id={`consultant-${consultant.id}`}
      className="relative flex scroll-mt-4 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600"
    >
      <div className="flex items-start gap-4">
        {/* Available under the title, not beside the name: at 390 px the name keeps room for a long word. */}
        <ConsultantIdentity consultant={consultant} stretched>
          {consultant.availableForWork && (
            <span className="mt-1.5 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
              <Trans>Available</Trans>
            </span>
          )}
        </ConsultantIdentity>
        <CardBookmark id={consultant.id} name={consultant.name} isSaved={consultant.isSaved === true} />
      </div>
      <dl className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
        <Fact term={t`Location`} icon={MapPin} className="flex items-center gap-1">
          <bdi>{consultant.location}</bdi>
        </Fact>
        <Fact term={t`Experience`} icon={Briefcase} className="flex items-center gap-1">
          <Plural value={years} one="# year" other="# years" />
        </Fact>
        <Fact term={t`Rating`}>
          <RatingStars rating={consultant.rating} reviewCount={consultant.reviewCount} />
        </Fact>
      </dl>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t`Specializations`}>
        <li className="rounded-md bg-brand-700 px-2 py-0.5 text-xs font-medium text-white">
          {valueLabel(i18n, consultant.primarySpecialization)}
        </li>
        {secondary.map((specialization) => (
          <li key={specialization} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {valueLabel(i18n, specialization)}
          </li>
        ))}
      </ul>
      <DonorTags donors={consultant.donors ?? []} label={t`Donors worked with`} className="mt-2" />
      <p dir="auto" lang={consultant.profileLanguage ?? undefined} className="mt-3 line-clamp-3 text-sm text-slate-700">
        {consultant.bio}
      </p>
      {consultant.languages.length > 0 && (
        <p className="mt-3 text-xs text-muted">
          <span className="font-medium text-slate-700">
            <Trans>Languages:</Trans>
          </span>{" "}
          {consultant.languages.map((language) => valueLabel(i18n, language, "language")).join(", ")}
        </p>
      )}
    </article>
  );
}

/**
 * A card's bookmark (issue 36): saving comes back to this card on the same results (its id as the
 * address's fragment), and a consultant already on one of the signed-in person's lists says
 * "Saved" (the link still opens the choice of lists: one consultant may be on several). Here and
 * not in BookmarkLink: the cards are off the home page's first load, the profile's bookmark is not.
 */
function CardBookmark({ id, name, isSaved }: { id: number; name: string; isSaved: boolean }) {
  const { t } = useLingui();
  const location = useLocation();
  const Icon = isSaved ? BookmarkCheck : Bookmark;
  return (
    <Link
      to={bookmarkHref(id, `${location.pathname}${location.search}#consultant-${id}`)}
      aria-label={isSaved ? t`Saved: add ${name} to another shortlist` : t`Save ${name} to a shortlist`}
      data-testid="bookmark"
      data-saved={isSaved || undefined}
      className={isSaved ? `${BOOKMARK_CLASS} bg-brand-50` : BOOKMARK_CLASS}
    >
      <Icon aria-hidden="true" className="size-4" />
      {isSaved ? (
        <span>
          <Trans>Saved</Trans>
        </span>
      ) : null}
    </Link>
  );
}
