import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink, Globe2, MapPin } from "lucide-react";
import { data, Link } from "react-router";
import { localeOfRequest } from "#app/i18n/i18n.ts";
import { countryName } from "#common/countries.ts";
import { formatDate } from "#common/format.ts";
import { serviceDeps } from "#server/http/context.ts";
import {
  type OrganizationOpportunity,
  type OrganizationReview,
  viewOrganizationPage,
} from "#server/services/organizations/public-page.ts";
import { RatingStars } from "../components/consultants/rating-stars.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { DeadlineFact, IconFact, whereText } from "../components/opportunities/opportunity-facts.tsx";
import { kindLabel, roleLabel } from "../components/organizations/labels.ts";
import { VerifiedMark } from "../components/organizations/organization-badge.tsx";
import { OrganizationLogo } from "../components/organizations/organization-logo.tsx";
import { ListSection } from "../components/ui/list-section.tsx";
import { appContext } from "../context.ts";
import { valueLabel } from "../i18n/labels.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { metaI18n, pageMeta, privatePageMeta } from "../lib/meta.ts";
import { orPageError } from "../lib/service-errors.server.ts";
import type { Route } from "./+types/organization";

// /organizations/{slug} (issue 31): a verified organization's public page: name, kind, country,
// website, description, its open opportunities (each a link to its page), the members who chose to
// be listed, and the reviews it has written. An unverified organization has no public page (404).

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const slug = params.slug ?? "";
  if (!/^[a-z0-9-]{1,90}$/.test(slug)) throw data("Organization not found", { status: 404 });
  const page = await orPageError(viewOrganizationPage(serviceDeps(app), slug));
  // The country's name from the server, so the page hydrates with the same words.
  return { ...page, countryLabel: countryName(page.organization.country, localeOfRequest(request)) };
}

/** The frame of each part of the page below its header. */
const CARD = "mt-6 rounded-2xl border border-slate-200 bg-white p-6";

export default function OrganizationPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { organization, opportunities, reviews, countryLabel } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <header className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-4">
          <OrganizationLogo name={organization.name} logoUrl={organization.logoUrl} size="lg" />
          <h1 className="flex min-w-0 flex-wrap items-center gap-3 text-3xl font-bold tracking-tight text-ink">
            <bdi className="break-words">{organization.name}</bdi>
            <VerifiedMark />
          </h1>
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
          <span>{kindLabel(i18n, organization.kind)}</span>
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4" />
            {countryLabel}
          </span>
          {organization.website && (
            <a
              href={organization.website}
              rel="noopener nofollow ugc"
              className="inline-flex items-center gap-1 font-medium text-brand-800 underline"
            >
              <Globe2 aria-hidden="true" className="size-4" />
              {organization.domain ?? organization.website}
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          )}
        </p>
        {organization.description && (
          <p className="mt-4 whitespace-pre-line break-words text-slate-800" dir="auto">
            {organization.description}
          </p>
        )}
      </header>

      <ListSection
        id="opportunities-heading"
        title={<Trans>Open opportunities</Trans>}
        className={CARD}
        items={opportunities}
        empty={<Trans>No open opportunities right now.</Trans>}
      >
        {(opportunity) => <OpenOpportunity key={opportunity.id} opportunity={opportunity} />}
      </ListSection>

      <ListSection
        id="members-heading"
        title={<Trans>Members</Trans>}
        className={CARD}
        items={organization.members}
        empty={<Trans>No member has chosen to be listed here.</Trans>}
        listClassName="mt-3 grid gap-2 sm:grid-cols-2"
      >
        {(member, index) => (
          <li key={`${member.name}-${index}`} className="text-slate-800">
            <bdi className="font-medium">{member.name}</bdi>
            <span className="text-muted"> · {roleLabel(i18n, member.role)}</span>
          </li>
        )}
      </ListSection>

      <ListSection
        id="reviews-heading"
        title={<Trans>Reviews it has written</Trans>}
        className={CARD}
        items={reviews}
        empty={<Trans>No reviews yet.</Trans>}
      >
        {(review) => <WrittenReview key={review.id} review={review} />}
      </ListSection>
    </div>
  );
}

/** One open opportunity: its title (a link to its page), where, and the last day to apply. */
function OpenOpportunity({ opportunity }: { opportunity: OrganizationOpportunity }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const where = whereText(i18n, opportunity);
  // The date as the organization set it (its zone's end of day: the opportunity's page says which).
  const deadline = formatDate(`${opportunity.deadlineDate}T00:00:00Z`, locale);
  return (
    <li className="border-t border-slate-200 py-3 first:border-t-0">
      <h3 className="font-semibold leading-snug">
        <Link to={opportunity.path} className="break-words text-brand-800 underline underline-offset-2">
          <bdi>{opportunity.title}</bdi>
        </Link>
      </h3>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {where && (
          <IconFact icon={MapPin} as="span">
            {where}
          </IconFact>
        )}
        <DeadlineFact deadline={deadline} as="span" />
      </p>
    </li>
  );
}

function WrittenReview({ review }: { review: OrganizationReview }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const consultant = review.consultantName;
  const reviewer = review.reviewerName;
  // The kind of work, one of the review form's fixed values: its words in the page's language.
  const engagement = valueLabel(i18n, review.engagement);
  const date = formatDate(review.createdAt, locale);
  return (
    <li className="border-t border-slate-200 py-4 first:border-t-0">
      <article aria-label={t`Review of ${consultant}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link to={`/consultant/${review.consultantId}`} className="font-semibold text-brand-800 underline">
            <bdi>{consultant}</bdi>
          </Link>
          <RatingStars rating={review.score * 10} />
        </div>
        <p className="mt-0.5 text-sm text-muted">
          <Trans>
            By <bdi>{reviewer}</bdi> · {engagement} · {date}
          </Trans>
        </p>
        <p className="mt-2 whitespace-pre-line break-words text-slate-800" dir="auto">
          {review.text}
        </p>
      </article>
    </li>
  );
}

/** An organization without a public page: a page search engines must not index, in the page's language. */
const notFoundMeta = privatePageMeta({
  title: msg`Organization not found`,
  description: msg`This organization has no public page.`,
});

export function meta(args: Route.MetaArgs) {
  const view = args.loaderData;
  // Not found: the 404 screen's own <title> is the page's one (route-error-screen.tsx); its other tags stay.
  if (!view) return notFoundMeta(args).filter((tag) => !("title" in tag));
  const i18n = metaI18n(args);
  const { organization } = view;
  const name = organization.name;
  const kind = kindLabel(i18n, organization.kind);
  const country = view.countryLabel;
  return pageMeta(args, {
    title: name,
    description: organization.description.slice(0, 160) || i18n._(msg`${name}, a verified organization (${kind}) in ${country}.`),
    path: `/organizations/${organization.slug}`,
  });
}

export { RouteErrorBoundary as ErrorBoundary };
