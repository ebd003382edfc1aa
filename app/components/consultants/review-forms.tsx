import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { useConfirmedSubmission, useKeptDraft } from "#app/lib/kept-draft.ts";
import { useResume } from "#app/lib/resume.ts";
import { REVIEW_ENGAGEMENTS, REVIEW_TEXT_MAX } from "#common/review-limits.ts";
import type { PublicReview } from "#common/reviews.ts";
import { Button } from "../ui/button.tsx";
import { Field, Select, Textarea } from "../ui/field.tsx";
import { DraftRestoredNote, NotSentNotice } from "../ui/not-sent-notice.tsx";
import { Options } from "../ui/options.tsx";

// The review forms of a profile page, for signed-in people only: write or edit one's review, the
// consultant's public response, an admin's Hide. reviews-section.tsx loads them when the viewer
// can use one; visitors never download them. Plain forms: they work without JavaScript.

/** The scores a review may give, highest first. */
const SCORES = Array.from({ length: 10 }, (_, index) => String(10 - index));

const KEPT_FIELDS = ["score", "engagement", "text"] as const;

export function ReviewForm({
  review,
  errors,
  draftKey,
  actionData,
}: {
  review: PublicReview | null;
  errors?: Record<string, string>;
  /** Where what is typed is kept on this device until the server confirms (null: not kept). */
  draftKey: string | null;
  /** The page action's answer: a send that never reached the server shows NotSentNotice. */
  actionData: { offline?: boolean } | undefined;
}) {
  const intent = review ? "review-update" : "review-create";
  const draft = useKeptDraft(draftKey, KEPT_FIELDS);
  useConfirmedSubmission(actionData, draft.forget, (form) => form.get("intent") === intent);
  const offline = actionData?.offline === true;
  // Back from signing in to write a review: the form in view, its first field focused.
  useResume("write-review", review === null, () =>
    draft.ref.current?.querySelector<HTMLSelectElement>("select[name=score]")?.focus(),
  );
  const { t, i18n } = useLingui();
  return (
    <Form method="post" className="grid gap-4" preventScrollReset {...draft.props}>
      {offline && <NotSentNotice />}
      {draft.restored && !offline && <DraftRestoredNote />}
      <input type="hidden" name="intent" value={intent} />
      {review && <input type="hidden" name="reviewId" value={review.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t`Score (1 to 10)`} required error={errors?.score}>
          {(props) => (
            <Select {...props} name="score" defaultValue={review ? String(review.score) : ""}>
              <Options placeholder={t`Choose a score`} values={SCORES} />
            </Select>
          )}
        </Field>
        <Field label={t`Kind of engagement`} required error={errors?.engagement}>
          {(props) => (
            <Select {...props} name="engagement" defaultValue={review?.engagement ?? ""}>
              <Options placeholder={t`Choose one`} values={REVIEW_ENGAGEMENTS} label={(value) => valueLabel(i18n, value)} />
            </Select>
          )}
        </Field>
      </div>
      <Field
        label={t`Your review`}
        required
        error={errors?.text}
        hint={t`What they did, and how it went. At least 10 characters.`}
      >
        {(props) => <Textarea {...props} name="text" rows={4} maxLength={REVIEW_TEXT_MAX} defaultValue={review?.text ?? ""} />}
      </Field>
      <div>
        <Button type="submit">{review ? t`Save review` : t`Publish review`}</Button>
      </div>
    </Form>
  );
}

/**
 * A one-field action on a review (the consultant's response, an admin's Hide): a disclosure, so it
 * opens without JavaScript too, holding a plain form with one text and its button.
 */
function ReviewDisclosureForm({
  reviewId,
  intent,
  summary,
  summaryClassName,
  label,
  name,
  rows,
  maxLength,
  submit,
  destructive = false,
}: {
  reviewId: number;
  intent: "review-respond" | "review-hide";
  summary: React.ReactNode;
  summaryClassName: string;
  label: string;
  name: string;
  rows: number;
  maxLength: number;
  submit: React.ReactNode;
  destructive?: boolean;
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className={`cursor-pointer font-medium ${summaryClassName}`}>{summary}</summary>
      <Form method="post" className="mt-2 grid gap-2" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="reviewId" value={reviewId} />
        <Field label={label}>{(props) => <Textarea {...props} name={name} rows={rows} maxLength={maxLength} required />}</Field>
        <div>
          <Button type="submit" size="sm" variant={destructive ? "destructive" : "primary"}>
            {submit}
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** The consultant's one public response to a review. */
export function RespondForm({ reviewId }: { reviewId: number }) {
  const { t } = useLingui();
  return (
    <ReviewDisclosureForm
      reviewId={reviewId}
      intent="review-respond"
      summary={<Trans>Respond publicly</Trans>}
      summaryClassName="text-brand-800"
      label={t`Your response`}
      name="response"
      rows={3}
      maxLength={REVIEW_TEXT_MAX}
      submit={<Trans>Publish response</Trans>}
    />
  );
}

/** An admin hides a review, with the reason sent to the reviewer. */
export function HideForm({ reviewId }: { reviewId: number }) {
  const { t } = useLingui();
  return (
    <ReviewDisclosureForm
      reviewId={reviewId}
      intent="review-hide"
      summary={<Trans>Hide this review</Trans>}
      summaryClassName="text-red-800"
      label={t`Reason (sent to the reviewer)`}
      name="reason"
      rows={2}
      maxLength={500}
      submit={<Trans>Hide review</Trans>}
      destructive
    />
  );
}
