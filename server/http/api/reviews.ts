import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { REVIEW_MESSAGES } from "../../../common/reviews.ts";
import { actorOf } from "../../services/actor.ts";
import { NotFound, PayloadTooLarge, ValidationFailed } from "../../services/errors.ts";
import {
  createReview,
  deleteReview,
  listReviews,
  type ReviewDeps,
  respondToReview,
  setReviewHidden,
  updateReview,
} from "../../services/reviews/reviews.ts";
import type { HttpDeps, HttpEnv } from "../app.ts";

// Reviews (issue 14): GET/POST /api/consultants/{id}/reviews, PUT/DELETE /api/reviews/{id},
// POST /api/reviews/{id}/response, PUT /api/admin/reviews/{id}/hide and /unhide.

const MAX_ID = 2_147_483_647;
const PAGE_MESSAGE = "page must be a whole number of at least 1";

function idParam(value: string | undefined, notFound: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw new NotFound(notFound);
  return Number(value);
}

function pageParam(value: string | undefined): number {
  if (value === undefined || value === "") return 1;
  if (!/^[1-9]\d{0,6}$/.test(value)) throw new ValidationFailed(PAGE_MESSAGE, [{ path: "page", message: PAGE_MESSAGE }]);
  return Number(value);
}

async function readJson(c: Context<HttpEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationFailed("The request body must be JSON");
  }
}

function limitBodies() {
  return bodyLimit({
    maxSize: 32 * 1024,
    onError: () => {
      throw new PayloadTooLarge("The request body is too large");
    },
  });
}

async function actor(c: Context<HttpEnv>) {
  return actorOf(await c.get("getSession")());
}

function reviewDeps({ db, mailer, config }: HttpDeps, c: Context<HttpEnv>): ReviewDeps {
  return { db, mailer, siteName: config.siteName, publicUrl: config.publicUrl, log: c.get("log") };
}

/** Mounted at /api/consultants/:id/reviews. */
export function createConsultantReviewsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBodies());
  api.get("/", async (c) => {
    const consultantId = idParam(c.req.param("id"), "Consultant not found");
    return c.json(await listReviews(deps, await actor(c), { consultantId, page: pageParam(c.req.query("page")) }));
  });
  api.post("/", async (c) => {
    const who = await actor(c);
    const consultantId = idParam(c.req.param("id"), "Consultant not found");
    const review = await createReview(deps, who, { consultantId, review: await readJson(c) });
    return c.json(review, 201);
  });
  return api;
}

/** Mounted at /api/reviews. */
export function createReviewsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBodies());
  const reviewId = (c: Context<HttpEnv>) => idParam(c.req.param("reviewId"), REVIEW_MESSAGES.notFound);
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
  api.use(limitBodies());
  const reviewId = (c: Context<HttpEnv>) => idParam(c.req.param("reviewId"), REVIEW_MESSAGES.notFound);
  api.put("/:reviewId/hide", async (c) => {
    const body = await readJson(c);
    return c.json(await setReviewHidden(reviewDeps(deps, c), await actor(c), { reviewId: reviewId(c), hidden: true, body }));
  });
  api.put("/:reviewId/unhide", async (c) => {
    return c.json(await setReviewHidden(reviewDeps(deps, c), await actor(c), { reviewId: reviewId(c), hidden: false }));
  });
  return api;
}
