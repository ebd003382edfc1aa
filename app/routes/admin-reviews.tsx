import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ADMIN_LIMITS, ADMIN_PAGE_SIZE } from "#common/admin-schema.ts";
import { parseId } from "#common/ids.ts";
import { backToPage } from "#common/redirect.ts";
import { ADMIN_REVIEW_FILTERS, type AdminReviewFilter, REVIEW_MESSAGES } from "#common/reviews.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { type AdminReference, listReferencesForAdmin } from "#server/services/references/admin-list.ts";
import { removeReference } from "#server/services/references/index.ts";
import { listReviewsForAdmin } from "#server/services/reviews/admin-list.ts";
import { setReviewHidden } from "#server/services/reviews/reviews.ts";
import {
  ADMIN_HANDLE,
  AdminFilterLinks,
  AdminPageHeader,
  AdminPageLinks,
  AdminRowForm,
  adminPageOf,
} from "../components/admin/admin-page.tsx";
import { ReasonDisclosure } from "../components/admin/reason-disclosure.tsx";
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
import type { Route } from "./+types/admin-reviews";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /admin/reviews (issue 36): the admins' moderation list of reviews, newest first, all of them or
// the visible or the hidden ones, searched and paged; hide one with a reason (the reviewer is
// e-mailed it) or show it again. Both go through setReviewHidden, which audits them. Plain forms:
// it works without JavaScript.
//
// The same page at ?show=references (issue 34: admins "see references in the audit log and can
// remove one"): the references waiting for their referee and the confirmed ones, newest first,
// searched and paged; Remove goes through removeReference (audited, as DELETE
// /api/admin/references/{id}). A page of this route rather than a route of its own: every route is
// an entry of the manifest each public page loads, and home and profile are at their budget.

export const handle: SignedInHandle = ADMIN_HANDLE;

const FILTER_LABELS: Record<AdminReviewFilter, MessageDescriptor> = {
  all: msg`All reviews`,
  visible: msg`Visible`,
  hidden: msg`Hidden`,
};

type Query = { show: "reviews" | "references"; filter: AdminReviewFilter; search: string; page: number };

function readQuery(url: URL): Query {
  const filterParam = url.searchParams.get("filter");
  return {
    show: url.searchParams.get("show") === "references" ? "references" : "reviews",
    filter: ADMIN_REVIEW_FILTERS.find((candidate) => candidate === filterParam) ?? "all",
    search: (url.searchParams.get("q") ?? "").trim().slice(0, ADMIN_LIMITS.search),
    page: adminPageOf(url.searchParams),
  };
}

function pageHref(query: Query) {
  const params = new URLSearchParams();
  if (query.show === "references") params.set("show", "references");
  else if (query.filter !== "all") params.set("filter", query.filter);
  if (query.search) params.set("q", query.search);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/admin/reviews?${search}` : "/admin/reviews";
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireAdminPage(app, { comeBack: request });
  const query = readQuery(new URL(request.url));
  const page = { search: query.search || undefined, page: query.page, limit: ADMIN_PAGE_SIZE };
  if (query.show === "references") {
    return { query, list: null, references: await listReferencesForAdmin(serviceDeps(app), actorOf(session), page) };
  }
  const list = await listReviewsForAdmin(serviceDeps(app), actorOf(session), { ...page, filter: query.filter });
  return { query, list, references: null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(app.session);
  const i18n = i18nOfRequest(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = backToPage(form.get("back"), "/admin/reviews") ?? "/admin/reviews";
  if (intent === "remove-reference") {
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
  if (intent !== "hide" && intent !== "unhide") return answer(errorAnswer(i18n._(msg`Unknown action`)), 400);
  const reviewId = parseId(String(form.get("id") ?? ""));
  if (reviewId === null) return answer(errorAnswer(i18n._(msg`Review not found`), { intent }), 404);
  try {
    const hidden = intent === "hide";
    await setReviewHidden(serviceDeps(app), actor, { reviewId, hidden, body: { reason: form.get("reason") ?? undefined } });
    return redirectWithToast(app, back, {
      title: hidden ? i18n._(msg`Review hidden`) : i18n._(msg`Review shown again`),
      description: hidden ? i18n._(msg`The reviewer has been told why by e-mail.`) : undefined,
    });
  } catch (error) {
    return refusedAnswer(error, { intent });
  }
}

/** A failed request keeps the page (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export default function AdminReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, references } = loaderData;
  const { t } = useLingui();
  const failure = errorOf(actionData);
  if (references) return <AdminReferences query={query} list={references} failure={failure} />;
  if (!list) return null;
  const here = pageHref(query);
  const total = list.total;
  const pageCount = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminPageHeader
        title={<Trans>Reviews</Trans>}
        failure={failure === REVIEW_MESSAGES.reason ? t`Give the reason for hiding this review.` : failure}
      >
        <p className="mt-2 text-muted">
          <Trans>
            The most recent reviews first. Hiding one takes it off the profile and out of the rating; its author is told why.
          </Trans>
        </p>
        <AdminPageLinks only="/admin/reviews?show=references" />
      </AdminPageHeader>
      <AdminFilterLinks
        filters={ADMIN_REVIEW_FILTERS}
        current={query.filter}
        labels={FILTER_LABELS}
        href={(filter) => pageHref({ show: "reviews", filter, search: query.search, page: 1 })}
      />
      <ListSearch
        label={t`Search reviews`}
        placeholder={t`Consultant, reviewer or words of the review`}
        search={query.search}
        kept={query.filter !== "all" ? { filter: query.filter } : {}}
        count={<Plural value={total} one="# review" other="# reviews" />}
      />
      {list.reviews.length === 0 ? (
        <p className="mt-4 text-muted">
          <Trans>No reviews here.</Trans>
        </p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label={t`Reviews`}>
          {list.reviews.map((review) => {
            const consultant = review.consultantName;
            const reviewer = review.reviewerName;
            const score = review.score;
            const reason = review.hiddenReason ?? "";
            return (
              <li key={review.id} className="rounded-2xl border border-line bg-white p-4 text-sm" data-testid="admin-review">
                <article aria-labelledby={`review-${review.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 id={`review-${review.id}`} className="font-semibold text-ink">
                        <Trans>
                          Review of{" "}
                          <Link to={`/consultant/${review.consultantId}`} className="text-brand-800 underline underline-offset-4">
                            <bdi>{consultant}</bdi>
                          </Link>{" "}
                          by <bdi>{reviewer}</bdi>
                        </Trans>
                      </h2>
                      <p className="text-muted">
                        {review.organization && (
                          <>
                            <bdi>{review.organization.name}</bdi> ·{" "}
                          </>
                        )}
                        <bdi>{review.reviewerEmail}</bdi> · <LocalTime value={review.createdAt} /> · <Trans>{score}/10</Trans>
                      </p>
                    </div>
                    {review.hiddenAt ? <Badge tone="danger">{t`Hidden`}</Badge> : <Badge tone="success">{t`Visible`}</Badge>}
                  </div>
                  <p dir="auto" className="mt-2 whitespace-pre-line break-words text-ink">
                    {review.text}
                  </p>
                  {review.hiddenAt && (
                    <p className="mt-2 text-muted">
                      <Trans>
                        Hidden <LocalTime value={review.hiddenAt} />: <bdi>{reason}</bdi>
                      </Trans>
                    </p>
                  )}
                  <div className="mt-3">
                    {review.hiddenAt ? (
                      <AdminRowForm id={review.id} back={here}>
                        <Button type="submit" name="intent" value="unhide" variant="outline" size="sm">
                          <Trans>Show again</Trans>
                          <WhichReview consultant={consultant} reviewer={reviewer} />
                        </Button>
                      </AdminRowForm>
                    ) : (
                      <ReasonDisclosure
                        id={review.id}
                        back={here}
                        intent="hide"
                        summary={
                          <>
                            <Trans>Hide</Trans>
                            <WhichReview consultant={consultant} reviewer={reviewer} />
                          </>
                        }
                        reasonLabel={t`Reason (e-mailed to the reviewer)`}
                        maxLength={500}
                        submit={<Trans>Hide review</Trans>}
                        variant="destructive"
                      />
                    )}
                  </div>
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

/** Which review a button acts on, for screen readers ("Hide the review of … by …"). */
function WhichReview({ consultant, reviewer }: { consultant: string; reviewer: string }) {
  return (
    <span className="sr-only">
      {" "}
      <Trans>
        the review of <bdi>{consultant}</bdi> by <bdi>{reviewer}</bdi>
      </Trans>
    </span>
  );
}

/** ?show=references: the live references, each with Remove (a disclosure that says what it does). */
function AdminReferences({
  query,
  list,
  failure,
}: {
  query: Query;
  list: { references: AdminReference[]; total: number; limit: number };
  failure: string | null | undefined;
}) {
  const { t } = useLingui();
  const here = pageHref(query);
  const total = list.total;
  const pageCount = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminPageHeader title={<Trans>References</Trans>} failure={failure}>
        <p className="mt-2 text-muted">
          <Trans>
            References waiting for their referee and confirmed ones, the most recent first. Removing one takes it off the
            assignment; every step is in the audit log.
          </Trans>
        </p>
        <AdminPageLinks only="/admin/reviews" />
      </AdminPageHeader>
      <ListSearch
        label={t`Search references`}
        placeholder={t`Consultant, assignment, referee or organization`}
        search={query.search}
        kept={{ show: "references" }}
        count={<Plural value={total} one="# reference" other="# references" />}
      />
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
                    <AdminRowForm id={reference.id} back={here} className="mt-2 flex flex-wrap items-center gap-3">
                      <p className="text-muted">
                        <Trans>The reference leaves the assignment for good; the consultant may ask someone again.</Trans>
                      </p>
                      <Button type="submit" name="intent" value="remove-reference" variant="destructive" size="sm">
                        <Trans>Remove reference</Trans>
                      </Button>
                    </AdminRowForm>
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

/** A list's search (a GET form keeping the view's other parameters) and how many it found. */
function ListSearch({
  label,
  placeholder,
  search,
  kept,
  count,
}: {
  label: string;
  placeholder: string;
  search: string;
  /** The view's other parameters, kept by the search. */
  kept: Record<string, string>;
  count: ReactNode;
}) {
  return (
    <>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        {Object.entries(kept).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Field label={label} className="min-w-0 flex-1">
          {(props) => (
            <Input
              {...props}
              type="search"
              name="q"
              defaultValue={search}
              maxLength={ADMIN_LIMITS.search}
              placeholder={placeholder}
            />
          )}
        </Field>
        <Button type="submit" variant="outline">
          <Trans>Search</Trans>
        </Button>
      </Form>
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {count}
      </p>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return privatePageMeta({
    title: i18n._(msg`Reviews`),
    description: i18n._(msg`The admins' moderation list of reviews.`),
    path: "/admin/reviews",
  })(args);
}

export function headers() {
  // Admin pages show private data: never kept by a shared cache or the back-forward cache.
  return { "Cache-Control": "private, no-store" };
}

export { RouteErrorBoundary as ErrorBoundary };
