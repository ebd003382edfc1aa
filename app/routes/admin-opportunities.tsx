import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { parseId } from "#common/ids.ts";
import { ADMIN_OPPORTUNITY_FILTERS } from "#common/opportunity-reports.ts";
import { backToPage } from "#common/redirect.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import {
  approveOpportunity,
  listOpportunitiesForAdmin,
  rejectOpportunity,
  unpublishOpportunity,
} from "#server/services/opportunities/moderation.ts";
import { dismissOpportunityReports } from "#server/services/opportunities/reports.ts";
import { ADMIN_HANDLE, AdminFilterLinks, AdminPageHeader, AdminRowForm, adminPageOf } from "../components/admin/admin-page.tsx";
import { ReasonDisclosure } from "../components/admin/reason-disclosure.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { lastMinuteOf } from "../components/opportunities/opportunity-facts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { appContext } from "../context.ts";
import { errorAnswer, errorOf } from "../lib/form-answer.ts";
import { metaI18n, privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireAdminPage, requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-opportunities";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /admin/opportunities (issue 32): the site admins' Opportunities table: waiting for approval,
// published, reported (or all); approve, reject with a reason, unpublish with a reason (both
// e-mailed to the organization), dismiss reports. Every change goes through the moderation
// services, which audit it. Plain forms: it works without JavaScript.

export const handle: SignedInHandle = ADMIN_HANDLE;

type Filter = (typeof ADMIN_OPPORTUNITY_FILTERS)[number];

const FILTER_LABELS: Record<Filter, ReturnType<typeof msg>> = {
  pending: msg`Waiting for approval`,
  published: msg`Published`,
  reported: msg`Reported`,
  all: msg`All`,
};

const STATUS_LABELS: Record<string, ReturnType<typeof msg>> = {
  draft: msg`Draft`,
  pending: msg`Waiting for approval`,
  published: msg`Published`,
  closed: msg`Closed`,
  filled: msg`Filled`,
};

function statusLabel(i18n: I18n, status: string): string {
  const label = STATUS_LABELS[status];
  return label ? i18n._(label) : status;
}

function readQuery(url: URL) {
  const filterParam = url.searchParams.get("filter");
  return {
    filter: ADMIN_OPPORTUNITY_FILTERS.find((candidate) => candidate === filterParam) ?? "pending",
    page: adminPageOf(url.searchParams),
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireAdminPage(app, { comeBack: request });
  const query = readQuery(new URL(request.url));
  const list = await listOpportunitiesForAdmin(serviceDeps(app), actorOf(session), query);
  return { query, list };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app, { comeBack: request }));
  const deps = serviceDeps(app);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = parseId(String(form.get("id") ?? ""));
  const back = backToPage(form.get("back"), "/admin/opportunities") ?? "/admin/opportunities";
  if (id === null) return answer(errorAnswer("Opportunity not found"), 404);
  const reason = { reason: form.get("reason") };
  try {
    if (intent === "approve") return redirectWithToast(app, back, { title: (await approveOpportunity(deps, actor, id)).message });
    if (intent === "reject") {
      return redirectWithToast(app, back, { title: (await rejectOpportunity(deps, actor, { id, body: reason })).message });
    }
    if (intent === "unpublish") {
      return redirectWithToast(app, back, { title: (await unpublishOpportunity(deps, actor, { id, body: reason })).message });
    }
    if (intent === "dismiss")
      return redirectWithToast(app, back, { title: (await dismissOpportunityReports(deps, actor, id)).message });
  } catch (error) {
    return refusedAnswer(error);
  }
  return answer(errorAnswer("Unknown action"), 400);
}

/** A failed request keeps the page (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

function pageHref(filter: Filter, page = 1) {
  const params = new URLSearchParams({ filter });
  if (page > 1) params.set("page", String(page));
  return `/admin/opportunities?${params.toString()}`;
}

export default function AdminOpportunitiesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const { t, i18n } = useLingui();
  const failure = errorOf(actionData);
  const here = pageHref(query.filter, query.page);
  const total = list.total;
  const pageCount = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title={<Trans>Opportunities</Trans>} failure={failure} />
      <AdminFilterLinks
        filters={ADMIN_OPPORTUNITY_FILTERS}
        current={query.filter}
        labels={FILTER_LABELS}
        href={(filter) => pageHref(filter)}
      />
      <p className="mt-4 text-sm text-muted">
        {total === 1 ? <Trans>1 opportunity</Trans> : <Trans>{total} opportunities</Trans>}
      </p>
      {list.opportunities.length === 0 ? (
        <p className="mt-4 text-muted">
          <Trans>Nothing here.</Trans>
        </p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label={t`Opportunities`}>
          {list.opportunities.map((row) => {
            const reports = row.openReports;
            const organization = row.organization.name;
            return (
              <li key={row.id} className="rounded-2xl border border-line bg-white p-4 text-sm" data-testid="admin-opportunity">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      <Link to={row.path} className="hover:underline">
                        <bdi>{row.title}</bdi>
                      </Link>
                    </p>
                    <p className="text-muted">
                      <bdi>{organization}</bdi>
                      {row.organization.verified ? ` · ${t`verified`}` : ` · ${t`not verified`}`} ·{" "}
                      {statusLabel(i18n, row.status)} · <Trans>deadline</Trans> <LocalTime value={lastMinuteOf(row.deadline)} />
                    </p>
                    {reports > 0 && (
                      <p className="mt-1 font-medium text-red-700">
                        <Trans>{reports} open reports</Trans>
                      </p>
                    )}
                  </div>
                </div>
                <div className="mt-3 flex flex-wrap items-start gap-3">
                  {row.status === "pending" && (
                    <AdminRowForm id={row.id} back={here}>
                      <Button type="submit" name="intent" value="approve" size="sm">
                        <Trans>Approve</Trans>
                      </Button>
                    </AdminRowForm>
                  )}
                  {(row.status === "pending" || row.status === "published") && (
                    <ReasonForm
                      id={row.id}
                      back={here}
                      intent={row.status === "pending" ? "reject" : "unpublish"}
                      label={row.status === "pending" ? t`Reject` : t`Unpublish`}
                      title={row.title}
                      reasonLabel={t`Reason (e-mailed to the organization)`}
                    />
                  )}
                  {reports > 0 && (
                    <AdminRowForm id={row.id} back={here}>
                      <Button type="submit" name="intent" value="dismiss" variant="outline" size="sm">
                        <Trans>Dismiss reports</Trans>
                      </Button>
                    </AdminRowForm>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label={t`Pages`} className="mt-6 flex gap-3 text-sm">
          {query.page > 1 && <Link to={pageHref(query.filter, query.page - 1)}>{t`Previous`}</Link>}
          {query.page < pageCount && <Link to={pageHref(query.filter, query.page + 1)}>{t`Next`}</Link>}
        </nav>
      )}
    </div>
  );
}

/** Reject or unpublish: the reason (e-mailed to the organization), the target's title for screen readers. */
function ReasonForm({
  id,
  back,
  intent,
  label,
  title,
  reasonLabel,
}: {
  id: number;
  back: string;
  intent: string;
  label: string;
  title: string;
  reasonLabel: string;
}) {
  return (
    <ReasonDisclosure
      className="min-w-0 flex-1"
      id={id}
      back={back}
      intent={intent}
      summary={
        <>
          {label}
          <span className="sr-only">
            {" "}
            <bdi>{title}</bdi>
          </span>
        </>
      }
      reasonLabel={reasonLabel}
      maxLength={1000}
      submit={label}
    />
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return privatePageMeta({
    title: i18n._(msg`Opportunities`),
    description: i18n._(msg`The admins' Opportunities table.`),
    path: "/admin/opportunities",
  })(args);
}

export { RouteErrorBoundary as ErrorBoundary };
