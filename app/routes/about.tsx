import { Building2, CheckCircle2, Eye, Globe2, Handshake, MailCheck, MessageSquare, ShieldCheck, UserRound } from "lucide-react";
import { Link } from "react-router";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "../../common/constants.ts";
import { APPROVAL_TIME } from "../../common/site-info.ts";
import { PageHero } from "../components/page-hero.tsx";
import { RouteErrorBoundary } from "../components/route-error-boundary.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card, CardIcon } from "../components/ui/card.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/about";

const PRINCIPLES = [
  {
    icon: Globe2,
    title: "Regional knowledge first",
    text: "Consultants who speak the language, know the ministries and have worked in the provinces make programmes work. We put them in front of the people who hire.",
  },
  {
    icon: Eye,
    title: "Open to everyone who hires",
    text: "Searching and reading profiles is free and needs no account. A small NGO sees the same experts as a multilateral bank.",
  },
  {
    icon: ShieldCheck,
    title: "Trust through review",
    text: "Every new profile is read by an administrator before it is listed, and consultants decide which contact details are public.",
  },
] as const;

const AUDIENCES = [
  {
    icon: Building2,
    title: "For organizations",
    text: "NGOs, UN agencies, bilateral and multilateral donors, implementing firms, foundations and research institutes that need a consultant for an evaluation, a feasibility study, a baseline survey or technical assistance.",
    points: [
      "Search by keyword, country, specialization, experience, language and availability",
      "Read full profiles with experience, languages and past work",
      "Message consultants directly with a free account",
    ],
  },
  {
    icon: UserRound,
    title: "For consultants",
    text: "Independent national and international experts working in the ten ASEAN countries: evaluators, public health specialists, agronomists, engineers, governance and public finance advisers, gender specialists and more.",
    points: [
      "One free profile that organizations can find by what you actually do",
      "You choose whether your e-mail address and phone number are shown",
      "Show whether you are available for new assignments",
    ],
  },
] as const;

const REVIEW_STEPS = [
  {
    title: "You create an account and a profile",
    text: "Name, professional title, location, years of experience, languages, specializations and a professional summary, plus an optional photo.",
  },
  {
    title: "An administrator reviews it",
    text: `Usually within ${APPROVAL_TIME}. We check that the profile is complete and plausible, describes a real person's professional experience, and contains no advertising or someone else's details.`,
  },
  {
    title: "You receive an e-mail when it is approved",
    text: "From then on the profile appears in search results and on its own public page. If something needs changing, the e-mail says what.",
  },
  {
    title: "You keep it current",
    text: "Edit your profile at any time and switch your availability when you take on work. Profiles that become misleading can be hidden by an administrator.",
  },
] as const;

const MESSAGE_STEPS = [
  {
    icon: UserRound,
    title: "Sign in with a free account",
    text: "Anyone can browse; sending a message needs an account, which keeps the consultants' inboxes free of anonymous spam.",
  },
  {
    icon: MessageSquare,
    title: "Write from the consultant's profile",
    text: "Use Send Message with your name, e-mail, organization, a subject and your message: terms of reference, dates and budget range help a consultant answer quickly.",
  },
  {
    icon: MailCheck,
    title: "The consultant is notified and replies",
    text: "The consultant gets an e-mail, reads your message in their inbox and replies directly to your e-mail address. Contracts and payments are agreed between you.",
  },
] as const;

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="About DevConsult SEA"
        title="Local expertise for development work across Southeast Asia"
        lead={
          <p>
            We run a free, public directory of international development consultants working in the ten ASEAN countries, so that
            organizations can find the right expert quickly and consultants are found for what they know.
          </p>
        }
      >
        <Link to="/#consultants" className={buttonClasses({ variant: "inverse", size: "lg" })}>
          Browse Consultants
        </Link>
        <Link to="/profile/new" className={buttonClasses({ variant: "outline-inverse", size: "lg" })}>
          Join Database
        </Link>
      </PageHero>

      <section aria-labelledby="mission-heading" className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-[1fr_1fr]">
        <div>
          <h2 id="mission-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Our mission
          </h2>
          <div className="mt-5 space-y-4 text-[17px] leading-relaxed text-slate-700">
            <p>
              Development programmes in Southeast Asia succeed or fail on the quality of the people behind them. Yet finding a
              consultant still runs mostly on personal networks and forwarded CVs: the same few names circulate, while experienced
              national experts in Vientiane, Cebu or Makassar are hard to find from a head office in Geneva or Washington.
            </p>
            <p>
              DevConsult SEA makes that expertise visible. Each consultant describes their work in a structured profile, so that a
              programme officer can find an M&amp;E specialist who speaks Khmer, or a climate adaptation engineer available next
              month, in minutes rather than weeks.
            </p>
          </div>
        </div>
        <ul className="grid gap-4">
          {PRINCIPLES.map((principle) => (
            <li key={principle.title}>
              <Card className="flex gap-4">
                <CardIcon>
                  <principle.icon className="size-5" />
                </CardIcon>
                <div>
                  <h3 className="font-semibold text-ink">{principle.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted">{principle.text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="audience-heading" className="border-y border-line bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="audience-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Who the directory is for
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {AUDIENCES.map((audience) => (
              <Card as="article" key={audience.title}>
                <div className="flex items-center gap-3">
                  <CardIcon>
                    <audience.icon className="size-5" />
                  </CardIcon>
                  <h3 className="text-xl font-semibold text-ink">{audience.title}</h3>
                </div>
                <p className="mt-4 leading-relaxed text-slate-700">{audience.text}</p>
                <ul className="mt-4 space-y-2">
                  {audience.points.map((point) => (
                    <li key={point} className="flex gap-2 text-sm text-slate-700">
                      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                      {point}
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="review-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="max-w-3xl">
          <h2 id="review-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            How profiles are reviewed
          </h2>
          <p className="mt-4 text-[17px] leading-relaxed text-slate-700">
            A directory is only useful if people can trust what is in it. New profiles wait for an administrator's approval before
            anyone else can see them.
          </p>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {REVIEW_STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-line bg-white p-6 shadow-card">
              <span
                aria-hidden="true"
                className="grid size-9 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl rounded-xl border border-accent-500/40 bg-accent-100 p-4 text-sm leading-relaxed text-accent-700">
          <strong className="font-semibold">What review is, and is not.</strong> Review is a plausibility check of the profile,
          not a background, qualification or reference check. Before you contract anyone, do the due diligence your organization
          normally does: ask for a CV, references and examples of past reports.
        </p>
      </section>

      <section aria-labelledby="messaging-heading" className="border-y border-line bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="messaging-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            How messaging works
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {MESSAGE_STEPS.map((step) => (
              <li key={step.title} className="flex gap-4">
                <CardIcon tone="accent">
                  <step.icon className="size-5" />
                </CardIcon>
                <div>
                  <h3 className="font-semibold text-ink">{step.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-8 max-w-3xl text-sm leading-relaxed text-muted">
            A consultant's e-mail address and phone number appear on their profile only if they chose to show them. We never sell
            or share contact details; see the{" "}
            <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </section>

      <section aria-labelledby="coverage-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="coverage-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Where and what
        </h2>
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          <div>
            <h3 className="font-semibold text-ink">Ten countries</h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {COUNTRIES.map((country) => (
                <li key={country}>
                  <Badge tone="brand">{country}</Badge>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-semibold text-ink">Ten fields of expertise</h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {PROFILE_SPECIALIZATIONS.map((specialization) => (
                <li key={specialization}>
                  <Badge tone="neutral">{specialization}</Badge>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4">
        <div className="on-dark flex flex-col items-start gap-6 rounded-3xl bg-brand-800 p-8 text-white sm:p-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold tracking-tight">
              Questions about the directory?
            </h2>
            <p className="mt-2 max-w-xl text-brand-100">
              The Help Center answers the common ones; our team answers the rest, Monday to Friday.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/help-center" className={buttonClasses({ variant: "inverse", size: "lg" })}>
              Help Center
            </Link>
            <Link to="/contact" className={buttonClasses({ variant: "outline-inverse", size: "lg" })}>
              <Handshake aria-hidden="true" className="size-5" />
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "About",
    description:
      "Why DevConsult SEA exists, who it serves, how consultant profiles are reviewed before they are listed, and how messaging between organizations and consultants works.",
  });
}

export { RouteErrorBoundary as ErrorBoundary };
