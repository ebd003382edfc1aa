import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { ADMIN_LIMITS, ADMIN_PAGE_SIZE } from "#common/admin-schema.ts";
import { parseId } from "#common/ids.ts";
import { backToPage } from "#common/redirect.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { listReferencesForAdmin } from "#server/services/references/admin-list.ts";
import { removeReference } from "#server/services/references/index.ts";
import { AdminPageHeader } from "../components/admin/admin-page-header.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Field, Input } from "../components/ui/field.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { errorAnswer, errorOf } from "../lib/form-answer.ts";
import { metaI18n, privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireAdminPage } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-references";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /admin/references (issue 34: "admins see references in the audit log and can remove one"): the
// references waiting for their referee and the confirmed ones, newest first, searched and paged;
// removing one takes it off the assignment (removeReference, audited). The API had the removal
// (DELETE /api/admin/references/{id}); the dashboard had no way to it. Plain forms: it works
// without JavaScript.

export const handle: SignedInHandle = {
  signedOut: {
    heading: msg`Admin Access Required`,
    text: msg`Please sign in with an administrator account to view the Admin Dashboard.`,
    withHomeLink: true,
  },
};

type Query = { search: string; page: number };

function readQuery(url: URL): Query {
  const page = Number(url.searchParams.get("page"));
  return {
    search: (url.searchParams.get("q") ?? "").trim().slice(0, ADMIN_LIMITS.search),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

function pageHref(query: Query) {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/admin/references?${search}` : "/admin/references";
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireAdminPage(app, { comeBack: request });
  const query = readQuery(new URL(request.url));
  const list = await listReferencesForAdmin(serviceDeps(app), actorOf(session), {
    search: query.search || undefined,
    page: query.page,
    limit: ADMIN_PAGE_SIZE,
  });
  return { query, list };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(app.session);
  const i18n = i18nOfRequest(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = backToPage(form.get("back"), "/admin/references") ?? "/admin/references";
  if (intent !== "remove") return answer(errorAnswer(i18n._(msg`Unknown action`)), 400);
  const referenceId = parseId(String(form.get("id") ?? ""));
  if (referenceId === null) return answer(errorAnswer(i18n._(msg`Reference not found`), { intent }), 404);
  try {
    await removeReference(serviceDeps(app), actor, { referenceId });
    return redirectWithToast(app, back, {
      title: i18n._(msg`Reference removed`),
      description: i18n._(msg`It no longer shows on the assignment.`),
    });
  } catch (error) {
    return refusedAnswer(error, { intent });
  }
}

/** A failed request keeps the page (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export default function AdminReferencesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const { t } = useLingui();
  const here = pageHref(query);
  const total = list.total;
  const pageCount = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminPageHeader title={<Trans>References</Trans>} failure={errorOf(actionData)}>
        <p className="mt-2 text-muted">
          <Trans>
            References waiting for their referee and confirmed ones, the most recent first. Removing one takes it off the
            assignment; every step is in the audit log.
          </Trans>
        </p>
      </AdminPageHeader>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <Field label={t`Search references`} className="min-w-0 flex-1">
          {(props) => (
            <Input
              {...props}
              type="search"
              name="q"
              defaultValue={query.search}
              maxLength={ADMIN_LIMITS.search}
              placeholder={t`Consultant, assignment, referee or organization`}
            />
          )}
        </Field>
        <Button type="submit" variant="outline">
          <Trans>Search</Trans>
        </Button>
      </Form>
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        <Trans>{total} references</Trans>
      </p>
      {list.references.length === 0 ? (
        <p className="mt-4 text-muted">
          <Trans>No references here.</Trans>
        </p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label={t`References`}>
          {list.references.map((reference) => {
            const consultant = reference.consultantName;
            const referee = reference.refereeName;
            const organization = reference.organization;
            const score = reference.score;
            return (
              <li
                key={reference.id}
                className="rounded-2xl border border-line bg-white p-4 text-sm"
                data-testid="admin-reference"
              >
                <article aria-labelledby={`reference-${reference.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 id={`reference-${reference.id}`} className="font-semibold text-ink">
                        <bdi>{reference.assignmentTitle}</bdi>
                      </h2>
                      <p className="text-muted">
                        <Link
                          to={`/consultant/${reference.consultantId}`}
                          className="text-brand-800 underline underline-offset-4"
                        >
                          <bdi>{consultant}</bdi>
                        </Link>{" "}
                        ·{" "}
                        <Trans>
                          Referee: <bdi>{referee}</bdi>, <bdi>{organization}</bdi>
                        </Trans>{" "}
                        · <bdi>{reference.refereeEmail}</bdi> · <LocalTime value={reference.requestedAt} />
                      </p>
                    </div>
                    {reference.status === "confirmed" ? (
                      <Badge tone="success">{t`Confirmed`}</Badge>
                    ) : (
                      <Badge tone="neutral">{t`Waiting for the referee`}</Badge>
                    )}
                  </div>
                  {reference.statement && (
                    <p dir="auto" className="mt-2 whitespace-pre-line break-words text-ink">
                      {reference.statement}
                    </p>
                  )}
                  {score !== null && (
                    <p className="mt-1 text-muted">
                      <Trans>{score}/10</Trans>
                    </p>
                  )}
                  <details className="mt-3">
                    <summary className="cursor-pointer font-medium text-red-700">
                      <Trans>Remove</Trans>
                      <span className="sr-only">
                        {" "}
                        <Trans>
                          the reference of <bdi>{referee}</bdi> for <bdi>{consultant}</bdi>
                        </Trans>
                      </span>
                    </summary>
                    <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
                      <input type="hidden" name="id" value={reference.id} />
                      <input type="hidden" name="back" value={here} />
                      <p className="text-muted">
                        <Trans>The reference leaves the assignment for good; the consultant may ask someone again.</Trans>
                      </p>
                      <Button type="submit" name="intent" value="remove" variant="destructive" size="sm">
                        <Trans>Remove reference</Trans>
                      </Button>
                    </Form>
                  </details>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={query.page} pageCount={pageCount} href={(page) => pageHref({ ...query, page })} label={t`Pages`} />
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return privatePageMeta({
    title: i18n._(msg`References`),
    description: i18n._(msg`The admins' list of references asked for and confirmed.`),
    path: "/admin/references",
  })(args);
}

export function headers() {
  // Admin pages show private data: never kept by a shared cache or the back-forward cache.
  return { "Cache-Control": "private, no-store" };
}

export { RouteErrorBoundary as ErrorBoundary };
