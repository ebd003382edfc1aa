import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "#server/db/schema.ts";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { adminReviewPageSchema } from "../openapi/admin.ts";

// GET /api/admin/reviews (issue 36): the admins' moderation list of reviews, newest first, all or
// the visible or the hidden ones, searched and paged; admins only.

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp();
});
afterAll(async () => {
  await api?.close();
});

type Listed = {
  total: number;
  page: number;
  limit: number;
  filter: string;
  reviews: { id: number; text: string; hiddenAt: string | null }[];
};

describe("GET /api/admin/reviews", () => {
  it("answers admins only: 401 signed out, 403 for a user", async () => {
    const user = await insertSignedInUser(api.database.db);
    expect((await call(api.app, "GET", "/api/admin/reviews")).status).toBe(401);
    expect((await call(api.app, "GET", "/api/admin/reviews", { token: user.token })).status).toBe(403);
  });

  it("lists the newest first, filters visible and hidden, searches and pages", async () => {
    const { db } = api.database;
    const admin = await insertSignedInUser(db, { role: "admin" });
    const tag = `moderation${Date.now()}`;
    const consultantId = await insertListedConsultant(db, { name: `Reviewed ${tag}` });
    const written = [];
    for (let index = 0; index < 5; index++) {
      const reviewer = await insertSignedInUser(db, { name: `Reviewer ${index}` });
      const [row] = await db
        .insert(reviews)
        .values({
          consultantId,
          reviewerId: reviewer.id,
          score: 6 + index,
          body: `Review number ${index} of ${tag}.`,
          engagement: "Short-term consultancy",
          createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
          ...(index % 2 === 1 ? { hiddenAt: new Date(), hiddenReason: "Personal details" } : {}),
        })
        .returning({ id: reviews.id });
      written.push(row!.id);
    }
    const list = async (query: string) => {
      const answer = await call(api.app, "GET", `/api/admin/reviews?search=${tag}&${query}`, { token: admin.token });
      expect(answer.status).toBe(200);
      // The answer is what the OpenAPI document says it is, field for field.
      expect(adminReviewPageSchema.safeParse(answer.json).error).toBeUndefined();
      return answer.json as Listed;
    };
    const all = await list("page=1&limit=20");
    expect(all.reviews.map((review) => review.id)).toEqual([...written].reverse());
    expect(all).toMatchObject({ total: 5, filter: "all" });
    const hidden = await list("filter=hidden&page=1&limit=20");
    expect(hidden.reviews.map((review) => review.id)).toEqual([written[3], written[1]]);
    expect(hidden.reviews.every((review) => review.hiddenAt !== null)).toBe(true);
    const visible = await list("filter=visible&page=1&limit=20");
    expect(visible.reviews.map((review) => review.id)).toEqual([written[4], written[2], written[0]]);
    const second = await list("page=2&limit=2");
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(second.reviews.map((review) => review.id)).toEqual([written[2], written[1]]);
    const bad = await call(api.app, "GET", "/api/admin/reviews?filter=deleted", { token: admin.token });
    expect(bad.status).toBe(400);
  });
});
