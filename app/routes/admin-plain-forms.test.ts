import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_TOASTS } from "#common/admin-schema.ts";
import { auditLog, authSessions, authUsers, consultants } from "#server/db/schema.ts";
import { registerAccount } from "#server/services/accounts/registration.ts";
import { actorOf } from "#server/services/context.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { createSession, resolveSession } from "#server/services/sessions.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, postAction, redirectAfterAction, routeHarness } from "../../tests/setup/route-stub.tsx";
import { insertUser } from "../../tests/setup/users.ts";
import type { FormAnswer } from "../lib/form-answer.ts";
import { REAUTHENTICATE_FIELDS } from "../lib/reauthentication.ts";
import * as page from "./admin.tsx";
import * as organizationsPage from "./admin-organizations.tsx";
import * as organizationPage from "./my-organization.tsx";

// /admin's action (and /admin/organizations', and an owner's /my-organizations/{id}) for plain forms (no JavaScript): a form carrying `back` is done
// by the same services (same audit) and redirects back to the table it came from with the toast;
// a privileged one with a stale sign-in comes back asking for the password in the form, and with
// the password it re-authenticates and acts in one step. A fetcher's request (no `back`) answers
// as before. Node's Response, not happy-dom's: the toast's cookie is read back.

const harness = routeHarness();

let count = 0;
/** An account (an admin unless `role` says) with a password that verifies, signed in `minutesAgo` minutes ago. */
async function admin(minutesAgo = 0, role: "admin" | "user" = "admin") {
  count += 1;
  const password = "correct horse battery staple";
  const email = `plain.admin.${count}.${Date.now()}@example.org`;
  const { user, sessionToken } = await registerAccount(harness.deps, { name: `Plain Admin ${count}`, email, password });
  await harness.database.db.update(authUsers).set({ role }).where(eq(authUsers.id, user.id));
  const session = await resolveSession(harness.database.db, sessionToken, {}, "none");
  if (!session) throw new Error("no session");
  const context = appContextOf(harness.deps, { ...session, authenticatedAt: new Date(Date.now() - minutesAgo * 60_000) });
  return { user, password, context, session };
}

const roleOf = async (id: number) =>
  (await harness.database.db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, id)))[0]?.role;
const auditActions = async (targetId: number) =>
  (await harness.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, targetId))).map(
    (row) => row.action,
  );

describe("/admin's plain forms (no JavaScript)", () => {
  it("approves from a plain form: back to the table it was sent from, with the toast; audited", async () => {
    const { context } = await admin();
    const id = await insertListedConsultant(harness.database.db, { name: "Plain Pending", status: "pending" });
    const back = "/admin?tab=consultants&q=Plain+Pending&status=pending";
    const done = await redirectAfterAction(page, { url: back, context, fields: { intent: "approve", id, back } });
    expect(done.location).toBe(back);
    expect(done.toast).toEqual({ title: ADMIN_TOASTS.success, description: ADMIN_TOASTS.consultantApproved });
    const [row] = await harness.database.db
      .select({ status: consultants.status })
      .from(consultants)
      .where(eq(consultants.id, id));
    expect(row?.status).toBe("approved");
    expect(await auditActions(id)).toContain("approve");
  });

  it("ends a user's sessions from a plain form: the toast says how many", async () => {
    const { context } = await admin();
    const person = await insertUser(harness.database.db, { name: "Plain Lostphone" });
    await createSession(harness.database.db, person.id);
    await createSession(harness.database.db, person.id);
    const done = await redirectAfterAction(page, {
      url: `/admin?tab=users&confirm=end-sessions&id=${person.id}`,
      context,
      fields: { intent: "end-sessions", id: person.id, back: "/admin?tab=users" },
    });
    expect(done).toEqual({
      location: "/admin?tab=users",
      toast: { title: ADMIN_TOASTS.success, description: "2 sessions ended" },
    });
    expect(await harness.database.db.select().from(authSessions).where(eq(authSessions.userId, person.id))).toEqual([]);
  });

  it("asks for the password in the form when the sign-in is stale; a wrong one changes nothing; the right one promotes at once", async () => {
    const { context, password } = await admin(11);
    const person = await insertUser(harness.database.db, { name: "Plain Promotee" });
    const url = `/admin?tab=users&confirm=promote&id=${person.id}`;
    const fields = { intent: "promote", id: String(person.id), back: "/admin?tab=users" };

    const asked = await postAction<FormAnswer>(page, { url, context, fields });
    expect(asked.init.status).toBe(403);
    expect(asked.data).toMatchObject({ intent: "promote", reauthenticate: true, result: { status: "error" } });
    expect(await roleOf(person.id)).toBe("user");

    const wrong = await postAction<FormAnswer>(page, {
      url,
      context,
      fields: { ...fields, [REAUTHENTICATE_FIELDS.password]: "not the password" },
    });
    expect(wrong.data).toMatchObject({
      intent: "promote",
      reauthenticate: true,
      result: { status: "error", error: { [REAUTHENTICATE_FIELDS.password]: ["That password is not right."] } },
    });
    expect(wrong.init.status).toBeGreaterThanOrEqual(400);
    expect(await roleOf(person.id)).toBe("user");
    expect(await auditActions(person.id)).toEqual([]);

    const done = await redirectAfterAction(page, {
      url,
      context,
      fields: { ...fields, [REAUTHENTICATE_FIELDS.password]: password },
    });
    expect(done).toEqual({
      location: "/admin?tab=users",
      toast: { title: ADMIN_TOASTS.success, description: ADMIN_TOASTS.userPromoted },
    });
    expect(await roleOf(person.id)).toBe("admin");
    expect(context.session?.authenticatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("goes back only to the dashboard: another address in `back` answers on the page instead", async () => {
    const { context } = await admin();
    for (const back of [
      "https://elsewhere.example/admin",
      "//elsewhere.example/admin",
      "/admin/../profile",
      "/profile",
      // A line break cannot go in a Location header: followed, it was a 500.
      "/admin?tab=users\r\nSet-Cookie: x=1",
    ]) {
      const id = await insertListedConsultant(harness.database.db, { name: "Plain Elsewhere", status: "pending" });
      const answered = await postAction<FormAnswer>(page, {
        url: "/admin",
        context,
        fields: { intent: "approve", id: String(id), back },
      });
      expect(answered.init?.status ?? 200, back).toBe(200);
      expect(answered.data, back).toMatchObject({ intent: "approve", result: { status: "success" } });
    }
  });

  it("keeps the typed reason when a plain form is refused", async () => {
    const { context } = await admin();
    const answered = await postAction<FormAnswer>(page, {
      url: "/admin?tab=consultants",
      context,
      fields: { intent: "hide", id: "999999", reason: "Spam links", back: "/admin?tab=consultants" },
    });
    expect(answered.init.status).toBe(404);
    expect(answered.data.result.initialValue).toEqual({ reason: "Spam links" });
  });
});

describe("/admin/organizations' plain forms (no JavaScript)", () => {
  it("unverifies behind the password asked in the same form: refused, wrong, then done in one step", async () => {
    const { context, password } = await admin(11);
    const [organization] = await harness.database.sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country, verified_at, verification_method)
      values (${`plain-${Date.now()}`}, 'Plain River Trust', 'ngo', 'VN', now(), 'admin') returning id`;
    const id = String(organization!.id);
    const verifiedAt = async () =>
      (await harness.database.sql`select verified_at from organizations where id = ${organization!.id}`)[0]?.verified_at;
    const fields = { intent: "unverify", id, back: "/admin/organizations?filter=verified" };

    const asked = await postAction<FormAnswer>(organizationsPage, { url: "/admin/organizations", context, fields });
    expect(asked.init.status).toBe(403);
    // Which form asked (intent and row), so the page shows the password field in that one.
    expect(asked.data).toMatchObject({ intent: "unverify", reauthenticate: true, result: { initialValue: { id } } });
    expect(await verifiedAt()).not.toBeNull();

    const wrong = await postAction<FormAnswer>(organizationsPage, {
      url: "/admin/organizations",
      context,
      fields: { ...fields, [REAUTHENTICATE_FIELDS.password]: "not the password" },
    });
    expect(wrong.data).toMatchObject({
      intent: "unverify",
      reauthenticate: true,
      result: { error: { [REAUTHENTICATE_FIELDS.password]: ["That password is not right."] }, initialValue: { id } },
    });
    expect(await verifiedAt()).not.toBeNull();

    const done = await redirectAfterAction(organizationsPage, {
      url: "/admin/organizations",
      context,
      fields: { ...fields, [REAUTHENTICATE_FIELDS.password]: password },
    });
    expect(done).toEqual({ location: "/admin/organizations?filter=verified", toast: { title: "Verification taken back" } });
    expect(await verifiedAt()).toBeNull();
  });
});

describe("deleting one's organization without JavaScript (/my-organizations/{id})", () => {
  it("asks for the password in the delete form when the sign-in is stale; with it, deletes in one step", async () => {
    const { context, password, session } = await admin(11, "user");
    const { id } = await createOrganization(harness.deps, actorOf(session), {
      name: "Plain Delta Trust",
      kind: "ngo",
      country: "VN",
    });
    const url = `/my-organizations/${id}`;
    const params = { id: String(id) };
    const exists = async () => (await harness.database.sql`select 1 from organizations where id = ${id}`).length === 1;

    const wrong = await postAction<FormAnswer>(organizationPage, {
      url,
      context,
      params,
      fields: { intent: "delete", confirmDelete: "yes", [REAUTHENTICATE_FIELDS.password]: "not the password" },
    });
    expect(wrong.data).toMatchObject({
      intent: "delete",
      reauthenticate: true,
      result: { error: { [REAUTHENTICATE_FIELDS.password]: ["That password is not right."] } },
    });
    expect(await exists()).toBe(true);

    const done = await redirectAfterAction(organizationPage, {
      url,
      context,
      params,
      // The form's box ticked (0818d7c: deleting an organization takes it, as deleting an account).
      fields: { intent: "delete", confirmDelete: "yes", [REAUTHENTICATE_FIELDS.password]: password },
    });
    expect(done).toEqual({ location: "/my-organizations", toast: { title: "Organization deleted" } });
    expect(await exists()).toBe(false);
  });
});
