import type { Context } from "hono";
import { REVIEW_MESSAGES } from "#common/reviews.ts";
import { ValidationFailed } from "#server/services/errors.ts";
import { listReviewsForAdmin } from "#server/services/reviews/admin-list.ts";
import {
  createReview,
  deleteReview,
  listReviews,
  respondToReview,
  setReviewHidden,
  updateReview,
} from "#server/services/reviews/reviews.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { actorFrom, pathId, readJson } from "../request.ts";
import { created, noContent, queryParams, serviceApi } from "./service-call.ts";

// Reviews (issue 14): GET/POST /api/consultants/{id}/reviews, PUT/DELETE /api/reviews/{id},
// POST /api/reviews/{id}/response, GET /api/admin/reviews, PUT /api/admin/reviews/{id}/hide and /unhide.

const PAGE_MESSAGE = "page must be a whole number of at least 1";

function pageParam(value: string | undefined): number {
  if (value === undefined || value === "") return 1;
  if (!/^[1-9]\d{0,6}$/.test(value)) throw new ValidationFailed(PAGE_MESSAGE, [{ path: "page", message: PAGE_MESSAGE }]);
  return Number(value);
}

const reviewId = (c: Context<HttpEnv>) => pathId(c, "reviewId", REVIEW_MESSAGES.notFound);

/** Mounted at /api/consultants/:id/reviews. */
export function createConsultantReviewsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  const consultantId = (c: Context<HttpEnv>) => pathId(c, "id", "Consultant not found");
  const page = (c: Context<HttpEnv>) => ({ consultantId: consultantId(c), page: pageParam(c.req.query("page")) });
  const review = async (c: Context<HttpEnv>) => ({ consultantId: consultantId(c), review: await readJson(c) });
  api.get("/", call(listReviews, page));
  api.post("/", call(createReview, review, created));
  return api;
}

/** Mounted at /api/reviews. */
export function createReviewsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  const review = async (c: Context<HttpEnv>) => ({ reviewId: reviewId(c), review: await readJson(c) });
  const response = async (c: Context<HttpEnv>) => ({ reviewId: reviewId(c), response: await readJson(c) });
  api.put("/:reviewId", call(updateReview, review));
  api.delete(
    "/:reviewId",
    call(deleteReview, (c) => ({ reviewId: reviewId(c) }), noContent),
  );
  api.post("/:reviewId/response", call(respondToReview, response, created));
  return api;
}

/** Mounted at /api/admin/reviews. */
export function createAdminReviewsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  // The moderation list (issue 36): newest first, ?filter=all|visible|hidden&search=&page=&limit=.
  api.get("/", call(listReviewsForAdmin, queryParams));
  // The reason is read before the path: a body that is not JSON is a 400 whatever the id.
  const hide = async (c: Context<HttpEnv>) => {
    const body = await readJson(c);
    return { reviewId: reviewId(c), hidden: true, body };
  };
  api.put("/:reviewId/hide", call(setReviewHidden, hide));
  api.put(
    "/:reviewId/unhide",
    call(setReviewHidden, (c) => ({ reviewId: reviewId(c), hidden: false })),
  );
  return api;
}
