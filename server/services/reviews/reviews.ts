import { msg } from "@lingui/core/runtime-macro";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { localizePath } from "#common/locales.ts";
import {
  type PublicReview,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  type ReviewPage,
  reviewHideSchema,
  reviewResponseSchema,
  reviewSchema,
} from "#common/reviews.ts";
import type { Database } from "#server/db/client.ts";
import { authUsers, consultants, reviews } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { recordAudit } from "../admin/audit.ts";
import { type Actor, isAdmin, requireAdmin, requireUser, type ServiceDeps } from "../context.ts";
import { Conflict, Forbidden, firstOrNotFound, NotFound } from "../errors.ts";
import { composeMail, isolate } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
import { badgeOf } from "../organizations/membership.ts";
import { parseInput } from "../validate.ts";
import { hasQualifyingConversation, reviewQualification } from "./qualification.ts";

// Earned ratings: reviews by people a consultant replied to, one per person per consultant,
// with one public response by the consultant; admins hide and unhide them (audited, the reviewer
// is told). The rating and review count on the profile follow from a trigger on reviews
// (migration 0011_trust.sql), so every path that changes a review keeps them right. Since issue 31
// (migration 0025) a review carries the organization its author wrote for, and only reviews by
// verified organizations, one per organization and consultant, move the rating; the others show
// "reviewer not verified". `counted` says which.

export type ReviewDeps = Pick<ServiceDeps, "db" | "config" | "jobs">;

const SIGN_IN = "Please sign in to review a consultant";
const CONSULTANT_NOT_FOUND = "Consultant not found";

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  return parseInput(schema, input, "Please check your review and try again.");
}

/**
 * The review moves the rating: its organization is verified and it is that organization's earliest
 * visible review of the consultant (the rule of refresh_consultant_ratings, migration 0025).
 */
const counted = sql<boolean>`(${reviews.hiddenAt} is null and exists (
  select 1 from organizations o where o.id = ${reviews.organizationId} and o.verified_at is not null)
  and not exists (select 1 from reviews earlier
    where earlier.consultant_id = ${reviews.consultantId} and earlier.organization_id = ${reviews.organizationId}
      and earlier.hidden_at is null and (earlier.created_at, earlier.id) < (${reviews.createdAt}, ${reviews.id})))`;

/** Whose review of whom: the profile's id and name, the reviewer's name and address (the admin table, hide/unhide). */
export const reviewNameColumns = {
  consultantId: reviews.consultantId,
  consultantName: consultants.name,
  reviewerName: authUsers.name,
  reviewerEmail: authUsers.email,
};

const publicColumns = {
  id: reviews.id,
  consultantId: reviews.consultantId,
  reviewerName: authUsers.name,
  organization: badgeOf(reviews.organizationId),
  counted,
  score: reviews.score,
  text: reviews.body,
  engagement: reviews.engagement,
  response: reviews.response,
  respondedAt: reviews.respondedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

type ReviewRow = { [K in keyof typeof publicColumns]: unknown } & {
  respondedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function toPublic(row: ReviewRow): PublicReview {
  return {
    ...(row as unknown as PublicReview),
    respondedAt: row.respondedAt ? row.respondedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function listedConsultant(db: Database, consultantId: number) {
  const [row] = await db
    .select({
      id: consultants.id,
      name: consultants.name,
      ownerId: consultants.userId,
      status: consultants.status,
      rating: consultants.rating,
      reviewCount: consultants.reviewCount,
      ratedReviewCount: consultants.ratedReviewCount,
    })
    .from(consultants)
    .where(eq(consultants.id, consultantId))
    .limit(1);
  if (row?.status !== "approved") throw new NotFound(CONSULTANT_NOT_FOUND);
  return row;
}

/**
 * One page of a listed profile's visible reviews, newest first, when its rating and count are
 * already known (the profile page read them with the profile): one query, none without reviews.
 */
export async function reviewsPage(
  db: Database,
  consultant: { id: number; rating: number; reviewCount: number; ratedReviewCount: number },
  requestedPage: number,
): Promise<ReviewPage> {
  const page = Math.max(1, Math.floor(requestedPage) || 1);
  const pageCount = Math.max(1, Math.ceil(consultant.reviewCount / REVIEWS_PAGE_SIZE));
  const base = {
    total: consultant.reviewCount,
    page,
    pageCount,
    rating: consultant.rating,
    reviewCount: consultant.reviewCount,
    ratedReviewCount: consultant.ratedReviewCount,
  };
  if (consultant.reviewCount === 0 || page > pageCount) return { reviews: [], ...base };
  const rows = await db
    .select(publicColumns)
    .from(reviews)
    .innerJoin(authUsers, eq(authUsers.id, reviews.reviewerId))
    .where(and(eq(reviews.consultantId, consultant.id), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  return { reviews: rows.map((row) => toPublic(row as ReviewRow)), ...base };
}

/** GET /api/consultants/{id}/reviews?page=: visible reviews, newest first, a page at a time. */
export async function listReviews(
  deps: Pick<ReviewDeps, "db">,
  _actor: Actor,
  input: { consultantId: number; page?: number },
): Promise<ReviewPage> {
  const consultant = await listedConsultant(deps.db, input.consultantId);
  return reviewsPage(deps.db, consultant, input.page ?? 1);
}

async function publicReview(db: Database, reviewId: number): Promise<PublicReview> {
  const row = await firstOrNotFound(
    db
      .select(publicColumns)
      .from(reviews)
      .innerJoin(authUsers, eq(authUsers.id, reviews.reviewerId))
      .where(eq(reviews.id, reviewId))
      .limit(1),
    REVIEW_MESSAGES.notFound,
  );
  return toPublic(row as ReviewRow);
}

/** What the profile page offers the signed-in person: may they review, and their own review. */
export async function reviewStateFor(
  deps: Pick<ReviewDeps, "db">,
  actor: Actor,
  consultantId: number,
): Promise<{ canReview: boolean; ownReview: PublicReview | null; isOwner: boolean; isAdmin: boolean }> {
  if (!actor) return { canReview: false, ownReview: null, isOwner: false, isAdmin: false };
  const [[own], [consultant]] = await Promise.all([
    deps.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.consultantId, consultantId), eq(reviews.reviewerId, actor.id)))
      .limit(1),
    deps.db.select({ ownerId: consultants.userId }).from(consultants).where(eq(consultants.id, consultantId)).limit(1),
  ]);
  const roles = { isOwner: consultant?.ownerId === actor.id, isAdmin: isAdmin(actor) };
  if (own) return { canReview: false, ownReview: await publicReview(deps.db, own.id), ...roles };
  const canReview = !roles.isOwner && (await hasQualifyingConversation(deps.db, actor.id, consultantId));
  return { canReview, ownReview: null, ...roles };
}

/** A review as submitted, as its stored columns. */
function reviewColumns(review: z.output<typeof reviewSchema>) {
  return { score: review.score, body: review.text, engagement: review.engagement };
}

/** POST /api/consultants/{id}/reviews: 403 without a reply from the consultant, 409 for a second review. */
export async function createReview(
  deps: Pick<ReviewDeps, "db">,
  actor: Actor,
  input: { consultantId: number; review: unknown },
): Promise<PublicReview> {
  const user = requireUser(actor, SIGN_IN);
  const consultant = await listedConsultant(deps.db, input.consultantId);
  const review = parse(reviewSchema, input.review);
  if (consultant.ownerId === user.id) throw new Forbidden(REVIEW_MESSAGES.ownProfile);
  const qualification = await reviewQualification(deps.db, user.id, consultant.id);
  if (!qualification.qualified) throw new Forbidden(REVIEW_MESSAGES.notQualified);
  const [created] = await deps.db
    .insert(reviews)
    .values({
      consultantId: consultant.id,
      reviewerId: user.id,
      // The organization the qualifying exchange was for (issue 31): it decides whether the review counts.
      organizationId: qualification.organizationId,
      ...reviewColumns(review),
    })
    .onConflictDoNothing({ target: [reviews.consultantId, reviews.reviewerId] })
    .returning({ id: reviews.id });
  if (!created) throw new Conflict(REVIEW_MESSAGES.alreadyReviewed);
  return publicReview(deps.db, created.id);
}

/**
 * A review the caller may act on, as the one who wrote it or as the owner of the profile it is
 * about: 401 for a visitor, NotFound without it, 403 for anyone else.
 */
async function reviewAs(db: Database, actor: Actor, reviewId: number, role: "reviewer" | "profile owner") {
  const user = requireUser(actor, SIGN_IN);
  const row = await firstOrNotFound(
    db
      .select({ id: reviews.id, reviewerId: reviews.reviewerId, ownerId: consultants.userId })
      .from(reviews)
      .innerJoin(consultants, eq(consultants.id, reviews.consultantId))
      .where(eq(reviews.id, reviewId))
      .limit(1),
    REVIEW_MESSAGES.notFound,
  );
  if (role === "reviewer" && row.reviewerId !== user.id) throw new Forbidden(REVIEW_MESSAGES.notYours);
  if (role === "profile owner" && row.ownerId !== user.id) throw new Forbidden(REVIEW_MESSAGES.notYourProfile);
  return row;
}

/** PUT /api/reviews/{id}: the reviewer edits their review. */
export async function updateReview(
  deps: Pick<ReviewDeps, "db">,
  actor: Actor,
  input: { reviewId: number; review: unknown },
): Promise<PublicReview> {
  const row = await reviewAs(deps.db, actor, input.reviewId, "reviewer");
  const review = parse(reviewSchema, input.review);
  await deps.db
    .update(reviews)
    .set({ ...reviewColumns(review), updatedAt: new Date() })
    .where(eq(reviews.id, row.id));
  return publicReview(deps.db, row.id);
}

/** DELETE /api/reviews/{id}: the reviewer withdraws their review. */
export async function deleteReview(deps: Pick<ReviewDeps, "db">, actor: Actor, input: { reviewId: number }): Promise<void> {
  const row = await reviewAs(deps.db, actor, input.reviewId, "reviewer");
  await deps.db.delete(reviews).where(eq(reviews.id, row.id));
}

/** POST /api/reviews/{id}/response: the consultant's one public response. */
export async function respondToReview(
  deps: Pick<ReviewDeps, "db">,
  actor: Actor,
  input: { reviewId: number; response: unknown },
): Promise<PublicReview> {
  const row = await reviewAs(deps.db, actor, input.reviewId, "profile owner");
  const { response } = parse(reviewResponseSchema, input.response);
  const [updated] = await deps.db
    .update(reviews)
    .set({ response, respondedAt: new Date() })
    .where(and(eq(reviews.id, row.id), isNull(reviews.response)))
    .returning({ id: reviews.id });
  if (!updated) throw new Conflict(REVIEW_MESSAGES.alreadyResponded);
  return publicReview(deps.db, row.id);
}

/**
 * PUT /api/admin/reviews/{id}/hide and /unhide: an admin takes a review out of the profile (and
 * out of the rating) or puts it back. Audited; the reviewer is told by e-mail when it is hidden.
 */
export async function setReviewHidden(
  deps: ReviewDeps,
  actor: Actor,
  input: { reviewId: number; hidden: boolean; body?: unknown },
): Promise<{ id: number; hidden: boolean }> {
  const admin = await requireAdmin(deps, actor);
  const reason = input.hidden ? parse(reviewHideSchema, input.body).reason : null;
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await firstOrNotFound(
      tx
        .select({
          id: reviews.id,
          hiddenAt: reviews.hiddenAt,
          hiddenReason: reviews.hiddenReason,
          ...reviewNameColumns,
          reviewerLocale: authUsers.locale,
        })
        .from(reviews)
        .innerJoin(consultants, eq(consultants.id, reviews.consultantId))
        .innerJoin(authUsers, eq(authUsers.id, reviews.reviewerId))
        .where(eq(reviews.id, input.reviewId))
        .for("update", { of: reviews })
        .limit(1),
      REVIEW_MESSAGES.notFound,
    );
    if ((row.hiddenAt !== null) === input.hidden) return { row, changed: false };
    await tx
      .update(reviews)
      .set({ hiddenAt: input.hidden ? new Date() : null, hiddenReason: reason })
      .where(eq(reviews.id, row.id));
    await recordAudit(tx, admin, {
      action: input.hidden ? "hide" : "unhide",
      targetType: "review",
      targetId: row.id,
      targetLabel: `Review of ${row.consultantName} by ${row.reviewerName}`,
      changes: { hidden: { from: row.hiddenAt !== null, to: input.hidden }, reason: { from: row.hiddenReason, to: reason } },
    });
    if (input.hidden) {
      // Queued with the change: the reviewer hears of it if and only if it committed, in their language.
      const { siteName, publicUrl } = deps.config;
      const { locale, i18n } = await mailLanguage(row.reviewerLocale);
      const consultant = row.consultantName;
      await enqueueMail(
        deps,
        {
          to: row.reviewerEmail,
          subject: i18n._(msg`Your review of ${{ consultant }} on ${{ siteName }} has been hidden`),
          ...composeMail(
            locale,
            siteName,
            [
              i18n._(msg`Hello ${{ name: row.reviewerName }},`),
              i18n._(msg`Your review of ${{ consultant }} is no longer shown on ${{ siteName }}, for this reason:`),
              isolate(reason ?? ""),
              i18n._(msg`You can edit your review from the consultant's profile; if you have questions, reply to this e-mail.`),
            ],
            {
              label: i18n._(msg`See the profile`),
              url: `${publicUrl}${localizePath(locale, `/consultant/${row.consultantId}`)}`,
            },
          ),
        },
        { db: tx },
      );
    }
    return { row, changed: true };
  });
  return { id: outcome.row.id, hidden: input.hidden };
}

/** The reviews behind each rating on a results page (cards show the count beside the stars, issue 31). */
export async function reviewCounts(db: Database, consultantIds: readonly number[]): Promise<Map<number, number>> {
  if (consultantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: consultants.id, reviewCount: consultants.ratedReviewCount })
    .from(consultants)
    .where(inArray(consultants.id, [...consultantIds]));
  return new Map(rows.map((row) => [row.id, row.reviewCount]));
}
