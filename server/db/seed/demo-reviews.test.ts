import { describe, expect } from "vitest";
import { hasQualifyingConversation } from "#server/services/reviews/qualification.ts";
import { databaseTest } from "../../../tests/setup/fixtures.ts";

const it = databaseTest({ demo: true });

describe("the demo directory's reviews", () => {
  it("back every rating with reviews by organizations the consultant replied to", async ({ database }) => {
    const { sql, db } = database;
    // Reviews count toward the rating when their organization is verified (issue 31); the demo's
    // reviewers write for organizations, one per consultant, most of them verified.
    const rows = await sql<
      {
        id: number;
        rating: number;
        review_count: number;
        rated_review_count: number;
        n: number;
        rated: number;
        mean: string | null;
      }[]
    >`
      select c.id, c.rating, c.review_count, c.rated_review_count, count(r.id)::int as n,
             (count(r.id) filter (where o.verified_at is not null))::int as rated,
             (avg(r.score) filter (where o.verified_at is not null))::text as mean
      from consultants c
      left join reviews r on r.consultant_id = c.id and r.hidden_at is null
      left join organizations o on o.id = r.organization_id
      group by c.id order by c.id`;
    const reviewed = rows.filter((row) => row.rated > 0);
    expect(reviewed.length).toBeGreaterThan(rows.length / 2);
    expect(rows.some((row) => row.n === 0)).toBe(true);
    expect(
      rows.some((row) => row.n > row.rated),
      "some reviewers' organizations are not verified",
    ).toBe(true);
    for (const row of rows) {
      expect(row.review_count).toBe(row.n);
      expect(row.rated_review_count).toBe(row.rated);
      expect(row.rating).toBe(row.rated === 0 ? 50 : Math.round(Number(row.mean) * 10));
    }
    const [orphans] = await sql<{ n: number }[]>`select count(*)::int as n from reviews where organization_id is null`;
    expect(orphans?.n).toBe(0);
    const reviews = await sql<{ consultant_id: number; reviewer_id: number }[]>`select consultant_id, reviewer_id from reviews`;
    for (const review of reviews.slice(0, 40)) {
      expect(await hasQualifyingConversation(db, review.reviewer_id, review.consultant_id)).toBe(true);
    }
  });

  // Tried as a visitor (session 12): every demo review read "Nguyễn Thanh Sơn, Ministry of Labour…,
  // [MN] Ministry of Labour… ✓ Verified organization": the accounts were named with their
  // organization from before organizations existed, and the review now shows the organization's badge.
  it("names its reviewers as people, the organization shown once, by its badge", async ({ database }) => {
    const repeated = await database.sql<{ name: string }[]>`
      select u.name from reviews r
      join auth_users u on u.id = r.reviewer_id
      join organizations o on o.id = r.organization_id
      where u.name like '%' || o.name || '%'
      limit 3`;
    expect(repeated).toEqual([]);
  });
});
