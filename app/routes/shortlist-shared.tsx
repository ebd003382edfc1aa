import { msg } from "@lingui/core/macro";
import { Plural, Trans } from "@lingui/react/macro";
import { serviceDeps } from "#server/http/context.ts";
import { viewSharedShortlist } from "#server/services/shortlists/shortlists.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { OrganizationBadge } from "../components/organizations/organization-badge.tsx";
import { CompareTable, ShortlistConsultantSummary } from "../components/shortlists/shortlist-views.tsx";
import { appContext } from "../context.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { orPageError } from "../lib/service-errors.server.ts";
import type { Route } from "./+types/shortlist-shared";

// /shortlists/shared/{token}: a shortlist someone shared, read-only, for anyone with the link (no
// account needed); 404 once the owner revokes it. The owner's notes are not shown. A team list
// names its organization with its verified badge (issue 31), a private list its owner by display
// name (issue 36; never an e-mail address).

export async function loader({ context, params }: Route.LoaderArgs) {
  return { list: await orPageError(viewSharedShortlist(serviceDeps(context.get(appContext)), params.token ?? "")) };
}

export default function SharedShortlistPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const consultants = list.entries.map((entry) => entry.consultant);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm font-medium text-muted">
        <Trans>A shortlist shared with you</Trans>
      </p>
      <h1 dir="auto" className="mt-1 break-words text-3xl font-bold tracking-tight text-ink">
        {list.name}
      </h1>
      {list.organization ? (
        <p className="mt-1 text-slate-700" data-testid="shared-by">
          <Trans>Shared by</Trans> <OrganizationBadge organization={list.organization} />
        </p>
      ) : (
        list.sharedBy && (
          <p dir="auto" className="mt-1 text-slate-700" data-testid="shared-by">
            <Trans>Shared by</Trans> <bdi className="font-semibold">{list.sharedBy}</bdi>
          </p>
        )
      )}
      {consultants.length === 0 ? (
        <p className="mt-6 text-muted">
          <Trans>This list is empty.</Trans>
        </p>
      ) : (
        <>
          <h2 className="mt-6 text-xl font-bold text-ink">
            <Plural value={consultants.length} one="# consultant" other="# consultants" />
          </h2>
          <ul className="mt-3 space-y-3">
            {consultants.map((consultant) => (
              <li key={consultant.id} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="shared-entry">
                <ShortlistConsultantSummary consultant={consultant} />
              </li>
            ))}
          </ul>
          {consultants.length <= 4 && consultants.length > 1 && (
            <section aria-labelledby="compare-heading" className="mt-8">
              <h2 id="compare-heading" className="mb-3 text-xl font-bold text-ink">
                <Trans>Side by side</Trans>
              </h2>
              <CompareTable consultants={consultants} />
            </section>
          )}
        </>
      )}
    </div>
  );
}

export function headers() {
  // A shared cache must not keep a list whose owner may revoke the link at any moment (issue 35).
  return { "Cache-Control": "private, no-store" };
}

export const meta = privatePageMeta({
  title: msg`Shared shortlist`,
  description: msg`A shortlist of consultants.`,
  path: "/shortlists",
});

export { RouteErrorBoundary as ErrorBoundary };
