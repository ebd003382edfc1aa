import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_TOASTS } from "#common/admin-schema.ts";
import { authUsers } from "#server/db/schema.ts";
import { appContextOf, postAction, type RouteSession, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import { insertUser } from "../../tests/setup/users.ts";
import { buttonClasses } from "../components/ui/button.tsx";
import * as page from "./admin.tsx";

// /admin as a route module: who may see it, and what its actions answer (one shape: the 'Success'
// or 'Error' toast with the spec's text, the confirmation closed or kept).

const harness = routeHarness();

function open(session: RouteSession | null, url = "/admin") {
  return renderRoute(page, {
    path: "/admin",
    url,
    context: appContextOf(harness.deps, session),
    signedIn: true,
    others: ["/"],
  });
}

/**
 * An admin opens the users tab on `name`, a new account, and clicks its Promote button: the
 * confirmation dialog is open.
 */
async function askingToPromote(name: string) {
  const admin = await harness.signIn({ role: "admin", name: "Ana Admin" });
  const person = await insertUser(harness.database.db, { name });
  const view = open(admin, `/admin?tab=users&q=${encodeURIComponent(name)}`);
  fireEvent.click(await screen.findByRole("button", { name: `Promote ${name}` }));
  return { person, view, dialog: await screen.findByRole("alertdialog") };
}

describe("/admin", () => {
  it("signed out, asks for an administrator; a signed-in user who is not one goes home", async () => {
    const signedOut = open(null);
    expect(await screen.findByText("Please sign in with an administrator account to view the Admin Dashboard.")).toBeTruthy();
    signedOut.unmount();
    const user = open(await harness.signIn());
    expect((await screen.findByTestId("landed")).textContent).toBe("/");
    expect(screen.queryByText("Admin Dashboard")).toBeNull();
    user.unmount();
  });

  it("promotes a user after the confirmation: 'Success' with the spec's text, and the role changed", async () => {
    const { person, view, dialog } = await askingToPromote("Budi Promoted");
    fireEvent.click(within(dialog).getByRole("button", { name: "Promote Budi Promoted" }));
    expect(await screen.findByText(ADMIN_TOASTS.userPromoted)).toBeTruthy();
    expect(screen.getByText(ADMIN_TOASTS.success)).toBeTruthy();
    const [row] = await harness.database.db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, person.id));
    expect(row?.role).toBe("admin");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    view.unmount();
  });

  it("says 'Error' with the spec's text when the service refuses, and keeps the confirmation open", async () => {
    const { person, view, dialog } = await askingToPromote("Citra Vanishing");
    // Gone between the list and the click: the service answers 404.
    await harness.database.db.delete(authUsers).where(eq(authUsers.id, person.id));
    fireEvent.click(within(dialog).getByRole("button", { name: "Promote Citra Vanishing" }));
    expect(await screen.findByText("Failed to promote user")).toBeTruthy();
    expect(screen.getByText(ADMIN_TOASTS.error)).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBeTruthy();
    view.unmount();
  });

  it("the question in the page (?confirm=…, no dialog) shows a refusal inside it, announced, with the granting button's look", async () => {
    const admin = await harness.signIn({ role: "admin", name: "Ana Admin" });
    const person = await insertUser(harness.database.db, { name: "Eko Leaving" });
    const view = open(admin, `/admin?tab=users&q=${encodeURIComponent("Eko Leaving")}&confirm=promote&id=${person.id}`);
    const question = await screen.findByRole("region", { name: "Make Eko Leaving an admin?" });
    const confirm = within(question).getByRole("button", { name: "Promote Eko Leaving" });
    expect(confirm.className).toBe(buttonClasses({ variant: "primary" }));
    // Gone between the question and the answer: the service answers 404.
    await harness.database.db.delete(authUsers).where(eq(authUsers.id, person.id));
    fireEvent.click(confirm);
    // The answer's page draws the question again, the refusal in it.
    await waitFor(() => {
      const asked = screen.getByRole("region", { name: "Make Eko Leaving an admin?" });
      expect(within(asked).getByRole("alert").textContent).toBe("User not found");
    });
    view.unmount();
  });

  it("asks for the password again (403, reauthenticate) when the sign-in is older than REAUTHENTICATE_MINUTES", async () => {
    const signedIn = await harness.signIn({ role: "admin" });
    const admin = { ...signedIn, authenticatedAt: new Date(Date.now() - 11 * 60_000) };
    const person = await insertUser(harness.database.db, { name: "Dewi Waiting" });
    const answered = await postAction(page, {
      url: "/admin",
      context: appContextOf(harness.deps, admin),
      fields: { intent: "promote", id: String(person.id) },
    });
    expect(answered.init.status).toBe(403);
    expect(answered.data).toMatchObject({ intent: "promote", reauthenticate: true, result: { status: "error" } });
    const [row] = await harness.database.db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, person.id));
    expect(row?.role).toBe("user");
  });

  it("answers an unknown action with 400 in the one shape", async () => {
    const admin = await harness.signIn({ role: "admin" });
    const answered = await postAction(page, {
      url: "/admin",
      context: appContextOf(harness.deps, admin),
      fields: { intent: "launch-rockets" },
    });
    expect(answered.init.status).toBe(400);
    expect(answered.data).toMatchObject({
      result: { status: "error", error: { "": ["Unknown action"] } },
      toast: { title: ADMIN_TOASTS.error, description: "Unknown action", variant: "destructive" },
    });
  });
});
