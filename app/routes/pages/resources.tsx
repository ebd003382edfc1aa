import { CalendarDays, Clock, Download, ExternalLink, FileText, Radio, UserRound } from "lucide-react";
import { Link } from "react-router";
import { PageSection } from "#app/components/content/page-section.tsx";
import { ResourceCard } from "#app/components/content/resource-card.tsx";
import { BrowseConsultantsLink, CtaBanner } from "#app/components/layout/cta-banner.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/layout/route-error-boundary.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { PUBLICATIONS, TOOLS, WEBINARS } from "#app/content/resources.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/resources";

// The items' buttons have no target yet: they are shown disabled, with a note saying the library
// opens in stages.
const NOTE_ID = "resources-coming-soon";

/** A grid of resource cards, each titled by its item and pointing at the coming-soon note. */
function ResourceGrid<Item extends { title: string }>({
  items,
  className,
  card,
}: {
  items: readonly Item[];
  /** The grid's columns. */
  className: string;
  card: (item: Item) => Omit<React.ComponentProps<typeof ResourceCard>, "title" | "noteId">;
}) {
  return (
    <ul className={`mt-8 grid gap-6 ${className}`}>
      {items.map((item) => (
        <li key={item.title} className="flex">
          <ResourceCard noteId={NOTE_ID} title={item.title} {...card(item)} />
        </li>
      ))}
    </ul>
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

      <PageSection
        id="publications-heading"
        title="Publications & Reports"
        lead={
          <p className="mt-2 text-muted">Research and practical guidance on hiring and working as a consultant in the region.</p>
        }
        container="max-w-7xl py-12"
      >
        <ResourceGrid
          items={PUBLICATIONS}
          className="md:grid-cols-2"
          card={(publication) => ({
            badges: (
              <>
                <Badge tone="solid">{publication.type}</Badge>
                <Badge tone="neutral">{publication.category}</Badge>
              </>
            ),
            description: publication.description,
            details: [
              { label: "Published", icon: CalendarDays, value: publication.date },
              { label: "Length", icon: FileText, value: `${publication.pages} pages` },
            ],
            action: { icon: Download, label: "Download" },
          })}
        />
      </PageSection>

      <PageSection
        id="webinars-heading"
        title="Upcoming Webinars"
        lead={
          <p className="mt-2 text-muted">
            Live online sessions with practitioners from across the region, with time for your questions.
          </p>
        }
        band
        container="max-w-7xl py-12"
      >
        <ResourceGrid
          items={WEBINARS}
          className="lg:grid-cols-3"
          card={(webinar) => ({
            badges: (
              <Badge tone="live">
                <Radio aria-hidden="true" className="size-3" />
                Live
              </Badge>
            ),
            details: [
              {
                label: "Speaker",
                icon: UserRound,
                value: (
                  <>
                    <span className="font-medium text-ink">{webinar.speaker}</span>
                    <span className="block text-muted">{webinar.role}</span>
                  </>
                ),
              },
              { label: "Date", icon: CalendarDays, value: webinar.date },
              { label: "Time", icon: Clock, value: webinar.time },
            ],
            action: { icon: CalendarDays, label: "Register Now" },
          })}
        />
      </PageSection>

      <PageSection
        id="tools-heading"
        title="Project Tools & Templates"
        lead={
          <p className="mt-2 text-muted">Ready-to-use templates and tools for planning, budgeting and running assignments.</p>
        }
        container="max-w-7xl py-12"
      >
        <ResourceGrid
          items={TOOLS}
          className="sm:grid-cols-2 lg:grid-cols-4"
          card={(tool) => ({
            badges: <Badge tone="brand">{tool.type}</Badge>,
            description: tool.description,
            action: { icon: ExternalLink, label: "Access Tool" },
          })}
        />
      </PageSection>

      <CtaBanner
        id="browse-heading"
        title="Need an expert rather than a template?"
        text="Search consultants by country, specialization, language and availability, and message them directly."
      >
        <BrowseConsultantsLink arrow />
      </CtaBanner>
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
