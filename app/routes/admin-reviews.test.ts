import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assignmentReferences, auditLog, consultantAssignments, reviews } from "#server/db/schema.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, postAction, redirectAfterAction, routeHarness, routerContextOf } from "../../tests/setup/route-stub.tsx";
import { insertUser } from "../../tests/setup/users.ts";
// The server's catalogues, as server/main.ts loads them (registers the languages' messages).
import "../i18n/catalogs.server.ts";
import * as page from "./admin-reviews.tsx";

// /admin/reviews' action (issue 36): hide with a reason and show again through setReviewHidden
// (audited), back to the list with a toast in the page's language; refusals in the one shape.
// Node's Response, not happy-dom's: the toast's cookie is read back.

const harness = routeHarness();

/**
 * An admin, a user who is not one, and `post(session, fields)`: a form posted to the page's action
 * at `url` by that session (null: signed out).
 */
async function adminAndUserPostingTo(url: string) {
  const admin = await harness.signIn({ role: "admin" });
  const user = await harness.signIn();
  const post = (session: typeof admin | null, fields: Record<string, string>) =>
    postAction(page, { url, context: appContextOf(harness.deps, session), fields });
  return { admin, user, post };
}

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
    const { admin, user, post } = await adminAndUserPostingTo("/admin/reviews");
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

async function aReference(status: "requested" | "confirmed" | "withdrawn" = "confirmed", referee = "Somchai Wongsawat") {
  const { db } = harness.database;
  const consultantId = await insertListedConsultant(db, { name: "Referenced Person" });
  const [assignment] = await db
    .insert(consultantAssignments)
    .values({
      consultantId,
      position: 0,
      title: "Mid-term Review of the Mekong Health Programme",
      organization: "Asian Development Bank",
      donors: ["Asian Development Bank"],
      countries: ["Laos"],
      startDate: "2021-03-01",
    })
    .returning({ id: consultantAssignments.id });
  const [row] = await db
    .insert(assignmentReferences)
    .values({
      consultantId,
      assignmentId: assignment!.id,
      refereeName: referee,
      refereeEmail: `${referee.split(" ")[0]?.toLowerCase()}@adb.example.org`,
      tokenHash: `hash-${Math.random()}`,
      status,
      assignmentTitle: "Mid-term Review of the Mekong Health Programme",
      organization: "Asian Development Bank",
      startMonth: "2021-03",
      statement: status === "confirmed" ? "Led the review with care." : null,
      score: status === "confirmed" ? 9 : null,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: assignmentReferences.id });
  return row!.id;
}

const statusOf = async (id: number) =>
  (
    await harness.database.db
      .select({ status: assignmentReferences.status })
      .from(assignmentReferences)
      .where(eq(assignmentReferences.id, id))
  )[0]?.status;

/** The page's loader, as the router calls it, for a search. */
async function listAs(context: ReturnType<typeof appContextOf>, search: string) {
  const args = {
    context: routerContextOf(context),
    request: new Request(`http://localhost/admin/reviews?show=references&q=${search}`),
  };
  const data = await page.loader(args as unknown as Parameters<typeof page.loader>[0]);
  if (!data.references) throw new Error("not the references' page");
  return data;
}

describe("/admin/reviews?show=references (issue 34: admins remove a reference)", () => {
  it("lists the live references for admins, searched, and removes one, audited, back on the list it was posted from", async () => {
    const admin = await harness.signIn({ role: "admin" });
    const context = appContextOf(harness.deps, admin);
    const list = (search: string) => listAs(context, search);
    const confirmed = await aReference("confirmed", "Malee Chaiyaporn");
    const waiting = await aReference("requested", "Malee Waiting");
    const withdrawn = await aReference("withdrawn", "Malee Withdrawn");
    const listed = await list("malee");
    const ids = listed.references.references.map((reference) => reference.id);
    expect(ids).toEqual(expect.arrayContaining([confirmed, waiting]));
    expect(ids).not.toContain(withdrawn);
    expect(listed.references.references.find((reference) => reference.id === confirmed)).toMatchObject({
      status: "confirmed",
      refereeEmail: "malee@adb.example.org",
      score: 9,
    });

    const removed = await redirectAfterAction(page, {
      url: "/th/admin/reviews?show=references",
      context,
      fields: { intent: "remove-reference", id: confirmed, back: "/admin/reviews?show=references&q=malee" },
    });
    expect(removed.location).toBe("/admin/reviews?show=references&q=malee");
    expect(removed.toast?.title).toBe("นำบุคคลอ้างอิงออกแล้ว");
    expect(await statusOf(confirmed)).toBe("removed");
    const audited = await harness.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "reference"), eq(auditLog.targetId, confirmed)));
    expect(audited.map((entry) => entry.action)).toEqual(["reference_remove"]);
    // Removed, it leaves the list; removing it again is a 404 that changes nothing.
    const again = await list("malee");
    expect(again.references.references.map((reference) => reference.id)).not.toContain(confirmed);
    const twice = await postAction(page, {
      url: "/admin/reviews?show=references",
      context,
      fields: { intent: "remove-reference", id: String(confirmed) },
    });
    expect(twice.init.status).toBe(404);
  });

  it("refuses a user who is not an admin (403), the signed-out (401) and an unknown action (400); nothing changes", async () => {
    const id = await aReference();
    const { admin, user, post } = await adminAndUserPostingTo("/admin/reviews?show=references");
    expect((await post(user, { intent: "remove-reference", id: String(id) })).init.status).toBe(403);
    expect((await post(null, { intent: "remove-reference", id: String(id) })).init.status).toBe(401);
    expect((await post(admin, { intent: "remove-reference", id: "999999999" })).init.status).toBe(404);
    expect(await statusOf(id)).toBe("confirmed");
  });
});
