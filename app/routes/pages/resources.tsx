import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowRight, CalendarCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { PageSection } from "#app/components/content/page-section.tsx";
import { BrowseConsultantsLink, CtaBanner } from "#app/components/layout/cta-banner.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/layout/route-error-boundary.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { guideAudience, guideText } from "#app/content/guide-texts.server.ts";
import { i18nOfRequest, localeOfRequest } from "#app/i18n/i18n.ts";
import { metaI18n, pageMeta } from "#app/lib/meta.ts";
import { formatChecked } from "#common/guide-dates.ts";
import { GUIDES } from "#common/guides.ts";
import type { Route } from "./+types/resources";

// The Resources library (issue 36): guides written for development work in the region, each on its
// own page (/resources/{slug}), with the documents they rest on. No item without content.

export function loader({ request }: Route.LoaderArgs) {
  // The guides' text stays on the server: the list needs only each guide's card, in the page's language.
  const i18n = i18nOfRequest(request);
  const locale = localeOfRequest(request);
  return {
    guides: GUIDES.map(({ slug, title, summary, audience, checked }) => ({
      slug,
      title: guideText(i18n, title),
      summary: guideText(i18n, summary),
      audience: guideAudience(i18n, audience).label,
      checked: formatChecked(checked, locale),
    })),
  };
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { guides } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <PageHero
        eyebrow={t`Resources`}
        title={t`Knowledge for development practitioners in Southeast Asia`}
        lead={
          <p>
            <Trans>
              Practical guides for the organizations that commission development work and the consultants who deliver it: how
              donors hire, how to apply, what to charge and which CV format to use.
            </Trans>
          </p>
        }
      />

      <PageSection
        id="guides-heading"
        title={t`Guides`}
        lead={
          <p className="mt-2 text-muted">
            <Trans>Each guide names the rules and documents it rests on, with links to read them at their source.</Trans>
          </p>
        }
        container="max-w-7xl py-12"
      >
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {guides.map(({ checked, title, ...guide }) => (
            <li key={guide.slug} className="flex">
              <Card as="article" className="flex w-full flex-col">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="solid">
                    <Trans>Guide</Trans>
                  </Badge>
                  <Badge tone="neutral">
                    <Users aria-hidden="true" className="size-3" />
                    {guide.audience}
                  </Badge>
                </div>
                <h3 className="mt-4 text-lg font-semibold leading-snug text-ink">
                  <Link to={`/resources/${guide.slug}`} className="hover:underline focus-visible:underline">
                    {title}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-700">{guide.summary}</p>
                <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4 text-sm">
                  <span className="flex items-center gap-1.5 text-muted">
                    <CalendarCheck aria-hidden="true" className="size-4" />
                    <Trans>Checked {checked}</Trans>
                  </span>
                  <Link
                    to={`/resources/${guide.slug}`}
                    aria-label={t`Read the guide: ${title}`}
                    className="inline-flex items-center gap-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
                  >
                    <Trans>Read the guide</Trans>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <CtaBanner
        id="browse-heading"
        title={t`Need an expert rather than a guide?`}
        text={t`Search consultants by country, specialization, donor experience, language and availability, and message them directly.`}
      >
        <BrowseConsultantsLink arrow />
      </CtaBanner>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return pageMeta(args, {
    title: i18n._(msg`Resources`),
    description: i18n._(
      msg`Guides for development practitioners in Southeast Asia: how UNDP, ADB, the World Bank and the EU hire consultants, writing an expression of interest, daily rates by donor, and the P11 and EU CV formats.`,
    ),
  });
}

export { RouteErrorBoundary as ErrorBoundary };
