import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { registerAccount } from "#server/services/accounts/registration.ts";
import { createSession, resolveSession } from "#server/services/sessions.ts";
import { appContextOf, postAction, renderSignedInRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
// The server's catalogues, as server/main.ts loads them (an action answers in its URL's language).
import "../i18n/catalogs.server.ts";
import type { FormAnswer } from "../lib/form-answer.ts";
import * as page from "./profile-manage.tsx";

// /profile/manage after a change to how one signs in (issue 38): the offer to sign out every other
// session beside the change, and renaming a passkey in its row (with and without JavaScript).

const harness = routeHarness();

let count = 0;
/** A real account, signed in now (so removing a factor needs no password again), with `others` more sessions. */
async function account(others = 0) {
  count += 1;
  const email = `factors.${count}.${Date.now()}@example.org`;
  const { user, sessionToken } = await registerAccount(harness.deps, {
    name: "Somchai Dee",
    email,
    password: "correct horse battery staple",
  });
  for (let index = 0; index < others; index += 1) await createSession(harness.database.db, user.id);
  const session = await resolveSession(harness.database.db, sessionToken, {}, "none");
  if (!session) throw new Error("no session");
  return { user, session };
}

async function addPasskeyRow(userId: number, name: string) {
  const [row] = await harness.database.sql<{ id: number }[]>`
    insert into passkeys (user_id, credential_id, public_key, name)
    values (${userId}, ${`credential-${userId}-${name}-${Date.now()}`}, 'cHVibGljLWtleQ', ${name})
    returning id`;
  if (!row) throw new Error("no passkey");
  return row.id;
}

const sessionsOf = async (userId: number) =>
  (await harness.database.sql<{ n: number }[]>`select count(*)::int as n from auth_sessions where user_id = ${userId}`)[0]?.n;
const passkeyName = async (id: number) =>
  (await harness.database.sql<{ name: string }[]>`select name from passkeys where id = ${id}`)[0]?.name;

function open(session: Awaited<ReturnType<typeof account>>["session"]) {
  return renderSignedInRoute(page, harness, session, "/profile/manage");
}

describe("/profile/manage: sign out the other sessions after a factor changed", () => {
  it("offers it beside a removed passkey; the button ends every other session and the offer goes", async () => {
    const { user, session } = await account(2);
    await addPasskeyRow(user.id, "Old phone");
    expect(await sessionsOf(user.id)).toBe(3);
    const view = open(session);
    const passkeys = await screen.findByRole("region", { name: "Passkeys" });
    // Nothing changed yet: no offer.
    expect(within(passkeys).queryByRole("button", { name: "Sign out other sessions" })).toBeNull();

    fireEvent.click(within(passkeys).getByRole("button", { name: "Remove passkey Old phone" }));
    const offer = await within(passkeys).findByRole("button", { name: "Sign out other sessions" });
    expect(within(passkeys).getByText("Sign out your other sessions?")).toBeTruthy();
    expect(await sessionsOf(user.id)).toBe(3);

    fireEvent.click(offer);
    expect((await screen.findAllByText("Signed out everywhere else")).length).toBeGreaterThan(0);
    expect(await sessionsOf(user.id)).toBe(1);
    // Only this session is left: nothing more to offer.
    await waitFor(() => expect(within(passkeys).queryByRole("button", { name: "Sign out other sessions" })).toBeNull());
    view.unmount();
  });

  it("offers nothing when this is the only session", async () => {
    const { user, session } = await account(0);
    await addPasskeyRow(user.id, "Only laptop");
    const view = open(session);
    const passkeys = await screen.findByRole("region", { name: "Passkeys" });
    fireEvent.click(within(passkeys).getByRole("button", { name: "Remove passkey Only laptop" }));
    await within(passkeys).findByText("You have no passkeys yet.");
    expect(screen.queryByRole("button", { name: "Sign out other sessions" })).toBeNull();
    view.unmount();
  });
});

describe("/profile/manage: renaming a passkey", () => {
  it("renames it in its row: the new name in the list, the form closed, a toast", async () => {
    const { user, session } = await account();
    const id = await addPasskeyRow(user.id, "Phone");
    await addPasskeyRow(user.id, "Laptop");
    const view = open(session);
    const passkeys = await screen.findByRole("region", { name: "Passkeys" });
    fireEvent.click(within(passkeys).getByLabelText("Rename passkey Phone"));
    const field = within(passkeys).getByLabelText("New name for Phone") as HTMLInputElement;
    expect(field.value).toBe("Phone");
    fireEvent.change(field, { target: { value: "  Work phone  " } });
    fireEvent.click(within(field.closest("form") as HTMLFormElement).getByRole("button", { name: "Save name" }));
    expect((await screen.findAllByText('This passkey is now called "Work phone".')).length).toBeGreaterThan(0);
    expect(await passkeyName(id)).toBe("Work phone");
    const list = within(passkeys).getByRole("list", { name: "Your passkeys" });
    await within(list).findByText("Work phone");
    expect(within(list).getByText("Laptop")).toBeTruthy();
    await waitFor(() =>
      expect((within(passkeys).getByLabelText("New name for Work phone").closest("details") as HTMLDetailsElement).open).toBe(
        false,
      ),
    );
    view.unmount();
  });

  it("refuses a blank name beside the field of that passkey, keeps the form open, changes nothing", async () => {
    const { user, session } = await account();
    const id = await addPasskeyRow(user.id, "Tablet");
    const view = open(session);
    const passkeys = await screen.findByRole("region", { name: "Passkeys" });
    fireEvent.click(within(passkeys).getByLabelText("Rename passkey Tablet"));
    const field = within(passkeys).getByLabelText("New name for Tablet") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "   " } });
    fireEvent.click(within(field.closest("form") as HTMLFormElement).getByRole("button", { name: "Save name" }));
    expect((await screen.findAllByText("Could not rename the passkey")).length).toBeGreaterThan(0);
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const described = document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(described).toBe("Give the passkey a name (1 to 60 characters), such as the device it is on");
    expect((field.closest("details") as HTMLDetailsElement).open).toBe(true);
    expect(await passkeyName(id)).toBe("Tablet");
    view.unmount();
  });

  it("without JavaScript: the posted form renames; a refusal names the passkey and what was typed; another's is not found", async () => {
    const { user, session } = await account();
    const other = await account();
    const id = await addPasskeyRow(user.id, "Desk key");
    const theirs = await addPasskeyRow(other.user.id, "Their key");
    const context = appContextOf(harness.deps, session);
    const send = (fields: Record<string, string>, url = "/profile/manage") =>
      postAction<FormAnswer<string, { passkey?: { id: number; name: string } }>>(page, { url, context, fields });

    const done = await send({ intent: "passkey-rename", passkeyId: String(id), name: "Security key" });
    expect(done.init?.status ?? 200).toBe(200);
    expect(done.data).toMatchObject({ intent: "passkey-rename", data: { passkey: { id, name: "Security key" } } });
    expect(done.data.toast?.title).toBe("Passkey renamed");
    expect(await passkeyName(id)).toBe("Security key");

    const tooLong = await send({ intent: "passkey-rename", passkeyId: String(id), name: "x".repeat(61) });
    expect(tooLong.init.status).toBe(400);
    expect(tooLong.data.result.error?.name?.[0]).toMatch(/1 to 60 characters/);
    expect(tooLong.data.result.initialValue).toEqual({ passkeyId: String(id), name: "x".repeat(61) });
    expect(await passkeyName(id)).toBe("Security key");

    const notMine = await send({ intent: "passkey-rename", passkeyId: String(theirs), name: "Mine now" });
    expect(notMine.init.status).toBe(404);
    expect(await passkeyName(theirs)).toBe("Their key");

    // In Thai, the toast too.
    const thai = await send({ intent: "passkey-rename", passkeyId: String(id), name: "กุญแจ" }, "/th/profile/manage");
    expect(thai.data.toast?.title).not.toBe("Passkey renamed");
    expect(await passkeyName(id)).toBe("กุญแจ");
  });
});
