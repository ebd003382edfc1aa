import type { Context } from "hono";
import { z } from "zod";
import { PAGE_MESSAGE } from "#common/constants.ts";
import { ADMIN_REVIEW_FILTERS, REVIEW_MESSAGES, reviewHideSchema, reviewResponseSchema, reviewSchema } from "#common/reviews.ts";
import { adminReviewPageSchema, reviewVisibilityAnswer } from "#server/http/openapi/admin.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { reviewAnswerSchema, reviewPageSchema } from "#server/http/openapi/reviews.ts";
import { noBody } from "#server/http/openapi/schemas.ts";
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

const describeRoute = describeRoutesIn("Reviews");
const describeAdminRoute = describeRoutesIn("Administration");

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
  api.get(
    "/",
    describeRoute({
      summary: "A consultant's reviews",
      response: reviewPageSchema,
    }),
    call(listReviews, page),
  );
  api.post(
    "/",
    describeRoute({
      summary: "Review a consultant",
      auth: "session",
      body: reviewSchema,
      response: reviewAnswerSchema,
      status: 201,
    }),
    call(createReview, review, created),
  );
  return api;
}

/** Mounted at /api/reviews. */
export function createReviewsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  const review = async (c: Context<HttpEnv>) => ({ reviewId: reviewId(c), review: await readJson(c) });
  const response = async (c: Context<HttpEnv>) => ({ reviewId: reviewId(c), response: await readJson(c) });
  api.put(
    "/:reviewId",
    describeRoute({
      summary: "Edit one's review",
      auth: "session",
      body: reviewSchema,
      response: reviewAnswerSchema,
    }),
    call(updateReview, review),
  );
  api.delete(
    "/:reviewId",
    describeRoute({
      summary: "Delete one's review",
      auth: "session",
      response: noBody,
      status: 204,
    }),
    call(deleteReview, (c) => ({ reviewId: reviewId(c) }), noContent),
  );
  api.post(
    "/:reviewId/response",
    describeRoute({
      summary: "The consultant answers a review",
      auth: "session",
      body: reviewResponseSchema,
      response: reviewAnswerSchema,
      status: 201,
    }),
    call(respondToReview, response, created),
  );
  return api;
}

/** Mounted at /api/admin/reviews. */
export function createAdminReviewsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  // The moderation list (issue 36): newest first, ?filter=all|visible|hidden&search=&page=&limit=.
  api.get(
    "/",
    describeAdminRoute({
      summary: "Reviews to moderate, newest first: all, the visible or the hidden ones, searched by consultant, reviewer or text",
      auth: "admin",
      query: z.object({
        filter: z.enum(ADMIN_REVIEW_FILTERS).optional(),
        search: z.string().optional(),
        page: z.number().int().optional(),
        limit: z.number().int().optional(),
      }),
      response: adminReviewPageSchema,
    }),
    call(listReviewsForAdmin, queryParams),
  );
  // The reason is read before the path: a body that is not JSON is a 400 whatever the id.
  const hide = async (c: Context<HttpEnv>) => {
    const body = await readJson(c);
    return { reviewId: reviewId(c), hidden: true, body };
  };
  api.put(
    "/:reviewId/hide",
    describeAdminRoute({
      summary: "Hide a review",
      auth: "admin",
      body: reviewHideSchema,
      response: reviewVisibilityAnswer,
    }),
    call(setReviewHidden, hide),
  );
  api.put(
    "/:reviewId/unhide",
    describeAdminRoute({
      summary: "Show a hidden review again",
      auth: "admin",
      response: reviewVisibilityAnswer,
    }),
    call(setReviewHidden, (c) => ({ reviewId: reviewId(c), hidden: false })),
  );
  return api;
}
