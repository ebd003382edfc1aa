import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_MESSAGES } from "#common/auth.ts";
import { authUsers } from "#server/db/schema.ts";
import { registerAccount } from "#server/services/accounts/registration.ts";
import { resolveSession } from "#server/services/sessions.ts";
import { appContextOf, postAction, renderSignedInRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
// The server's catalogues, as server/main.ts loads them (an action answers in its URL's language).
import "../i18n/catalogs.server.ts";
import type { FormAnswer } from "../lib/form-answer.ts";
import { REAUTHENTICATE_FIELDS } from "../lib/reauthentication.ts";
import * as page from "./profile-manage.tsx";

// /profile/manage as a route module: the real loader and action on PostgreSQL, the page in
// happy-dom. Each form answers in the one shape (app/lib/form-answer.ts): its toast, its field errors.

const harness = routeHarness();

let count = 0;
/** A real account (a password that verifies), signed in. */
async function account() {
  count += 1;
  const email = `manage.${count}.${Date.now()}@example.org`;
  const password = "correct horse battery staple";
  const { user, sessionToken } = await registerAccount(harness.deps, { name: "Maya Santos", email, password });
  const session = await resolveSession(harness.database.db, sessionToken, {}, "none");
  if (!session) throw new Error("no session");
  return { user, session, password };
}

function open(session: Awaited<ReturnType<typeof account>>["session"] | null) {
  return renderSignedInRoute(page, harness, session, "/profile/manage");
}

describe("/profile/manage", () => {
  it("signed out, shows the page's own sign-in prompt", async () => {
    const view = open(null);
    expect(await screen.findByText("You need to be logged in to manage your account.")).toBeTruthy();
    view.unmount();
  });

  it("saves the name: 'Profile updated' in a toast, and the account changed", async () => {
    const { user, session } = await account();
    const view = open(session);
    const name = (await screen.findByLabelText(/Full Name/)) as HTMLInputElement;
    expect(name.value).toBe("Maya Santos");
    fireEvent.change(name, { target: { value: "Maya Santos-Reyes" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect((await screen.findAllByText("Profile updated")).length).toBeGreaterThan(0);
    expect((await screen.findAllByText("Your account information has been saved.")).length).toBeGreaterThan(0);
    const [row] = await harness.database.db.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.id, user.id));
    expect(row?.name).toBe("Maya Santos-Reyes");
    view.unmount();
  });

  it("refuses an e-mail address another account has: the reason beside the field and in the toast", async () => {
    const { session } = await account();
    const other = await account();
    const view = open(session);
    const email = (await screen.findByLabelText(/^Email/)) as HTMLInputElement;
    fireEvent.change(email, { target: { value: other.user.email } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect((await screen.findAllByText("Update failed")).length).toBeGreaterThan(0);
    const described = await waitForDescription(email);
    expect(described).toMatch(/already/i);
    view.unmount();
  });

  it("refuses a wrong current password: 'Password change failed', the error beside it, the form still open", async () => {
    const { session } = await account();
    const view = open(session);
    fireEvent.click(await screen.findByText("Change Password"));
    const details = screen.getByText("Change Password").closest("details") as HTMLDetailsElement;
    fireEvent.change(within(details).getByLabelText(/Current Password/), { target: { value: "not my password at all" } });
    fireEvent.change(within(details).getByLabelText(/^New Password/), { target: { value: "a much longer new passphrase" } });
    fireEvent.change(within(details).getByLabelText(/Confirm/), { target: { value: "a much longer new passphrase" } });
    fireEvent.click(within(details).getByRole("button", { name: "Update Password" }));
    expect((await screen.findAllByText("Password change failed")).length).toBeGreaterThan(0);
    const current = within(details).getByLabelText(/Current Password/) as HTMLInputElement;
    expect(await waitForDescription(current)).toMatch(/current password/i);
    expect(details.open).toBe(true);
    view.unmount();
  });

  it("sends the verification e-mail again for an address not yet verified, and says where", async () => {
    const { user, session } = await account();
    // The registration sent the first link; the resend issues another (and queues its mail with it).
    const links = async () =>
      (
        await harness.database.sql<{ count: number }[]>`
        select count(*)::int as count from auth_tokens where user_id = ${user.id} and purpose = 'verify_email'`
      )[0]?.count;
    expect(await links()).toBe(1);
    const view = open(session);
    fireEvent.click(await screen.findByRole("button", { name: "Resend verification email" }));
    expect((await screen.findAllByText("Verification email sent")).length).toBeGreaterThan(0);
    const said = await screen.findAllByText(`Check your inbox at ${user.email}.`);
    expect(said.length).toBeGreaterThan(0);
    expect(await links()).toBe(2);
    view.unmount();
  });

  it("says what stands in the way of deleting the account, with a link; the refusal shows beside the form (issue 38)", async () => {
    const { user, session } = await account();
    const [{ id: organizationId } = { id: 0 }] = await harness.database.sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country, created_by)
      values (${`manage-sole-${count}`}, 'Tonle Sap Partners', 'ngo', 'KH', ${user.id}) returning id`;
    await harness.database.sql`
      insert into organization_members (organization_id, user_id, role) values (${organizationId}, ${user.id}, 'owner')`;
    const view = open(session);
    const link = await screen.findByRole("link", { name: "Tonle Sap Partners" });
    expect(link.getAttribute("href")).toBe(`/my-organizations/${organizationId}`);
    fireEvent.click(screen.getByText("Delete my account"));
    const details = screen.getByText("Delete my account").closest("details") as HTMLDetailsElement;
    fireEvent.click(within(details).getByRole("checkbox"));
    fireEvent.click(within(details).getByRole("button", { name: "Delete my account for good" }));
    expect(await within(details).findByRole("alert")).toHaveProperty("textContent", ACCOUNT_DELETION_MESSAGES.lastOwner);
    expect(details.open).toBe(true);
    const [row] = await harness.database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, user.id));
    expect(row?.id).toBe(user.id);
    view.unmount();
  });

  it("answers a Thai page's forms in Thai: the toast's title and its text (issue 37)", async () => {
    const { user, session } = await account();
    const context = appContextOf(harness.deps, session);
    const saved = await postAction<{ toast: { title: string; description: string } }>(page, {
      url: "/th/profile/manage",
      context,
      fields: { intent: "profile", name: "มายา ซานโตส", email: user.email },
    });
    expect(saved.data.toast).toMatchObject({ title: "อัปเดตโปรไฟล์แล้ว", description: "บันทึกข้อมูลบัญชีของคุณแล้ว" });
    const wrong = await postAction<{ toast: { title: string } }>(page, {
      url: "/vi/profile/manage",
      context,
      fields: {
        intent: "password",
        currentPassword: "not the password",
        newPassword: "a new long password",
        confirmPassword: "a new long password",
      },
    });
    expect(wrong.data.toast.title).toBe("Đổi mật khẩu không thành công");
  });
});

describe("/profile/manage without JavaScript: re-authentication in the form (issue 38)", () => {
  /** A signed-in account whose sign-in is older than REAUTHENTICATE_MINUTES. */
  async function staleAccount() {
    const signedIn = await account();
    const session = { ...signedIn.session, authenticatedAt: new Date(Date.now() - 11 * 60_000) };
    return { ...signedIn, session };
  }
  const emailOf = async (id: number) =>
    (await harness.database.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, id)))[0]?.email;
  const send = (session: Awaited<ReturnType<typeof staleAccount>>["session"], fields: Record<string, string>) =>
    postAction<FormAnswer>(page, { url: "/profile/manage", context: appContextOf(harness.deps, session), fields });

  it("asks for the password, refuses a wrong one beside its field with what was typed, then saves with the right one", async () => {
    const { user, session, password } = await staleAccount();
    const form = { intent: "profile", name: "Maya Santos", email: `moved.${count}.${Date.now()}@example.org` };

    const asked = await send(session, form);
    expect(asked.init.status).toBe(403);
    expect(asked.data.reauthenticate).toBe(true);

    const wrong = await send(session, { ...form, [REAUTHENTICATE_FIELDS.password]: "not my password at all" });
    expect(wrong.init.status).toBe(400);
    expect(wrong.data).toMatchObject({ intent: "profile", reauthenticate: true });
    expect(wrong.data.result.error).toEqual({ [REAUTHENTICATE_FIELDS.password]: ["That password is not right."] });
    expect(wrong.data.result.initialValue).toEqual(form);
    expect(await emailOf(user.id)).toBe(user.email);

    const code = await send(session, { ...form, [REAUTHENTICATE_FIELDS.code]: "123456" });
    expect(code.data.result.error?.[REAUTHENTICATE_FIELDS.code]?.[0]).toMatch(/code is not right/);
    expect(await emailOf(user.id)).toBe(user.email);

    const right = await send(session, { ...form, [REAUTHENTICATE_FIELDS.password]: password });
    expect(right.init?.status ?? 200).toBe(200);
    expect(right.data.result.status).toBe("success");
    expect(right.data.reauthenticate).toBeUndefined();
    expect(await emailOf(user.id)).toBe(form.email);
    // The session itself is now recent: the next privileged change needs no password.
    const [row] = await harness.database.sql<{ recent: boolean }[]>`
      select authenticated_at > now() - interval '1 minute' as recent from auth_sessions where user_id = ${user.id}`;
    expect(row?.recent).toBe(true);
  });
});

/** The text of the element that describes a field (its error), once the field is marked invalid. */
function waitForDescription(field: HTMLElement): Promise<string> {
  return waitFor(() => {
    const ids = field.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
    const text = ids
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(text).not.toBe("");
    return text;
  });
}
