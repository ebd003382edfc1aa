import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_MESSAGES } from "#common/auth.ts";
import { authUsers } from "#server/db/schema.ts";
import { registerAccount } from "#server/services/accounts/registration.ts";
import { resolveSession } from "#server/services/sessions.ts";
import { appContextOf, postAction, routeHarness } from "../../tests/setup/route-stub.tsx";
// The server's catalogues, as server/main.ts loads them (an action answers in its URL's language).
import "../i18n/catalogs.server.ts";
import type { FormAnswer } from "../lib/form-answer.ts";
import { REAUTHENTICATE_FIELDS } from "../lib/reauthentication.ts";
import { readToast } from "../lib/toast.server.ts";
import * as page from "./profile-manage.tsx";

// Manage Account's "Delete my account" (issue 38) as the page's action answers it, as a plain form
// would post it (no JavaScript): the box must be ticked, a stale sign-in asks for the password in
// the form, and done, the browser goes home signed out with the toast. Node's Response, not
// happy-dom's: the cookies are read back.

const harness = routeHarness();

let count = 0;
/** An account with a password that verifies, signed in `minutesAgo` minutes ago. */
async function account(minutesAgo = 0) {
  count += 1;
  const password = "correct horse battery staple";
  const email = `deleting.${count}.${Date.now()}@example.org`;
  const { user, sessionToken } = await registerAccount(harness.deps, { name: `Deleting Person ${count}`, email, password });
  const session = await resolveSession(harness.database.db, sessionToken, {}, "none");
  if (!session) throw new Error("no session");
  const context = appContextOf(harness.deps, { ...session, authenticatedAt: new Date(Date.now() - minutesAgo * 60_000) });
  return { user, password, context };
}

const exists = async (id: number) =>
  (await harness.database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, id))).length === 1;

describe("/profile/manage: delete my account", () => {
  it("asks for the box to be ticked, then for the password when the sign-in is stale; goes home signed out", async () => {
    const { user, password, context } = await account(11);
    const send = (fields: Record<string, string>) =>
      postAction<FormAnswer>(page, { url: "/th/profile/manage", context, fields: { intent: "delete-account", ...fields } });

    const unticked = await send({});
    expect(unticked.init.status).toBe(400);
    expect(unticked.data).toMatchObject({
      intent: "delete-account",
      result: { error: { "": [ACCOUNT_DELETION_MESSAGES.notConfirmed] } },
    });
    expect(await exists(user.id)).toBe(true);

    const asked = await send({ confirm: "yes" });
    expect(asked.init.status).toBe(403);
    expect(asked.data.reauthenticate).toBe(true);
    const wrong = await send({ confirm: "yes", [REAUTHENTICATE_FIELDS.password]: "not my password at all" });
    expect(wrong.init.status).toBe(400);
    expect(await exists(user.id)).toBe(true);

    const done = (await send({ confirm: "yes", [REAUTHENTICATE_FIELDS.password]: password })) as unknown as Response;
    expect(done.status).toBe(302);
    // Home in the page's language: "/" under the router's basename (/th), which React Router
    // prefixes to the redirect, with or without JavaScript ("/th" landed on /th/th, a 404). The
    // session cookie cleared, the toast in Thai.
    expect(done.headers.get("Location")).toBe("/");
    const cookies = done.headers.getSetCookie();
    expect(cookies.some((cookie) => /^session=;/.test(cookie))).toBe(true);
    const toastCookie = cookies.find((cookie) => !cookie.startsWith("session=")) ?? "";
    const { toast } = readToast(context, new Request("http://localhost/", { headers: { cookie: toastCookie.split(";")[0]! } }));
    expect(toast?.title).toBe("ลบบัญชีแล้ว");
    expect(await exists(user.id)).toBe(false);
  });

  it("refuses an organization's only owner with the reason; the account stays", async () => {
    const { user, context } = await account();
    const [organization] = await harness.database.sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country, created_by)
      values (${`sole-owner-${count}`}, 'Sole Owner Works', 'ngo', 'KH', ${user.id}) returning id`;
    await harness.database.sql`
      insert into organization_members (organization_id, user_id, role) values (${organization!.id}, ${user.id}, 'owner')`;
    const refused = await postAction<FormAnswer>(page, {
      url: "/profile/manage",
      context,
      fields: { intent: "delete-account", confirm: "yes" },
    });
    expect(refused.init.status).toBe(409);
    expect(refused.data.result.error).toEqual({ "": [ACCOUNT_DELETION_MESSAGES.lastOwner] });
    expect(await exists(user.id)).toBe(true);
  });
});
