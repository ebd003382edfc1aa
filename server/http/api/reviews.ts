import { type Context, Hono } from "hono";
import { REVIEW_MESSAGES } from "#common/reviews.ts";
import { ValidationFailed } from "#server/services/errors.ts";
import {
  createReview,
  deleteReview,
  listReviews,
  type ReviewDeps,
  respondToReview,
  setReviewHidden,
  updateReview,
} from "#server/services/reviews/reviews.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom, limitBody, pathId, readJson } from "../request.ts";

// Reviews (issue 14): GET/POST /api/consultants/{id}/reviews, PUT/DELETE /api/reviews/{id},
// POST /api/reviews/{id}/response, PUT /api/admin/reviews/{id}/hide and /unhide.

const PAGE_MESSAGE = "page must be a whole number of at least 1";

function pageParam(value: string | undefined): number {
  if (value === undefined || value === "") return 1;
  if (!/^[1-9]\d{0,6}$/.test(value)) throw new ValidationFailed(PAGE_MESSAGE, [{ path: "page", message: PAGE_MESSAGE }]);
  return Number(value);
}

const actor = actorFrom;

function reviewDeps(deps: HttpDeps, c: Context<HttpEnv>): ReviewDeps {
  return apiServiceDeps(deps, c);
}

/** Mounted at /api/consultants/:id/reviews. */
export function createConsultantReviewsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBody());
  api.get("/", async (c) => {
    const consultantId = pathId(c, "id", "Consultant not found");
    return c.json(await listReviews(deps, await actor(c), { consultantId, page: pageParam(c.req.query("page")) }));
  });
  api.post("/", async (c) => {
    const who = await actor(c);
    const consultantId = pathId(c, "id", "Consultant not found");
    const review = await createReview(deps, who, { consultantId, review: await readJson(c) });
    return c.json(review, 201);
  });
  return api;
}

/** Mounted at /api/reviews. */
export function createReviewsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBody());
  const reviewId = (c: Context<HttpEnv>) => pathId(c, "reviewId", REVIEW_MESSAGES.notFound);
  api.put("/:reviewId", async (c) => {
    return c.json(await updateReview(deps, await actor(c), { reviewId: reviewId(c), review: await readJson(c) }));
  });
  api.delete("/:reviewId", async (c) => {
    await deleteReview(deps, await actor(c), { reviewId: reviewId(c) });
    return c.body(null, 204);
  });
  api.post("/:reviewId/response", async (c) => {
    const review = await respondToReview(deps, await actor(c), { reviewId: reviewId(c), response: await readJson(c) });
    return c.json(review, 201);
  });
  return api;
}

/** Mounted at /api/admin/reviews. */
export function createAdminReviewsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBody());
  const reviewId = (c: Context<HttpEnv>) => pathId(c, "reviewId", REVIEW_MESSAGES.notFound);
  api.put("/:reviewId/hide", async (c) => {
    const body = await readJson(c);
    return c.json(await setReviewHidden(reviewDeps(deps, c), await actor(c), { reviewId: reviewId(c), hidden: true, body }));
  });
  api.put("/:reviewId/unhide", async (c) => {
    return c.json(await setReviewHidden(reviewDeps(deps, c), await actor(c), { reviewId: reviewId(c), hidden: false }));
  });
  return api;
}
