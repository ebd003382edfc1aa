import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_TOASTS } from "#common/admin-schema.ts";
import { createSession } from "#server/services/sessions.ts";
import { appContextOf, postAction, type RouteSession, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import { insertUser } from "../../tests/setup/users.ts";
import type { FormAnswer } from "../lib/form-answer.ts";
import * as page from "./admin.tsx";

// /admin's "End sessions" (issue 38, ASVS 7.4.5): an admin ends every session of a user from the
// Users tab, after a confirmation; audited with how many ended. Anyone else is refused and nothing
// ends.

const harness = routeHarness();

function open(session: RouteSession, url: string) {
  return renderRoute(page, { path: "/admin", url, context: appContextOf(harness.deps, session), signedIn: true, others: ["/"] });
}

/** A user with `n` live sessions. */
async function userWithSessions(name: string, n: number) {
  const user = await insertUser(harness.database.db, { name });
  for (let index = 0; index < n; index += 1) await createSession(harness.database.db, user.id);
  return user;
}

const sessionsOf = async (userId: number) =>
  (await harness.database.sql<{ n: number }[]>`select count(*)::int as n from auth_sessions where user_id = ${userId}`)[0]?.n;
const auditOf = (userId: number) =>
  harness.database.sql<{ action: string; actor_id: number | null; changes: unknown }[]>`
    select action, actor_id, changes from audit_log where target_type = 'user' and target_id = ${userId} order by id`;

describe("/admin: End sessions", () => {
  it("ends every session of the user after the confirmation: 'Success', how many, audited", async () => {
    const admin = await harness.signIn({ role: "admin", name: "Ana Admin" });
    const person = await userWithSessions("Eko Lostphone", 2);
    const view = open(admin, `/admin?tab=users&q=${encodeURIComponent("Eko Lostphone")}`);
    fireEvent.click(await screen.findByRole("button", { name: "End sessions Eko Lostphone" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("End every session of Eko Lostphone?")).toBeTruthy();
    expect(await sessionsOf(person.id)).toBe(2);
    fireEvent.click(within(dialog).getByRole("button", { name: "End sessions of Eko Lostphone" }));
    expect(await screen.findByText("2 sessions ended")).toBeTruthy();
    expect(screen.getByText(ADMIN_TOASTS.success)).toBeTruthy();
    expect(await sessionsOf(person.id)).toBe(0);
    expect(await auditOf(person.id)).toEqual([
      { action: "end_sessions", actor_id: admin.user.id, changes: { sessions: { from: 2, to: 0 } } },
    ]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    view.unmount();
  });

  it("isolates a right-to-left name in the confirmation's sentences (issue 37), so it cannot turn them around", async () => {
    const admin = await harness.signIn({ role: "admin", name: "Ana Admin" });
    await userWithSessions("سارة الحسيني", 1);
    const view = open(admin, `/admin?tab=users&q=${encodeURIComponent("سارة")}`);
    fireEvent.click(await screen.findByRole("button", { name: "End sessions سارة الحسيني" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("End every session of \u2068سارة الحسيني\u2069?")).toBeTruthy();
    view.unmount();
  });

  it("offers it on an admin's row too; the admin's own keeps the session in use", async () => {
    const admin = await harness.signIn({ role: "admin", name: "Bayu Selfadmin" });
    await createSession(harness.database.db, admin.user.id);
    expect(await sessionsOf(admin.user.id)).toBe(2);
    const view = open(admin, `/admin?tab=users&q=${encodeURIComponent("Bayu Selfadmin")}`);
    fireEvent.click(await screen.findByRole("button", { name: "End sessions Bayu Selfadmin" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("End your other sessions?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "End my other sessions" }));
    expect(await screen.findByText("1 session ended")).toBeTruthy();
    expect(await sessionsOf(admin.user.id)).toBe(1);
    view.unmount();
  });

  it("refuses anyone but an admin (403, 'Failed to end sessions'): nothing ends, nothing is audited", async () => {
    const user = await harness.signIn({ name: "Citra Plainuser" });
    const person = await userWithSessions("Dani Target", 1);
    const refused = await postAction<FormAnswer>(page, {
      url: "/admin",
      context: appContextOf(harness.deps, user),
      fields: { intent: "end-sessions", id: String(person.id) },
    });
    expect(refused.init.status).toBe(403);
    expect(refused.data).toMatchObject({ intent: "end-sessions", result: { status: "error" } });
    expect(refused.data.toast).toMatchObject({ title: ADMIN_TOASTS.error, description: ADMIN_TOASTS.endSessionsFailed });
    expect(await sessionsOf(person.id)).toBe(1);
    expect(await auditOf(person.id)).toEqual([]);

    // Signed out: 401, the same.
    const signedOut = await postAction<FormAnswer>(page, {
      url: "/admin",
      context: appContextOf(harness.deps, null),
      fields: { intent: "end-sessions", id: String(person.id) },
    });
    expect(signedOut.init.status).toBe(401);
    expect(await sessionsOf(person.id)).toBe(1);
  });

  it("answers 404 for a user who is not there", async () => {
    const admin = await harness.signIn({ role: "admin" });
    const missing = await postAction<FormAnswer>(page, {
      url: "/admin",
      context: appContextOf(harness.deps, admin),
      fields: { intent: "end-sessions", id: "999999" },
    });
    expect(missing.init.status).toBe(404);
  });
});
