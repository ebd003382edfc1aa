import { PageSection } from "#app/components/content/page-section.tsx";
import { StoryCard } from "#app/components/content/story-card.tsx";
import { BrowseConsultantsLink, CtaBanner } from "#app/components/layout/cta-banner.tsx";
import { JoinDatabaseLink } from "#app/components/layout/header-account.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/layout/route-error-boundary.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { HEADLINE_FIGURES, STORIES } from "#app/content/stories.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/success-stories";

export default function SuccessStories() {
  return (
    <>
      <PageHero
        eyebrow="Success stories"
        title="What the right consultant makes possible"
        lead={
          <p>
            Stories of organizations and consultants who found each other through the directory, from maternal health in Cambodia
            to climate adaptation in the Mekong Delta.
          </p>
        }
      />

      <div className="mx-auto max-w-7xl px-4 pt-10">
        <Alert title="Sample stories">
          These stories and figures are illustrative samples. They show the kind of assignments the directory is built for; the
          organizations, people and numbers are not reports of real projects.
        </Alert>
      </div>

      <PageSection
        id="figures-heading"
        title={
          <>
            The directory in numbers <span className="text-base font-medium text-muted">(sample figures)</span>
          </>
        }
        large={false}
        container="max-w-7xl py-12"
      >
        <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {HEADLINE_FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col rounded-2xl border border-line bg-white p-5 shadow-card">
              <dt className="text-sm text-muted">{figure.label}</dt>
              <dd className="order-first text-3xl font-bold tracking-tight text-brand-700">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </PageSection>

      <section aria-labelledby="stories-heading" className="mx-auto max-w-7xl px-4">
        <h2 id="stories-heading" className="sr-only">
          Stories
        </h2>
        <ul className="grid gap-8">
          {STORIES.map((story) => (
            <li key={story.id}>
              <StoryCard story={story} />
            </li>
          ))}
        </ul>
      </section>

      <CtaBanner
        id="next-heading"
        className="pt-16"
        title="Write the next story"
        text="Find a consultant for your programme, or list your own expertise so organizations can find you."
      >
        <BrowseConsultantsLink arrow />
        <JoinDatabaseLink className={buttonClasses({ variant: "outline-inverse", size: "lg" })}>Join Database</JoinDatabaseLink>
      </CtaBanner>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Success Stories",
    description:
      "Sample stories of development organizations and consultants in Southeast Asia working together: maternal health, climate adaptation, governance, education, infrastructure and inclusive finance.",
  });
}

export { RouteErrorBoundary as ErrorBoundary };
