import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect } from "react";
import { Form, Link, useLocation } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { translateText } from "#app/i18n/translate-text.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { errorOf, type FormAnswer, firstFieldErrors, notSent } from "#app/lib/form-answer.ts";
import { forgetDraft } from "#app/lib/kept-draft.ts";
import { resumeAt } from "#app/lib/resume.ts";
import { useOptionalUser } from "#app/lib/user.ts";
import { formatDate, formatRating } from "#common/format.ts";
import { type PublicReview, REVIEW_MESSAGES, type ReviewPage } from "#common/reviews.ts";
import { CreateAccountControl, SignInControl } from "../layout/header-account.tsx";
import { OrganizationBadge } from "../organizations/organization-badge.tsx";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { RatingStars } from "./rating-stars.tsx";

// The reviews on a profile: newest first, a page at a time (?reviews=N, links that work
// without JavaScript), the signed-in person's own review with Edit and Delete, the form to write
// one for people the consultant replied to, the consultant's one response, and Hide for admins.

// The forms (review-forms.tsx) are for signed-in people: the browser loads them when the viewer can
// use one, so a visitor's first load has none of them; the server HTML has them complete (the
// document is sent whole, every Suspense boundary in place: see entry.server.tsx).
const loadForms = () => import("./review-forms.tsx");
const ReviewForm = lazy(() => loadForms().then((module) => ({ default: module.ReviewForm })));
const RespondForm = lazy(() => loadForms().then((module) => ({ default: module.RespondForm })));
const HideForm = lazy(() => loadForms().then((module) => ({ default: module.HideForm })));

type ReviewViewer = { canReview: boolean; ownReview: PublicReview | null; isOwner: boolean; isAdmin: boolean };

function ReviewItem({ review, viewer }: { review: PublicReview; viewer: ReviewViewer }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const reviewer = review.reviewerName;
  return (
    <li className="border-t border-slate-200 py-5 first:border-t-0">
      <article aria-label={t`Review by ${reviewer}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-ink">
            <bdi>{review.reviewerName}</bdi>
            {review.organization && (
              <>
                <span className="font-normal text-muted">, </span>
                <OrganizationBadge organization={review.organization} />
              </>
            )}
          </p>
          <RatingStars rating={review.score * 10} />
        </div>
        {!review.counted && (
          <p className="mt-1 text-xs font-medium text-muted">
            {translateText(i18n, review.organization?.verified ? REVIEW_MESSAGES.notCounted : REVIEW_MESSAGES.notVerified)}
          </p>
        )}
        <p className="mt-0.5 text-sm text-muted">
          {valueLabel(i18n, review.engagement)} · {formatDate(review.createdAt, locale)}
          {review.updatedAt !== review.createdAt && ` ${t`(edited)`}`}
        </p>
        <p dir="auto" className="mt-2 whitespace-pre-line text-slate-800">
          {review.text}
        </p>
        {review.response && (
          <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
            <p className="font-semibold text-ink">
              <Trans>Response from the consultant</Trans>
            </p>
            <p dir="auto" className="mt-1 whitespace-pre-line text-slate-700">
              {review.response}
            </p>
          </div>
        )}
        {viewer.isOwner && !review.response && (
          <Suspense fallback={null}>
            <RespondForm reviewId={review.id} />
          </Suspense>
        )}
        {viewer.isAdmin && (
          <Suspense fallback={null}>
            <HideForm reviewId={review.id} />
          </Suspense>
        )}
      </article>
    </li>
  );
}

/**
 * A visitor's way to the review form: sign in or create an account, and come back to this page
 * with the form in view (app/lib/resume.ts). The service decides who may then write one.
 */
function ReviewSignIn() {
  const location = useLocation();
  const back = resumeAt(`${location.pathname}${location.search}`, "write-review");
  return (
    <div id="write-review" className="mt-6 rounded-xl bg-brand-50 p-4">
      <h3 className="font-semibold text-ink">
        <Trans>Write a review</Trans>
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          Worked with this consultant? Sign in to review their work: organizations the consultant has replied to can write a
          review.
        </Trans>
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <SignInControl redirectTo={back} />
        <CreateAccountControl redirectTo={back} />
      </div>
    </div>
  );
}

export function ReviewsSection({
  consultantId,
  page,
  viewer,
  error,
}: {
  consultantId: number;
  page: ReviewPage;
  viewer: ReviewViewer;
  /** The review action's answer after a refusal (a success redirects). */
  error?: FormAnswer;
}) {
  const { t, i18n } = useLingui();
  const own = viewer.ownReview;
  const user = useOptionalUser();
  const signedIn = user !== null;
  const fieldErrors = firstFieldErrors(error);
  // What a reviewer types is kept on this device until the server confirms (app/lib/kept-draft.ts).
  const draftKey = (kind: string) => (user ? `review-${kind}:${consultantId}:${user.id}` : null);
  // A review of one's own is the server's confirmation of the new review's draft. The form that
  // kept it cannot forget it: after the redirect it gives way to "Edit or delete your review".
  const newReviewDraft = draftKey("new");
  const hasOwnReview = own !== null;
  // The review form (loaded when first shown): a new review, or one's own to edit, each kept as its own draft.
  const reviewForm = (review: PublicReview | null, kind: "new" | "edit") => (
    <div className="mt-3">
      <Suspense fallback={null}>
        <ReviewForm review={review} errors={fieldErrors} draftKey={draftKey(kind)} actionData={error} />
      </Suspense>
    </div>
  );
  useEffect(() => {
    if (hasOwnReview && newReviewDraft) forgetDraft(newReviewDraft);
  }, [hasOwnReview, newReviewDraft]);
  const score = formatRating(page.rating);
  const rated = page.ratedReviewCount;
  const uncounted = page.reviewCount - page.ratedReviewCount;
  const current = Math.min(page.page, page.pageCount);
  const pages = page.pageCount;
  const usesForms = viewer.canReview || own !== null || viewer.isOwner || viewer.isAdmin;
  // Fetched right after hydration for those who will use them, not on their first click.
  useEffect(() => {
    if (usesForms) void loadForms().catch(() => {});
  }, [usesForms]);
  const pageHref = (number: number) => `/consultant/${consultantId}${number > 1 ? `?reviews=${number}` : ""}#reviews`;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mx-auto max-w-6xl scroll-mt-20 px-4 pb-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reviews-heading" className="text-xl font-bold text-ink">
            <Trans>Reviews</Trans>
          </h2>
          <RatingStars
            rating={page.rating}
            reviewCount={page.ratedReviewCount}
            {...(page.reviewCount > 0 ? { emptyLabel: t`Not rated yet` } : {})}
          />
        </div>
        <p className="mt-1 text-sm text-muted">
          {page.reviewCount === 0
            ? t`No reviews yet. Organizations the consultant has replied to can review their work.`
            : rated === 0
              ? t`Not rated yet: the rating counts only reviews by verified organizations the consultant has replied to, one per organization.`
              : t`Rated ${score} out of 10 from ${plural(rated, { one: "# review", other: "# reviews" })}. The rating counts only reviews by verified organizations the consultant has replied to, one per organization.`}
          {uncounted > 0 &&
            ` ${t`${plural(uncounted, { one: "# other review is shown but not counted.", other: "# other reviews are shown but not counted." })}`}`}
        </p>
        {error && !notSent(error) && (
          <div className="mt-4">
            <Alert tone="error" live title={t`Your review was not saved`}>
              {translateText(i18n, errorOf(error) ?? "")}
            </Alert>
          </div>
        )}
        {!signedIn && <ReviewSignIn />}
        {signedIn && !viewer.canReview && !own && !viewer.isOwner && (
          <p id="write-review" className="mt-6 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
            <Trans>You can review this consultant once they have replied to a message from you.</Trans>
          </p>
        )}
        {viewer.canReview && (
          <div id="write-review" className="mt-6 rounded-xl bg-brand-50 p-4">
            <h3 className="font-semibold text-ink">
              <Trans>Write a review</Trans>
            </h3>
            {reviewForm(null, "new")}
          </div>
        )}
        {own && (
          <details id="write-review" className="mt-6 rounded-xl bg-brand-50 p-4">
            <summary className="cursor-pointer font-semibold text-ink">
              <Trans>Edit or delete your review</Trans>
            </summary>
            {reviewForm(own, "edit")}
            <Form method="post" className="mt-3" preventScrollReset>
              <input type="hidden" name="intent" value="review-delete" />
              <input type="hidden" name="reviewId" value={own.id} />
              <Button type="submit" variant="outline" size="sm">
                <Trans>Delete my review</Trans>
              </Button>
            </Form>
          </details>
        )}
        {page.reviews.length > 0 && (
          <ul className="mt-4">
            {page.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} viewer={viewer} />
            ))}
          </ul>
        )}
        {page.pageCount > 1 && (
          <nav aria-label={t`Reviews pages`} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
            {page.page > 1 && (
              <Link to={pageHref(page.page - 1)} className="font-medium text-brand-800 underline">
                <Trans>Newer reviews</Trans>
              </Link>
            )}
            <span className="text-muted">
              <Trans>
                Page {current} of {pages}
              </Trans>
            </span>
            {page.page < page.pageCount && (
              <Link to={pageHref(page.page + 1)} className="font-medium text-brand-800 underline">
                <Trans>Older reviews</Trans>
              </Link>
            )}
          </nav>
        )}
      </div>
    </section>
  );
}
