import { z } from "zod";
import { REVIEW_ENGAGEMENTS } from "#common/reviews.ts";
import { organizationBadgeSchema } from "./organizations.ts";

// What the routes of reviews and the consultant's response answer (described in ../api/reviews.ts).
// Every review carries the organization its author wrote for and whether it counts toward the
// rating (issue 31).

export const reviewAnswerSchema = z.strictObject({
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
});

export const reviewPageSchema = z.strictObject({
  reviews: z.array(reviewAnswerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  rating: z.number().int(),
  reviewCount: z.number().int(),
  ratedReviewCount: z.number().int(),
});
