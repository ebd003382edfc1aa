import { fireEvent, screen } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { consultantChanges, consultants } from "#server/db/schema.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { PROFILE_FORM_FIELDS } from "../../tests/setup/profile-form-fields.ts";
import { appContextOf, postAction, type RouteSession, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./profile-form.tsx";

// /profile/new and /profile/edit/{id} as a route module: the loader's states, the action's one
// answer shape (field errors, the toast that names what failed), and a save that goes home.

const harness = routeHarness();

function open(session: RouteSession | null, url: string) {
  return renderRoute(page, {
    path: url.startsWith("/profile/new") ? "/profile/new" : "/profile/edit/:id",
    url,
    context: appContextOf(harness.deps, session),
    signedIn: true,
    others: ["/"],
  });
}

/** The action's answer to a form post, as the page receives it. */
function post(session: RouteSession | null, url: string, fields: Record<string, string>) {
  const id = url.match(/\/profile\/edit\/(\d+)/)?.[1];
  return postAction<FormAnswer>(page, { url, context: appContextOf(harness.deps, session), fields, params: id ? { id } : {} });
}

describe("the profile form's page", () => {
  it("signed out, shows the spec's sign-in text under the address's heading", async () => {
    const view = open(null, "/profile/new");
    expect(await screen.findByText("You need to be logged in to create or edit a consultant profile.")).toBeTruthy();
    expect(screen.getByText("Create Consultant Profile")).toBeTruthy();
    view.unmount();
  });

  it("someone else's profile: 'You can only edit your own profile', no form", async () => {
    const owner = await harness.signIn();
    const id = await insertListedConsultant(harness.database.db, { userId: owner.user.id });
    const view = open(await harness.signIn(), `/profile/edit/${id}`);
    expect(await screen.findByText("You can only edit your own profile.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Update Profile" })).toBeNull();
    view.unmount();
  });

  it("edits the owner's profile from the saved values and goes home; a listed profile's new title waits for review", async () => {
    const owner = await harness.signIn();
    const id = await insertListedConsultant(harness.database.db, { userId: owner.user.id, title: "Water Engineer" });
    const view = open(owner, `/profile/edit/${id}`);
    const title = (await screen.findByLabelText(/Professional Title/)) as HTMLInputElement;
    expect(title.value).toBe("Water Engineer");
    fireEvent.change(title, { target: { value: "Senior Water and Sanitation Engineer" } });
    fireEvent.click(screen.getByRole("button", { name: "Update Profile" }));
    expect((await screen.findByTestId("landed")).textContent).toBe("/");
    // Issue 14: the published title stays until an admin approves the change the owner made.
    const [row] = await harness.database.db.select({ title: consultants.title }).from(consultants).where(eq(consultants.id, id));
    expect(row?.title).toBe("Water Engineer");
    const [held] = await harness.database.db
      .select({ changes: consultantChanges.changes, status: consultantChanges.status })
      .from(consultantChanges)
      .where(eq(consultantChanges.consultantId, id));
    expect(held).toMatchObject({ status: "pending", changes: { title: "Senior Water and Sanitation Engineer" } });
    view.unmount();
  });

  it("says which language the profile is written in, 'Not stated' first, and saves a new choice at once (issue 37)", async () => {
    const owner = await harness.signIn();
    const id = await insertListedConsultant(harness.database.db, { userId: owner.user.id, profileLanguage: "vi" });
    const view = open(owner, `/profile/edit/${id}`);
    const select = (await screen.findByLabelText(/Profile written in/)) as HTMLSelectElement;
    expect(select.value).toBe("vi");
    const options = [...select.options];
    expect(options[0]).toMatchObject({ value: "", text: "Not stated" });
    expect(options.find((option) => option.value === "th")?.text).toBe("Thai (ไทย)");
    fireEvent.change(select, { target: { value: "th" } });
    fireEvent.click(screen.getByRole("button", { name: "Update Profile" }));
    expect((await screen.findByTestId("landed")).textContent).toBe("/");
    // Not a reviewed field: a listed profile's language is published at once.
    const stored = async () =>
      (
        await harness.database.db
          .select({ language: consultants.profileLanguage })
          .from(consultants)
          .where(eq(consultants.id, id))
      )[0]?.language;
    expect(await stored()).toBe("th");
    view.unmount();
    // Without JavaScript the blank choice ("Not stated") clears it; a code outside the list is refused.
    const url = `/profile/edit/${id}`;
    const refused = await post(owner, url, { ...PROFILE_FORM_FIELDS, email: `p-${id}@example.org`, profileLanguage: "xx" });
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error?.profileLanguage?.[0]).toMatch(/^Profile language must be one of/);
    expect(await stored()).toBe("th");
    await post(owner, url, { ...PROFILE_FORM_FIELDS, email: `p-${id}@example.org`, profileLanguage: "" });
    expect(await stored()).toBeNull();
  });

  it("answers a form the schema refuses with 400, the errors by field and 'Error creating profile'", async () => {
    const session = await harness.signIn();
    const { data, init } = await post(session, "/profile/new", { name: "Ayu", email: "not an address" });
    expect(init.status).toBe(400);
    expect(data.result.status).toBe("error");
    expect(data.result.error?.email?.[0]).toBeTruthy();
    expect(data.result.error?.title?.[0]).toBeTruthy();
    expect(data.toast).toMatchObject({ title: "Error creating profile", variant: "destructive" });
    // Several fields wrong: the toast names them all.
    expect(data.toast?.description).toContain(data.result.error?.email?.[0]);
    expect(data.toast?.description).toContain(", ");
  });

  it("answers an edit of someone else's profile with the service's 403, as the form's error", async () => {
    const owner = await harness.signIn();
    const id = await insertListedConsultant(harness.database.db, { userId: owner.user.id });
    const { data, init } = await post(await harness.signIn(), `/profile/edit/${id}`, PROFILE_FORM_FIELDS);
    expect(init.status).toBe(403);
    expect(data.result.error?.[""]?.[0]).toMatch(/own/i);
    expect(data.toast).toMatchObject({ title: "Error updating profile", variant: "destructive" });
  });

  it("answers a post without a session with 401 and 'Authentication Required'", async () => {
    const { data, init } = await post(null, "/profile/new", PROFILE_FORM_FIELDS);
    expect(init.status).toBe(401);
    expect(data.toast).toEqual({
      title: "Authentication Required",
      description: "You need to be logged in to create or edit a consultant profile.",
      variant: "destructive",
    });
  });
});
