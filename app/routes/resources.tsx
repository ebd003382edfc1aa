import { ArrowRight, CalendarDays, Clock, Download, ExternalLink, FileText, Radio, UserRound } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "../components/page-hero.tsx";
import { RouteErrorBoundary } from "../components/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/resources";

// Spec: four publications, three webinars and four tools, all static. Their buttons have no
// target yet: they are shown disabled, with a note saying the library opens in stages.

const PUBLICATIONS = [
  {
    title: "State of Development Consulting in Southeast Asia 2026",
    type: "Report",
    category: "Market insights",
    description:
      "Who hires consultants in the region, for what, at what day rates and on what terms: survey results from 600 consultants and 140 organizations in all ten ASEAN countries.",
    date: "September 2026",
    pages: 48,
  },
  {
    title: "Hiring National Experts: A Guide for International Organizations",
    type: "Guide",
    category: "Procurement",
    description:
      "Writing terms of reference, shortlisting, checking references and agreeing fair terms with national consultants, with model clauses for short-term contracts.",
    date: "July 2026",
    pages: 32,
  },
  {
    title: "Monitoring and Evaluation Practice Across ASEAN",
    type: "Toolkit",
    category: "Monitoring & evaluation",
    description:
      "Practical guidance on baselines, theories of change and mixed-methods evaluations in low-data settings, with examples from health, education and agriculture programmes.",
    date: "April 2026",
    pages: 64,
  },
  {
    title: "Gender-Responsive Programming in the Mekong Region",
    type: "Policy brief",
    category: "Gender & social inclusion",
    description:
      "What works in designing programmes that reach women and ethnic-minority communities in Cambodia, Laos, Myanmar, Thailand and Vietnam, and how to measure it.",
    date: "February 2026",
    pages: 16,
  },
] as const;

const WEBINARS = [
  {
    title: "Terms of Reference That Attract the Right Consultant",
    speaker: "Dr. Ratana Somsri",
    role: "Former regional procurement lead, UN agency, Bangkok",
    date: "Thursday, January 21, 2027",
    time: "2:00 PM - 3:30 PM SGT",
  },
  {
    title: "Day Rates, Contracts and Taxes: What Consultants in ASEAN Should Know",
    speaker: "Maria Lourdes Santos",
    role: "Independent governance consultant and trainer, Manila",
    date: "Thursday, February 18, 2027",
    time: "3:00 PM - 4:30 PM SGT",
  },
  {
    title: "Ethics and Safeguarding in Field Research",
    speaker: "Dr. Nguyen Thi Hoa",
    role: "Research ethics adviser, public health, Hanoi",
    date: "Thursday, March 18, 2027",
    time: "2:00 PM - 3:30 PM SGT",
  },
] as const;

const TOOLS = [
  {
    title: "Terms of Reference Template",
    type: "Template",
    description:
      "A structured ToR for short-term assignments: background, objectives, deliverables, timeline, qualifications and reporting lines.",
  },
  {
    title: "Consultant Day-Rate Benchmark",
    type: "Spreadsheet",
    description:
      "Typical daily fees by country, specialization and seniority, to budget an assignment or price your own work realistically.",
  },
  {
    title: "Logical Framework Builder",
    type: "Planning tool",
    description:
      "Build a logframe step by step, from goal to activities, with indicators, means of verification and assumptions.",
  },
  {
    title: "Field Data Collection Checklist",
    type: "Checklist",
    description:
      "Consent, translation, enumerator training, data protection and logistics: what to settle before the first interview.",
  },
] as const;

const NOTE_ID = "resources-coming-soon";

/** A button whose target is not published yet: disabled, and saying so. */
function ComingSoonButton({ icon: Icon, label, item }: { icon: typeof Download; label: string; item: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" disabled aria-label={`${label}: ${item}`} aria-describedby={NOTE_ID}>
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Button>
      <span className="text-xs font-medium text-muted">Coming soon</span>
    </div>
  );
}

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="max-w-3xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {title}
      </h2>
      <p className="mt-2 text-muted">{text}</p>
    </div>
  );
}

export default function Resources() {
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Knowledge for development practitioners in Southeast Asia"
        lead={
          <p>
            Reports, guides, webinars and practical tools for the organizations that commission development work and the
            consultants who deliver it.
          </p>
        }
      />

      <div className="mx-auto max-w-7xl px-4 pt-10">
        <Alert title="The library opens in stages">
          <p id={NOTE_ID}>
            Coming soon: downloads, webinar registration and the tools are being prepared, and each button below becomes active
            when its item is published. To hear when they open,{" "}
            <Link
              to="/contact?subject=general"
              className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950"
            >
              send us a note
            </Link>
            .
          </p>
        </Alert>
      </div>

      <section aria-labelledby="publications-heading" className="mx-auto max-w-7xl px-4 py-12">
        <SectionHeading
          id="publications-heading"
          title="Publications & Reports"
          text="Research and practical guidance on hiring and working as a consultant in the region."
        />
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {PUBLICATIONS.map((publication) => (
            <li key={publication.title} className="flex">
              <Card as="article" className="flex w-full flex-col">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="solid">{publication.type}</Badge>
                  <Badge tone="neutral">{publication.category}</Badge>
                </div>
                <h3 className="mt-4 text-lg font-semibold leading-snug text-ink">{publication.title}</h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-700">{publication.description}</p>
                <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
                  <div className="flex items-center gap-1.5">
                    <dt className="sr-only">Published</dt>
                    <CalendarDays aria-hidden="true" className="size-4" />
                    <dd>{publication.date}</dd>
                  </div>
                  <div className="flex items-center gap-1.5">
                    <dt className="sr-only">Length</dt>
                    <FileText aria-hidden="true" className="size-4" />
                    <dd>{publication.pages} pages</dd>
                  </div>
                </dl>
                <div className="mt-5 border-t border-line pt-4">
                  <ComingSoonButton icon={Download} label="Download" item={publication.title} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="webinars-heading" className="border-y border-line bg-white">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <SectionHeading
            id="webinars-heading"
            title="Upcoming Webinars"
            text="Live online sessions with practitioners from across the region, with time for your questions."
          />
          <ul className="mt-8 grid gap-6 lg:grid-cols-3">
            {WEBINARS.map((webinar) => (
              <li key={webinar.title} className="flex">
                <Card as="article" className="flex w-full flex-col bg-white">
                  <Badge tone="live" className="self-start">
                    <Radio aria-hidden="true" className="size-3" />
                    Live
                  </Badge>
                  <h3 className="mt-4 text-lg font-semibold leading-snug text-ink">{webinar.title}</h3>
                  <dl className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                    <div className="flex gap-2">
                      <dt className="sr-only">Speaker</dt>
                      <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
                      <dd>
                        <span className="font-medium text-ink">{webinar.speaker}</span>
                        <span className="block text-muted">{webinar.role}</span>
                      </dd>
                    </div>
                    <div className="flex gap-2">
                      <dt className="sr-only">Date</dt>
                      <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
                      <dd>{webinar.date}</dd>
                    </div>
                    <div className="flex gap-2">
                      <dt className="sr-only">Time</dt>
                      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
                      <dd>{webinar.time}</dd>
                    </div>
                  </dl>
                  <div className="mt-5 border-t border-line pt-4">
                    <ComingSoonButton icon={CalendarDays} label="Register Now" item={webinar.title} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="tools-heading" className="mx-auto max-w-7xl px-4 py-12">
        <SectionHeading
          id="tools-heading"
          title="Project Tools & Templates"
          text="Ready-to-use templates and tools for planning, budgeting and running assignments."
        />
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TOOLS.map((tool) => (
            <li key={tool.title} className="flex">
              <Card as="article" className="flex w-full flex-col">
                <Badge tone="brand" className="self-start">
                  {tool.type}
                </Badge>
                <h3 className="mt-4 font-semibold leading-snug text-ink">{tool.title}</h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-700">{tool.description}</p>
                <div className="mt-5 border-t border-line pt-4">
                  <ComingSoonButton icon={ExternalLink} label="Access Tool" item={tool.title} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="browse-heading" className="mx-auto max-w-7xl px-4">
        <div className="on-dark flex flex-col items-start gap-6 rounded-3xl bg-brand-800 p-8 text-white sm:p-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="browse-heading" className="text-2xl font-bold tracking-tight">
              Need an expert rather than a template?
            </h2>
            <p className="mt-2 max-w-xl text-brand-100">
              Search consultants by country, specialization, language and availability, and message them directly.
            </p>
          </div>
          <Link to="/#consultants" className={buttonClasses({ variant: "inverse", size: "lg" })}>
            Browse Consultants
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </section>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Resources",
    description:
      "Publications, upcoming webinars and project tools for international development practitioners in Southeast Asia: hiring guides, M&E practice, day-rate benchmarks and templates.",
  });
}

export { RouteErrorBoundary as ErrorBoundary };
