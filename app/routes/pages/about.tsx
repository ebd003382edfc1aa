import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Handshake } from "lucide-react";
import { Link } from "react-router";
import { IconPoint, PageSection } from "#app/components/content/page-section.tsx";
import { BrowseConsultantsLink, CtaBanner } from "#app/components/layout/cta-banner.tsx";
import { JoinDatabaseLink } from "#app/components/layout/header-account.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/layout/route-error-boundary.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { ButtonLink, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, CardIcon } from "#app/components/ui/card.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { APPROVAL_TIME_TEXT, AUDIENCES, MESSAGE_STEPS, PRINCIPLES, REVIEW_STEPS } from "#app/content/about.ts";
import { valueLabel } from "#app/i18n/labels.ts";
import { metaI18n, pageMeta } from "#app/lib/meta.ts";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import type { Route } from "./+types/about";

const COVERAGE = [
  { title: msg`Ten countries`, values: COUNTRIES, tone: "brand" },
  { title: msg`Ten fields of expertise`, values: PROFILE_SPECIALIZATIONS, tone: "neutral" },
] as const;

export default function About() {
  const { t, i18n } = useLingui();
  // A step's text may name how long a review takes ({approvalTime}), itself in the page's language.
  const say = (text: MessageDescriptor) =>
    i18n._({ ...text, values: { ...text.values, approvalTime: i18n._(APPROVAL_TIME_TEXT) } });
  return (
    <>
      <PageHero
        eyebrow={t`About DevConsult SEA`}
        title={t`Local expertise for development work across Southeast Asia`}
        lead={
          <p>
            <Trans>
              We run a free, public directory of international development consultants working in the ten ASEAN countries, so that
              organizations can find the right expert quickly and consultants are found for what they know.
            </Trans>
          </p>
        }
      >
        <BrowseConsultantsLink />
        <JoinDatabaseLink className={buttonClasses({ variant: "outline-inverse", size: "lg" })}>
          <Trans>Join Database</Trans>
        </JoinDatabaseLink>
      </PageHero>

      <section aria-labelledby="mission-heading" className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-[1fr_1fr]">
        <div>
          <h2 id="mission-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            <Trans>Our mission</Trans>
          </h2>
          <div className="mt-5 space-y-4 text-[17px] leading-relaxed text-slate-700">
            <p>
              <Trans>
                Development programmes in Southeast Asia succeed or fail on the quality of the people behind them. Yet finding a
                consultant still runs mostly on personal networks and forwarded CVs: the same few names circulate, while
                experienced national experts in Vientiane, Cebu or Makassar are hard to find from a head office in Geneva or
                Washington.
              </Trans>
            </p>
            <p>
              <Trans>
                DevConsult SEA makes that expertise visible. Each consultant describes their work in a structured profile, so that
                a programme officer can find an M&amp;E specialist who speaks Khmer, or a climate adaptation engineer available
                next month, in minutes rather than weeks.
              </Trans>
            </p>
          </div>
        </div>
        <ul className="grid gap-4">
          {PRINCIPLES.map((principle) => (
            <li key={principle.title.id}>
              <Card className="flex gap-4">
                <IconPoint icon={principle.icon} title={i18n._(principle.title)} text={i18n._(principle.text)} />
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <PageSection id="audience-heading" title={t`Who the directory is for`} band>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {AUDIENCES.map((audience) => (
            <Card as="article" key={audience.title.id}>
              <div className="flex items-center gap-3">
                <CardIcon>
                  <audience.icon className="size-5" />
                </CardIcon>
                <h3 className="text-xl font-semibold text-ink">{i18n._(audience.title)}</h3>
              </div>
              <p className="mt-4 leading-relaxed text-slate-700">{i18n._(audience.text)}</p>
              <ul className="mt-4 space-y-2">
                {audience.points.map((point) => (
                  <li key={point.id} className="flex gap-2 text-sm text-slate-700">
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    {i18n._(point)}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </PageSection>

      <PageSection
        id="review-heading"
        title={t`How profiles are reviewed`}
        lead={
          <p className="mt-4 text-[17px] leading-relaxed text-slate-700">
            <Trans>
              A directory is only useful if people can trust what is in it. New profiles wait for an administrator's approval
              before anyone else can see them.
            </Trans>
          </p>
        }
      >
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {REVIEW_STEPS.map((step, index) => (
            <li key={step.title.id} className="relative rounded-2xl border border-line bg-white p-6 shadow-card">
              <span
                aria-hidden="true"
                className="grid size-9 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-ink">{i18n._(step.title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{say(step.text)}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl rounded-xl border border-accent-500/40 bg-accent-100 p-4 text-sm leading-relaxed text-accent-700">
          <Trans>
            <strong className="font-semibold">What review is, and is not.</strong> Review is a plausibility check of the profile,
            not a background, qualification or reference check. Before you contract anyone, do the due diligence your organization
            normally does: ask for a CV, references and examples of past reports.
          </Trans>
        </p>
      </PageSection>

      <PageSection id="messaging-heading" title={t`How messaging works`} band>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {MESSAGE_STEPS.map((step) => (
            <li key={step.title.id} className="flex gap-4">
              <IconPoint icon={step.icon} title={i18n._(step.title)} text={i18n._(step.text)} tone="accent" />
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-sm leading-relaxed text-muted">
          <Trans>
            A consultant's e-mail address and phone number appear on their profile only if they chose to show them. We never sell
            or share contact details; see the <TextLink to="/privacy-policy">Privacy Policy</TextLink>.
          </Trans>
        </p>
      </PageSection>

      <PageSection id="coverage-heading" title={t`Where and what`}>
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          {COVERAGE.map((group) => (
            <div key={group.title.id}>
              <h3 className="font-semibold text-ink">{i18n._(group.title)}</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {group.values.map((value) => (
                  <li key={value}>
                    <Badge tone={group.tone}>{valueLabel(i18n, value)}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </PageSection>

      <CtaBanner
        id="cta-heading"
        title={t`Questions about the directory?`}
        text={t`The Help Center answers the common ones; our team answers the rest, Monday to Friday.`}
      >
        <Link to="/help-center" className={buttonClasses({ variant: "inverse", size: "lg" })}>
          <Trans>Help Center</Trans>
        </Link>
        <ButtonLink to="/contact" variant="outline-inverse" size="lg" icon={Handshake}>
          <Trans>Contact Us</Trans>
        </ButtonLink>
      </CtaBanner>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return pageMeta(args, {
    title: i18n._(msg`About`),
    description: i18n._(
      msg`Why DevConsult SEA exists, who it serves, how consultant profiles are reviewed before they are listed, and how messaging between organizations and consultants works.`,
    ),
  });
}

export { RouteErrorBoundary as ErrorBoundary };
