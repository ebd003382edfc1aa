import { data } from "react-router";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { createReview, deleteReview, respondToReview, setReviewHidden, updateReview } from "#server/services/reviews/reviews.ts";
import type { AppContext } from "../context.ts";
import { refusalOf } from "./service-errors.server.ts";
import { redirectWithToast } from "./toast.server.ts";

// The profile page's review forms (they work without JavaScript): each posts an intent, the
// review services decide, and success returns to the reviews with a toast; a refusal comes back
// as a message shown beside the forms.

export type ReviewActionData = { reviewError: string; fieldErrors?: Record<string, string> };

function reviewFields(form: FormData) {
  return { score: form.get("score"), text: form.get("text"), engagement: form.get("engagement") };
}

export async function reviewAction(app: AppContext, request: Request, consultantId: number) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const actor = actorOf(app.session);
  const reviewId = Number(form.get("reviewId"));
  const deps = serviceDeps(app);
  let toast: string;
  try {
    switch (intent) {
      case "review-create":
        await createReview(deps, actor, { consultantId, review: reviewFields(form) });
        toast = "Review published";
        break;
      case "review-update":
        await updateReview(deps, actor, { reviewId, review: reviewFields(form) });
        toast = "Review updated";
        break;
      case "review-delete":
        await deleteReview(deps, actor, { reviewId });
        toast = "Review deleted";
        break;
      case "review-respond":
        await respondToReview(deps, actor, { reviewId, response: { response: form.get("response") } });
        toast = "Response published";
        break;
      case "review-hide":
        await setReviewHidden(deps, actor, { reviewId, hidden: true, body: { reason: form.get("reason") } });
        toast = "Review hidden";
        break;
      default:
        return data<ReviewActionData>({ reviewError: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    // A refusal (4xx) is shown beside the forms; anything else is a bug and goes to the error page.
    const refusal = refusalOf(error);
    const fieldErrors = Object.fromEntries(refusal.errors.map((item) => [item.path, item.message]));
    return data<ReviewActionData>({ reviewError: refusal.message, fieldErrors }, { status: refusal.status });
  }
  return redirectWithToast(`/consultant/${consultantId}#reviews`, { title: toast });
}
