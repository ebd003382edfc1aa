import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_REVIEW_FILTERS, type AdminReview, type AdminReviewFilter } from "#common/reviews.ts";
import { authUsers, consultants, reviews } from "#server/db/schema.ts";
import { type AdminPage, adminListQuery, newestFirst, readTablePage, searchColumns } from "../admin/list-page.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { badgeOf } from "../organizations/membership.ts";
import { parseInput } from "../validate.ts";
import { reviewNameColumns } from "./reviews.ts";

// The admins' moderation list of reviews (issue 36: an admin could hide a review only from its
// profile): the most recent first, all of them or only the visible or the hidden ones, a page at
// a time, searched by consultant, reviewer or text. Hiding and showing again stay setReviewHidden
// (reviews.ts): audited, the reviewer told.

const filterSchema = z.object({
  filter: z
    .enum(ADMIN_REVIEW_FILTERS, { error: `Filter must be one of ${ADMIN_REVIEW_FILTERS.join(", ")}` })
    .optional()
    .default("all"),
});

const FILTERS: Record<AdminReviewFilter, SQL | undefined> = {
  all: undefined,
  visible: isNull(reviews.hiddenAt),
  hidden: isNotNull(reviews.hiddenAt),
};

/** GET /api/admin/reviews?filter=&search=&page=&limit=, and /admin/reviews. */
export async function listReviewsForAdmin(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<AdminPage<"reviews", AdminReview> & { filter: AdminReviewFilter }> {
  const query = await adminListQuery(deps, actor, input);
  const { filter } = parseInput(filterSchema, input ?? {});
  const where = and(FILTERS[filter], searchColumns(query.search, [consultants.name, authUsers.name, reviews.body]));
  const page = await readTablePage(deps.db, query, {
    table: reviews,
    joins: [
      { table: consultants, on: eq(consultants.id, reviews.consultantId) },
      { table: authUsers, on: eq(authUsers.id, reviews.reviewerId) },
    ],
    columns: {
      id: reviews.id,
      ...reviewNameColumns,
      organization: badgeOf(reviews.organizationId),
      score: reviews.score,
      text: reviews.body,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
    },
    where,
    order: newestFirst(reviews),
  });
  const { rows, ...rest } = page;
  return { reviews: rows as AdminReview[], filter, ...rest };
}
