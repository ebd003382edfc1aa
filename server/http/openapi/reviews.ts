import { z } from "zod";
import { REVIEW_ENGAGEMENTS, reviewResponseSchema, reviewSchema } from "#common/reviews.ts";
import { organizationBadgeSchema } from "./organizations.ts";
import { type ApiRoute, noContent } from "./schemas.ts";

// The documented routes of the API: reviews and the consultant's response. Every review carries
// the organization its author wrote for and whether it counts toward the rating (issue 31).

export const reviewAnswerSchema = z
  .object({
    id: z.number().int(),
    consultantId: z.number().int(),
    reviewerName: z.string(),
    organization: organizationBadgeSchema.nullable(),
    counted: z.boolean(),
    score: z.number().int(),
    text: z.string(),
    engagement: z.enum(REVIEW_ENGAGEMENTS),
    response: z.string().nullable(),
    respondedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .strict();

export const reviewPageSchema = z
  .object({
    reviews: z.array(reviewAnswerSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    rating: z.number().int(),
    reviewCount: z.number().int(),
    ratedReviewCount: z.number().int(),
  })
  .strict();

export const reviewsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/consultants/:id/reviews",
    tag: "Reviews",
    summary: "A consultant's reviews",
    response: reviewPageSchema,
  },
  {
    method: "POST",
    path: "/consultants/:id/reviews",
    tag: "Reviews",
    summary: "Review a consultant",
    auth: "session",
    body: reviewSchema,
    response: reviewAnswerSchema,
    status: 201,
  },
  {
    method: "PUT",
    path: "/reviews/:reviewId",
    tag: "Reviews",
    summary: "Edit one's review",
    auth: "session",
    body: reviewSchema,
    response: reviewAnswerSchema,
  },
  {
    method: "DELETE",
    path: "/reviews/:reviewId",
    tag: "Reviews",
    summary: "Delete one's review",
    auth: "session",
    response: noContent,
    status: 204,
  },
  {
    method: "POST",
    path: "/reviews/:reviewId/response",
    tag: "Reviews",
    summary: "The consultant answers a review",
    auth: "session",
    body: reviewResponseSchema,
    response: reviewAnswerSchema,
    status: 201,
  },
];
