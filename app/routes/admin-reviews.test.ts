import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, reviews } from "#server/db/schema.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, postAction, redirectAfterAction, routeHarness } from "../../tests/setup/route-stub.tsx";
import { insertUser } from "../../tests/setup/users.ts";
// The server's catalogues, as server/main.ts loads them (registers the languages' messages).
import "../i18n/catalogs.server.ts";
import * as page from "./admin-reviews.tsx";

// /admin/reviews' action (issue 36): hide with a reason and show again through setReviewHidden
// (audited), back to the list with a toast in the page's language; refusals in the one shape.
// Node's Response, not happy-dom's: the toast's cookie is read back.

const harness = routeHarness();

async function aReview() {
  const { db } = harness.database;
  const consultantId = await insertListedConsultant(db, { name: "Moderated Person" });
  const reviewer = await insertUser(db, { name: "Rina Reviewer" });
  const [row] = await db
    .insert(reviews)
    .values({
      consultantId,
      reviewerId: reviewer.id,
      score: 3,
      body: "Rude and late, would not hire again.",
      engagement: "Other",
    })
    .returning({ id: reviews.id });
  return row!.id;
}

const stateOf = async (id: number) =>
  (
    await harness.database.db
      .select({ hiddenAt: reviews.hiddenAt, reason: reviews.hiddenReason })
      .from(reviews)
      .where(eq(reviews.id, id))
  )[0];

describe("/admin/reviews' action", () => {
  it("hides a review with its reason and shows it again, each audited, back on the list it was posted from", async () => {
    const admin = await harness.signIn({ role: "admin" });
    const context = appContextOf(harness.deps, admin);
    const id = await aReview();
    const hidden = await redirectAfterAction(page, {
      url: "/admin/reviews",
      context,
      fields: {
        intent: "hide",
        id,
        reason: "Names a person who is not the consultant",
        back: "/admin/reviews?filter=visible&page=2",
      },
    });
    expect(hidden.location).toBe("/admin/reviews?filter=visible&page=2");
    expect(hidden.toast).toMatchObject({ title: "Review hidden", description: "The reviewer has been told why by e-mail." });
    expect(await stateOf(id)).toMatchObject({ hiddenAt: expect.any(Date), reason: "Names a person who is not the consultant" });

    const shown = await redirectAfterAction(page, {
      url: "/th/admin/reviews",
      context,
      fields: { intent: "unhide", id, back: "https://evil.example/admin/reviews" },
    });
    expect(shown.location).toBe("/admin/reviews");
    expect(shown.toast?.title).toBe("แสดงรีวิวอีกครั้งแล้ว");
    expect(await stateOf(id)).toEqual({ hiddenAt: null, reason: null });
    const audited = await harness.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "review"), eq(auditLog.targetId, id)))
      .orderBy(auditLog.id);
    expect(audited.map((entry) => entry.action)).toEqual(["hide", "unhide"]);
  });

  it("refuses without a reason (400), for a user who is not an admin (403) and signed out (401); nothing changes", async () => {
    const id = await aReview();
    const admin = await harness.signIn({ role: "admin" });
    const user = await harness.signIn();
    const post = (session: typeof admin | null, fields: Record<string, string>) =>
      postAction(page, { url: "/admin/reviews", context: appContextOf(harness.deps, session), fields });
    const noReason = await post(admin, { intent: "hide", id: String(id), reason: " " });
    expect(noReason.init.status).toBe(400);
    expect(noReason.data).toMatchObject({ intent: "hide", result: { status: "error" } });
    expect((await post(user, { intent: "hide", id: String(id), reason: "spam" })).init.status).toBe(403);
    expect((await post(null, { intent: "hide", id: String(id), reason: "spam" })).init.status).toBe(401);
    expect((await post(admin, { intent: "hide", id: "999999999", reason: "spam" })).init.status).toBe(404);
    expect((await post(admin, { intent: "delete", id: String(id) })).init.status).toBe(400);
    expect(await stateOf(id)).toEqual({ hiddenAt: null, reason: null });
  });
});
