import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES, ratingLabel } from "#common/reviews.ts";
import { auditLog, consultants, messageReplies, messages, organizationMembers, organizations } from "#server/db/schema.ts";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// Earned ratings through the JSON API on a real database and SMTP server.

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp();
});
afterAll(async () => {
  await api?.close();
});

const review = (score: number, text = "Clear, practical advice and on time.") => ({
  score,
  text,
  engagement: "Evaluation or review",
});

async function profile(id: number) {
  const [row] = await api.database.db
    .select({ rating: consultants.rating, reviewCount: consultants.ratedReviewCount })
    .from(consultants)
    .where(eq(consultants.id, id));
  return row;
}

async function visibleReviews(id: number) {
  const [row] = await api.database.db.select({ n: consultants.reviewCount }).from(consultants).where(eq(consultants.id, id));
  return row?.n;
}

let organizationCount = 0;
/** An organization (verified by an admin, or not) with these people as members acting for it. */
async function organizationOf(verified: boolean, ...userIds: number[]) {
  organizationCount += 1;
  const [organization] = await api.database.db
    .insert(organizations)
    .values({
      slug: `reviewing-team-${organizationCount}-${Date.now()}`,
      name: `Reviewing Team ${organizationCount}`,
      kind: "ngo",
      country: "TH",
      ...(verified ? { verifiedAt: new Date(), verificationMethod: "admin" } : {}),
    })
    .returning({ id: organizations.id });
  const organizationId = organization!.id;
  for (const userId of userIds) {
    await api.database.db.insert(organizationMembers).values({ organizationId, userId, role: "member", isActing: true });
  }
  return organizationId;
}

/**
 * A message from the user to the consultant, replied to (or not) by the consultant; for an
 * organization (a team conversation) when one is given.
 */
async function conversation(userId: number, consultantId: number, replied: boolean, organizationId?: number) {
  const [message] = await api.database.db
    .insert(messages)
    .values({
      consultantId,
      organizationId: organizationId ?? null,
      senderUserId: userId,
      senderName: "Officer",
      senderEmail: "officer@example.org",
      subject: "Evaluation",
      message: "Would you be available for an evaluation?",
    })
    .returning({ id: messages.id });
  if (replied && message) await api.database.db.insert(messageReplies).values({ messageId: message.id, body: "Yes, gladly." });
}

describe("reviews", () => {
  it("lets only people the consultant replied to review, once, and keeps the rating the mean × 10", async () => {
    const { db } = api.database;
    const owner = await insertSignedInUser(db, { name: "Consultant Owner" });
    const id = await insertListedConsultant(db, { userId: owner.id, rating: 50 });
    const first = await insertSignedInUser(db, { name: "Ana Officer" });
    const second = await insertSignedInUser(db, { name: "Ben Officer" });
    const stranger = await insertSignedInUser(db, { name: "Cy Stranger" });
    const firstTeam = await organizationOf(true, first.id);
    const secondTeam = await organizationOf(true, second.id);
    const path = `/api/consultants/${id}/reviews`;

    // No reviews yet: the stored default stays, and the page says so.
    const empty = await call(api.app, "GET", path);
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ reviews: [], total: 0, rating: 50, reviewCount: 0 });
    expect(ratingLabel(empty.json.rating, empty.json.reviewCount)).toBe("No reviews yet");

    expect((await call(api.app, "POST", path, { body: review(9) })).status).toBe(401);
    // A message the consultant has not answered does not qualify; nor does no message at all.
    await conversation(first.id, id, false, firstTeam);
    const unanswered = await call(api.app, "POST", path, { token: first.token, body: review(9) });
    expect(unanswered.status).toBe(403);
    expect(unanswered.json.message).toBe(REVIEW_MESSAGES.notQualified);
    expect((await call(api.app, "POST", path, { token: stranger.token, body: review(2) })).status).toBe(403);
    expect((await call(api.app, "POST", path, { token: owner.token, body: review(10) })).status).toBe(403);
    expect(await profile(id)).toEqual({ rating: 50, reviewCount: 0 });

    await conversation(first.id, id, true, firstTeam);
    const invalid = await call(api.app, "POST", path, {
      token: first.token,
      body: { score: 11, text: "short", engagement: "x" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors.map((error: { path: string }) => error.path).sort()).toEqual(["engagement", "score", "text"]);
    expect(invalid.json.errors.find((error: { path: string }) => error.path === "score").message).toBe(REVIEW_MESSAGES.score);

    const created = await call(api.app, "POST", path, { token: first.token, body: review(9) });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      reviewerName: "Ana Officer",
      organization: { id: firstTeam, verified: true },
      counted: true,
      score: 9,
      engagement: "Evaluation or review",
    });
    expect(created.json).not.toHaveProperty("reviewerId");
    expect(await profile(id)).toEqual({ rating: 90, reviewCount: 1 });
    const again = await call(api.app, "POST", path, { token: first.token, body: review(3) });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(REVIEW_MESSAGES.alreadyReviewed);

    await conversation(second.id, id, true, secondTeam);
    const secondReview = await call(api.app, "POST", path, {
      token: second.token,
      body: review(6, "Good fieldwork, late report."),
    });
    expect(secondReview.status).toBe(201);
    // round((9 + 6) / 2 × 10) = 75
    expect(await profile(id)).toEqual({ rating: 75, reviewCount: 2 });

    // The reviewer edits their own review; nobody else may.
    const reviewId = created.json.id as number;
    expect((await call(api.app, "PUT", `/api/reviews/${reviewId}`, { token: second.token, body: review(1) })).status).toBe(403);
    const edited = await call(api.app, "PUT", `/api/reviews/${reviewId}`, { token: first.token, body: review(10) });
    expect(edited.status).toBe(200);
    expect(await profile(id)).toEqual({ rating: 80, reviewCount: 2 });

    const listed = await call(api.app, "GET", path);
    expect(listed.json.reviews.map((item: { reviewerName: string }) => item.reviewerName)).toEqual([
      "Ben Officer",
      "Ana Officer",
    ]);
    expect(listed.json).toMatchObject({ total: 2, rating: 80, reviewCount: 2, ratedReviewCount: 2, page: 1, pageCount: 1 });
    expect(ratingLabel(80, 2)).toBe("Rated 8.0 out of 10 from 2 reviews");
    const badPage = await call(api.app, "GET", `${path}?page=0`);
    expect(badPage.status).toBe(400);
    expect(badPage.json.message).toBe("Page must be a whole number of at least 1");
    expect((await call(api.app, "GET", "/api/consultants/999999/reviews")).status).toBe(404);

    // One public response, by the consultant only.
    const responsePath = `/api/reviews/${reviewId}/response`;
    expect((await call(api.app, "POST", responsePath, { token: first.token, body: { response: "Thanks" } })).status).toBe(403);
    expect((await call(api.app, "POST", responsePath, { token: owner.token, body: { response: " " } })).status).toBe(400);
    const responded = await call(api.app, "POST", responsePath, { token: owner.token, body: { response: "Thank you, Ana." } });
    expect(responded.status).toBe(201);
    expect(responded.json.response).toBe("Thank you, Ana.");
    expect((await call(api.app, "POST", responsePath, { token: owner.token, body: { response: "Again" } })).status).toBe(409);

    // The reviewer withdraws the second review.
    const secondId = secondReview.json.id as number;
    expect((await call(api.app, "DELETE", `/api/reviews/${secondId}`, { token: first.token })).status).toBe(403);
    expect((await call(api.app, "DELETE", `/api/reviews/${secondId}`, { token: second.token })).status).toBe(204);
    expect(await profile(id)).toEqual({ rating: 100, reviewCount: 1 });
  });

  it("lets admins hide and unhide a review: audited, the rating follows, and the reviewer is told", async () => {
    const { db } = api.database;
    const admin = await insertSignedInUser(db, { role: "admin", name: "Ada Admin" });
    const owner = await insertSignedInUser(db);
    const id = await insertListedConsultant(db, { userId: owner.id, name: "Reviewed Person" });
    const reviewer = await insertSignedInUser(db, { name: "Dee Reviewer" });
    await conversation(reviewer.id, id, true, await organizationOf(true, reviewer.id));
    const created = await call(api.app, "POST", `/api/consultants/${id}/reviews`, { token: reviewer.token, body: review(4) });
    const reviewId = created.json.id as number;
    expect(await profile(id)).toEqual({ rating: 40, reviewCount: 1 });

    const hidePath = `/api/admin/reviews/${reviewId}/hide`;
    expect((await call(api.app, "PUT", hidePath, { token: reviewer.token, body: { reason: "spam" } })).status).toBe(403);
    expect((await call(api.app, "PUT", hidePath, { token: admin.token, body: {} })).status).toBe(400);
    const hidden = await call(api.app, "PUT", hidePath, { token: admin.token, body: { reason: "Personal details in the text" } });
    expect(hidden.status).toBe(200);
    expect(await profile(id)).toEqual({ rating: 50, reviewCount: 0 });
    expect((await call(api.app, "GET", `/api/consultants/${id}/reviews`)).json.reviews).toEqual([]);
    const mail = await api.smtp.waitForMail(reviewer.email);
    expect(mail.subject).toBe("Your review of Reviewed Person on DevConsult SEA has been hidden");
    expect(mail.text).toContain("Personal details in the text");

    const unhidden = await call(api.app, "PUT", `/api/admin/reviews/${reviewId}/unhide`, { token: admin.token });
    expect(unhidden.status).toBe(200);
    expect(await profile(id)).toEqual({ rating: 40, reviewCount: 1 });
    const entries = await db
      .select({ action: auditLog.action, targetType: auditLog.targetType })
      .from(auditLog)
      .where(sql`${auditLog.targetType} = 'review' and ${auditLog.targetId} = ${reviewId}`)
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      { action: "hide", targetType: "review" },
      { action: "unhide", targetType: "review" },
    ]);
  });

  it("counts a review only for a verified organization, one per organization; the others stay visible, not counted", async () => {
    const { db } = api.database;
    const siteAdmin = await insertSignedInUser(db, { role: "admin" });
    const owner = await insertSignedInUser(db);
    const id = await insertListedConsultant(db, { userId: owner.id, rating: 50 });
    const path = `/api/consultants/${id}/reviews`;

    // Six throwaway accounts, each answered once, each giving 10/10: visible, but the rating stays.
    for (let i = 0; i < 6; i += 1) {
      const throwaway = await insertSignedInUser(db, { name: `Throwaway ${i}` });
      await conversation(throwaway.id, id, true);
      const written = await call(api.app, "POST", path, { token: throwaway.token, body: review(10) });
      expect(written.status, written.text).toBe(201);
      expect(written.json).toMatchObject({ organization: null, counted: false });
    }
    expect(await profile(id)).toEqual({ rating: 50, reviewCount: 0 });
    expect(await visibleReviews(id)).toBe(6);

    // Two members of one verified organization: only the first review counts.
    const ana = await insertSignedInUser(db, { name: "Ana Team" });
    const ben = await insertSignedInUser(db, { name: "Ben Team" });
    const team = await organizationOf(true, ana.id, ben.id);
    await conversation(ana.id, id, true, team);
    // Ben did not write himself: the team's exchange qualifies every member, for the team.
    const byAna = await call(api.app, "POST", path, { token: ana.token, body: review(8) });
    const byBen = await call(api.app, "POST", path, { token: ben.token, body: review(2) });
    expect(byAna.json).toMatchObject({ organization: { id: team, verified: true }, counted: true });
    expect(byBen.json).toMatchObject({ organization: { id: team, verified: true }, counted: false });
    expect(await profile(id)).toEqual({ rating: 80, reviewCount: 1 });

    // An unverified organization's review counts from the moment an admin verifies it, and stops when unverified.
    const cy = await insertSignedInUser(db, { name: "Cy Unverified" });
    const pending = await organizationOf(false, cy.id);
    await conversation(cy.id, id, true, pending);
    const byCy = await call(api.app, "POST", path, { token: cy.token, body: review(3) });
    expect(byCy.json).toMatchObject({ organization: { id: pending, verified: false }, counted: false });
    expect(await profile(id)).toEqual({ rating: 80, reviewCount: 1 });
    const verified = await call(api.app, "POST", `/api/organizations/${pending}/verify`, {
      token: siteAdmin.token,
      body: { method: "admin" },
    });
    expect(verified.status, verified.text).toBe(200);
    // round((8 + 3) / 2 × 10) = 55
    expect(await profile(id)).toEqual({ rating: 55, reviewCount: 2 });
    expect((await call(api.app, "DELETE", `/api/organizations/${pending}/verify`, { token: siteAdmin.token })).status).toBe(200);
    expect(await profile(id)).toEqual({ rating: 80, reviewCount: 1 });

    // Withdrawing the team's counted review lets its other member's review count instead.
    expect((await call(api.app, "DELETE", `/api/reviews/${byAna.json.id}`, { token: ana.token })).status).toBe(204);
    expect(await profile(id)).toEqual({ rating: 20, reviewCount: 1 });

    const listed = await call(api.app, "GET", path);
    expect(listed.json).toMatchObject({ total: 8, reviewCount: 8, ratedReviewCount: 1, rating: 20 });
    const countedNames = listed.json.reviews
      .filter((item: { counted: boolean }) => item.counted)
      .map((item: { reviewerName: string }) => item.reviewerName);
    expect(countedNames).toEqual(["Ben Team"]);
  });
});
