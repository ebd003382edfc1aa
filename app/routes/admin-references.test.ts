import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assignmentReferences, auditLog, consultantAssignments } from "#server/db/schema.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, postAction, redirectAfterAction, routeHarness, routerContextOf } from "../../tests/setup/route-stub.tsx";
// The server's catalogues, as server/main.ts loads them (registers the languages' messages).
import "../i18n/catalogs.server.ts";
import * as page from "./admin-references.tsx";

// /admin/references (issue 34: admins "can remove one"): the live references listed for admins,
// and removing one through removeReference (audited), back to the list with a toast in the page's
// language; refusals in the one shape. Before it, only DELETE /api/admin/references/{id} could.

const harness = routeHarness();

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
  const args = { context: routerContextOf(context), request: new Request(`http://localhost/admin/references?q=${search}`) };
  return page.loader(args as unknown as Parameters<typeof page.loader>[0]);
}

describe("/admin/references", () => {
  it("lists the live references for admins, searched, and removes one, audited, back on the list it was posted from", async () => {
    const admin = await harness.signIn({ role: "admin" });
    const context = appContextOf(harness.deps, admin);
    const list = (search: string) => listAs(context, search);
    const confirmed = await aReference("confirmed", "Malee Chaiyaporn");
    const waiting = await aReference("requested", "Malee Waiting");
    const withdrawn = await aReference("withdrawn", "Malee Withdrawn");
    const listed = await list("malee");
    const ids = listed.list.references.map((reference) => reference.id);
    expect(ids).toEqual(expect.arrayContaining([confirmed, waiting]));
    expect(ids).not.toContain(withdrawn);
    expect(listed.list.references.find((reference) => reference.id === confirmed)).toMatchObject({
      status: "confirmed",
      refereeEmail: "malee@adb.example.org",
      score: 9,
    });

    const removed = await redirectAfterAction(page, {
      url: "/th/admin/references",
      context,
      fields: { intent: "remove", id: confirmed, back: "/admin/references?q=malee" },
    });
    expect(removed.location).toBe("/admin/references?q=malee");
    expect(removed.toast?.title).not.toBe("Reference removed");
    expect(await statusOf(confirmed)).toBe("removed");
    const audited = await harness.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "reference"), eq(auditLog.targetId, confirmed)));
    expect(audited.map((entry) => entry.action)).toEqual(["reference_remove"]);
    // Removed, it leaves the list; removing it again is a 404 that changes nothing.
    const again = await list("malee");
    expect(again.list.references.map((reference) => reference.id)).not.toContain(confirmed);
    const twice = await postAction(page, {
      url: "/admin/references",
      context,
      fields: { intent: "remove", id: String(confirmed) },
    });
    expect(twice.init.status).toBe(404);
  });

  it("refuses a user who is not an admin (403), the signed-out (401) and an unknown action (400); nothing changes", async () => {
    const id = await aReference();
    const admin = await harness.signIn({ role: "admin" });
    const user = await harness.signIn();
    const post = (session: typeof admin | null, fields: Record<string, string>) =>
      postAction(page, { url: "/admin/references", context: appContextOf(harness.deps, session), fields });
    expect((await post(user, { intent: "remove", id: String(id) })).init.status).toBe(403);
    expect((await post(null, { intent: "remove", id: String(id) })).init.status).toBe(401);
    expect((await post(admin, { intent: "delete", id: String(id) })).init.status).toBe(400);
    expect((await post(admin, { intent: "remove", id: "999999999" })).init.status).toBe(404);
    expect(await statusOf(id)).toBe("confirmed");
  });
});
