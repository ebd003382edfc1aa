import { reviewResponseSchema, reviewSchema } from "#common/reviews.ts";
import { type ApiRoute, anyJson } from "./schemas.ts";

// The documented routes of the API: reviews and the consultant's response.

export const reviewsRoutes: ApiRoute[] = [
  { method: "GET", path: "/consultants/:id/reviews", tag: "Reviews", summary: "A consultant's reviews", response: anyJson },
  {
    method: "POST",
    path: "/consultants/:id/reviews",
    tag: "Reviews",
    summary: "Review a consultant",
    auth: "session",
    body: reviewSchema,
    response: anyJson,
    status: 201,
  },
  {
    method: "PUT",
    path: "/reviews/:reviewId",
    tag: "Reviews",
    summary: "Edit one's review",
    auth: "session",
    body: reviewSchema,
    response: anyJson,
  },
  {
    method: "DELETE",
    path: "/reviews/:reviewId",
    tag: "Reviews",
    summary: "Delete one's review",
    auth: "session",
    response: anyJson,
  },
  {
    method: "POST",
    path: "/reviews/:reviewId/response",
    tag: "Reviews",
    summary: "The consultant answers a review",
    auth: "session",
    body: reviewResponseSchema,
    response: anyJson,
  },
];
