import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatDate } from "#common/format.ts";
import { toLocale } from "#common/locales.ts";
import { INTEREST_TEXTS } from "#common/opportunities.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { listMyInterests } from "#server/services/opportunities/interests.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { STAGE_LABELS } from "../components/opportunities/interests.tsx";
import { OrganizationName } from "../components/opportunities/opportunity-facts.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { PageHeading } from "../components/ui/page-heading.tsx";
import { appContext } from "../context.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import type { Route } from "./+types/my-applications";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /my-applications (issue 32): the consultant's expressions of interest, each with its stage.

export const handle: SignedInHandle = {
  signedOut: { heading: msg`My applications`, title: msg`Please sign in`, text: INTEREST_TEXTS.signIn },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app, { comeBack: request }));
  return listMyInterests(serviceDeps(app), actor);
}

export default function MyApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { interests } = loaderData;
  const { t, i18n } = useLingui();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <PageHeading title={<Trans>My applications</Trans>}>
        <Trans>The opportunities you expressed interest in, and where each organization is with it.</Trans>
      </PageHeading>
      {interests.length === 0 ? (
        <EmptyState className="mt-6" link={{ to: "/opportunities", label: <Trans>Browse opportunities</Trans> }}>
          <Trans>You have not expressed interest in an opportunity yet.</Trans>
        </EmptyState>
      ) : (
        <ul className="mt-6 space-y-4" aria-label={t`My applications`}>
          {interests.map((interest) => {
            const sentOn = formatDate(interest.createdAt, toLocale(i18n.locale));
            return (
              <li key={interest.id} className="rounded-2xl border border-line bg-white p-4" data-testid="application">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="text-sm text-muted">
                      <OrganizationName organization={interest.opportunity.organization} />
                    </p>
                    <h2 className="text-lg font-semibold text-ink">
                      <Link to={interest.opportunity.path} className="hover:underline">
                        <bdi>{interest.opportunity.title}</bdi>
                      </Link>
                    </h2>
                  </div>
                  <Badge tone="brand">{i18n._(STAGE_LABELS[interest.stage])}</Badge>
                </div>
                <p className="mt-2 text-sm text-muted">
                  <Trans>Sent on {sentOn}</Trans>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export const meta = privatePageMeta({
  title: msg`My applications`,
  description: msg`Your expressions of interest in opportunities.`,
  path: "/my-applications",
});

export { RouteErrorBoundary as ErrorBoundary };
