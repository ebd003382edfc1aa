import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { REVIEW_MESSAGES } from "#common/reviews.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { createReview, deleteReview, respondToReview, setReviewHidden, updateReview } from "#server/services/reviews/reviews.ts";
import type { AppContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { errorAnswer } from "./form-answer.ts";
import { idFrom } from "./ids.server.ts";
import { answer, refusedAnswer } from "./service-errors.server.ts";
import { redirectWithToast } from "./toast.server.ts";

// The profile page's review forms (they work without JavaScript): each posts an intent, the
// review services decide, and success returns to the reviews with a toast; a refusal comes back
// as a message shown beside the forms.

function reviewFields(form: FormData) {
  return { score: form.get("score"), text: form.get("text"), engagement: form.get("engagement") };
}

export async function reviewAction(app: AppContext, request: Request, consultantId: number) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const actor = actorOf(app.session);
  const deps = serviceDeps(app);
  // Every intent but a new review names its review; a value that is no id names none (400, never a query).
  const reviewId = idFrom(form.get("reviewId"));
  if (intent !== "review-create" && reviewId === null) {
    return answer(errorAnswer(REVIEW_MESSAGES.notFound), 400);
  }
  const id = reviewId ?? 0; // only review-create, which names no review, gets here without one
  let toast: MessageDescriptor;
  try {
    switch (intent) {
      case "review-create":
        await createReview(deps, actor, { consultantId, review: reviewFields(form) });
        toast = msg`Review published`;
        break;
      case "review-update":
        await updateReview(deps, actor, { reviewId: id, review: reviewFields(form) });
        toast = msg`Review updated`;
        break;
      case "review-delete":
        await deleteReview(deps, actor, { reviewId: id });
        toast = msg`Review deleted`;
        break;
      case "review-respond":
        await respondToReview(deps, actor, { reviewId: id, response: { response: form.get("response") } });
        toast = msg`Response published`;
        break;
      case "review-hide":
        await setReviewHidden(deps, actor, { reviewId: id, hidden: true, body: { reason: form.get("reason") } });
        toast = msg`Review hidden`;
        break;
      default:
        return answer(errorAnswer("Unknown action"), 400);
    }
  } catch (error) {
    // A refusal (4xx) is shown beside the forms; anything else is a bug and goes to the error page.
    return refusedAnswer(error);
  }
  return redirectWithToast(app, `/consultant/${consultantId}#reviews`, { title: i18nOfRequest(request)._(toast) });
}
