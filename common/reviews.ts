import { z } from "zod";
import type { OrganizationBadge } from "./organizations.ts";
import { REVIEW_ENGAGEMENTS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "./review-limits.ts";
import { boundedText } from "./zod-fields.ts";

// The rating label is in format.ts and the review's choices and limits in review-limits.ts (free
// of zod: the cards and the profile page show them); re-exported for the callers here.
export { ratingLabel } from "./format.ts";
export { REVIEW_ENGAGEMENTS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN };

// Earned ratings (issue 14): what a review is, how it is validated, and how a rating reads.

export const REVIEWS_PAGE_SIZE = 5;

export const REVIEW_MESSAGES = {
  score: "Score must be a whole number from 1 to 10",
  text: `Review must be at least ${REVIEW_TEXT_MIN} characters long`,
  textTooLong: `Review must be at most ${REVIEW_TEXT_MAX} characters`,
  engagement: `Engagement must be one of ${REVIEW_ENGAGEMENTS.join(", ")}`,
  response: "Response is required",
  responseTooLong: `Response must be at most ${REVIEW_TEXT_MAX} characters`,
  reason: "Reason is required",
  notQualified: "You can review a consultant after they have replied to a message from you",
  /** Shown on a review that does not move the rating (issue 31). */
  notVerified: "Reviewer not verified",
  notCounted: "Not counted: one review per organization",
  alreadyReviewed: "You have already reviewed this consultant; edit your review instead",
  ownProfile: "You cannot review your own profile",
  notFound: "Review not found",
  notYours: "You can only change your own review",
  notYourProfile: "Only the consultant reviewed can respond",
  alreadyResponded: "You have already responded to this review",
} as const;

const score = z.coerce
  .number({ error: REVIEW_MESSAGES.score })
  .int(REVIEW_MESSAGES.score)
  .min(1, REVIEW_MESSAGES.score)
  .max(10, REVIEW_MESSAGES.score);

const text = boundedText(REVIEW_MESSAGES.text, REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, REVIEW_MESSAGES.textTooLong);

const engagement = z.enum(REVIEW_ENGAGEMENTS, { error: REVIEW_MESSAGES.engagement });

/** POST /api/consultants/{id}/reviews and PUT /api/reviews/{id}. */
export const reviewSchema = z.object({ score, text, engagement }, { error: "Send the review's fields, each under its name" });
export type ReviewInput = z.infer<typeof reviewSchema>;

/** POST /api/reviews/{id}/response. */
export const reviewResponseSchema = z.object({
  response: boundedText(REVIEW_MESSAGES.response, 1, REVIEW_TEXT_MAX, REVIEW_MESSAGES.responseTooLong),
});

/** PUT /api/admin/reviews/{id}/hide. */
export const reviewHideSchema = z.object({
  reason: z.string({ error: REVIEW_MESSAGES.reason }).trim().min(1, REVIEW_MESSAGES.reason).max(500),
});

/** A review as visitors see it. */
export type PublicReview = {
  id: number;
  consultantId: number;
  reviewerName: string;
  /** The organization the reviewer wrote for, with its badge (issue 31); null for a personal review. */
  organization: OrganizationBadge | null;
  /** Moves the rating: by a verified organization, that organization's one review of the consultant. */
  counted: boolean;
  score: number;
  text: string;
  engagement: string;
  response: string | null;
  respondedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ReviewPage = {
  reviews: PublicReview[];
  total: number;
  page: number;
  pageCount: number;
  /** The consultant's rating (0-100) and visible reviews. */
  rating: number;
  reviewCount: number;
  /** The reviews behind the rating (issue 31): the number the stars show. */
  ratedReviewCount: number;
};

/** Which reviews the admins' moderation list shows (issue 36): every one, the visible or the hidden. */
export const ADMIN_REVIEW_FILTERS = ["all", "visible", "hidden"] as const;
export type AdminReviewFilter = (typeof ADMIN_REVIEW_FILTERS)[number];

/** A review in the admins' moderation list: who wrote it, about whom, and whether it is hidden (and why). */
export type AdminReview = {
  id: number;
  consultantId: number;
  consultantName: string;
  reviewerName: string;
  reviewerEmail: string;
  organization: OrganizationBadge | null;
  score: number;
  text: string;
  createdAt: Date;
  hiddenAt: Date | null;
  hiddenReason: string | null;
};
