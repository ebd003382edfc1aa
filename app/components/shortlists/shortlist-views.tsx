import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatRate } from "#app/i18n/formats.ts";
import { valueLabel } from "#app/i18n/labels.ts";
import { translateText } from "#app/i18n/translate-text.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatRating } from "#common/format.ts";
import type { ShortlistConsultant } from "#common/shortlists.ts";
import { ConsultantIdentity } from "../consultants/consultant-identity.tsx";
import { Alert } from "../ui/alert.tsx";

/** One consultant of a list: the public facts a shortlist compares. */
export function ShortlistConsultantSummary({ consultant }: { consultant: ShortlistConsultant }) {
  const { t } = useLingui();
  return (
    <div className="flex items-start gap-3">
      <ConsultantIdentity consultant={consultant}>
        <p className="mt-1 text-sm text-slate-700">
          <bdi>{consultant.location}</bdi> · <Plural value={consultant.yearsExperience} one="# year" other="# years" /> ·{" "}
          {consultant.availableForWork ? t`Available` : t`Unavailable`}
        </p>
      </ConsultantIdentity>
    </div>
  );
}

/**
 * Up to four consultants side by side (a table, so a screen reader reads it row by row): title,
 * location, years, rating (as the cards show it), specializations, donors, languages, availability
 * and the rate where shown. On a phone the table is wider than the screen: a line above it says it
 * scrolls sideways, and the scrolling box takes the keyboard's focus (arrow keys scroll it).
 */
export function CompareTable({ consultants }: { consultants: ShortlistConsultant[] }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const labels = (values: string[], kind?: "language") => values.map((value) => valueLabel(i18n, value, kind)).join(", ");
  // The third item marks the consultant's own words: they carry the profile's language when stated (issue 37).
  const rows: [string, (c: ShortlistConsultant) => string, ownWords?: true][] = [
    [t`Title`, (c) => c.title, true],
    [t`Location`, (c) => c.location],
    [t`Experience`, (c) => t`${plural(c.yearsExperience, { one: "# year", other: "# years" })}`],
    // The card's words, without its stars: their component would join the directory pages' first load.
    [t`Rating`, ({ rating, reviewCount }) => ratingText(rating, reviewCount)],
    [t`Specializations`, (c) => labels([c.primarySpecialization, ...c.secondarySpecializations])],
    [t`Donors`, (c) => labels(c.donors) || "—"],
    [t`Languages`, (c) => labels(c.languages, "language") || "—"],
    [t`Availability`, (c) => (c.availableForWork ? t`Available` : t`Unavailable`)],
    [t`Daily rate`, (c) => (c.dailyRate ? formatRate(i18n, locale, c.dailyRate) : t`Not shown`)],
  ];
  function ratingText(rating: number, reviewCount: number) {
    const score = formatRating(rating);
    return reviewCount === 0
      ? t`No reviews yet`
      : t`Rated ${score} out of 10 from ${plural(reviewCount, { one: "# review", other: "# reviews" })}`;
  }
  return (
    <>
      <p className="mb-2 text-sm text-muted sm:hidden" data-testid="compare-scroll-hint">
        <span aria-hidden="true">↔ </span>
        <Trans>The table is wider than the screen: scroll it sideways to see every consultant.</Trans>
      </p>
      <section
        aria-label={t`Comparison table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (axe scrollable-region-focusable).
        tabIndex={0}
        className="overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
        data-testid="compare-region"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t`Comparison of the chosen consultants`}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <td className="p-3" />
              {consultants.map((c) => (
                <th key={c.id} scope="col" className="p-3 font-semibold text-ink">
                  <Link to={`/consultant/${c.id}`} className="underline-offset-4 hover:underline">
                    <bdi>{c.name}</bdi>
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value, ownWords]) => (
              <tr key={label} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="whitespace-nowrap p-3 align-top font-medium text-muted">
                  {label}
                </th>
                {consultants.map((c) => (
                  <td
                    key={c.id}
                    dir="auto"
                    lang={(ownWords && c.profileLanguage) || undefined}
                    className="break-words p-3 align-top text-ink"
                  >
                    {value(c)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** What a shortlist page shows when its form was refused: the reason, and the page as it was. */
export function NotSaved({ message, className }: { message: string | null | undefined; className: string }) {
  const { t, i18n } = useLingui();
  if (!message) return null;
  return (
    <div className={className}>
      <Alert tone="error" title={t`Not saved`}>
        <p>{translateText(i18n, message)}</p>
      </Alert>
    </div>
  );
}
