import { fireEvent, screen, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ORGANIZATION_TEXTS } from "#common/organizations.ts";
import { organizationMembers, organizations } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { inviteMember } from "#server/services/organizations/invitations.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import type { CurrentSession as Session } from "#server/services/sessions.ts";
import { appContextOf, postAction, renderRoute, renderSignedInRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as invitationPage from "./invitation.tsx";
import * as page from "./my-organization.tsx";
import * as signInPage from "./sign-in.tsx";

// /my-organizations/{id} as a route module: its refusals travel in the one form answer
// (app/lib/service-errors.server.ts refusedAnswer): beside the form that was sent, with what was
// typed, the re-authentication flag for deleting, and 404 for someone who is not a member.

const harness = routeHarness();

async function organizationOf(owner: Session) {
  return createOrganization(harness.deps, actorOf(owner), {
    name: "Mekong Water Trust",
    kind: "ngo",
    country: "TH",
    website: "https://mekong-water.org",
    description: "Clean water along the Mekong.",
  });
}

function open(session: Session, id: number) {
  return renderSignedInRoute(page, harness, session, "/my-organizations/:id", `/my-organizations/${id}`);
}

/** Ploy, the owner of a new organization, on its page, sends an invitation to `address(owner)` with the form. */
async function ownerInvites(address: (owner: Session) => string) {
  const owner = await harness.signIn({ name: "Ploy Srisuk" });
  const { id } = await organizationOf(owner);
  const view = open(owner, id);
  const email = (await screen.findByLabelText(/^E-mail address/)) as HTMLInputElement;
  fireEvent.change(email, { target: { value: address(owner) } });
  fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
  return { owner, view };
}

function send(session: Session, id: number, fields: Record<string, string>) {
  const context = appContextOf(harness.deps, session);
  return postAction(page, { url: `/my-organizations/${id}`, context, fields, params: { id: String(id) } });
}

describe("/my-organizations/{id}", () => {
  // Tried as an NGO team (session 12): the button was offered to a member whose address is at
  // another domain, and said why not only after the click.
  it("says why the member's address cannot verify the domain, instead of a button that cannot work", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    expect(owner.user.email.endsWith("@mekong-water.org")).toBe(false);
    const view = open(owner, id);
    expect((await screen.findByTestId("verify-refusal")).textContent).toBe(ORGANIZATION_TEXTS.verifyOtherDomain);
    expect(screen.queryByRole("button", { name: /Verify with my e-mail address/ })).toBeNull();
    view.unmount();
  });

  it("keeps an invitation that is refused, with the address typed and why", async () => {
    const { owner, view } = await ownerInvites((owner) => owner.user.email);
    expect(await screen.findByText("The invitation was not sent")).toBeTruthy();
    expect(screen.getAllByText(ORGANIZATION_TEXTS.alreadyMember).length).toBeGreaterThan(0);
    expect(((await screen.findByLabelText(/^E-mail address/)) as HTMLInputElement).value).toBe(owner.user.email);
    view.unmount();
  });

  // Tried as an NGO team (session 14): after "Invitation sent" the address stayed in the field, as if
  // nothing had happened; a second click sent the colleague a second link.
  it("empties the address once the invitation is sent, and lists it as waiting", async () => {
    const { view } = await ownerInvites(() => "ann@mekong-water.org");
    await screen.findByRole("heading", { name: "Waiting for an answer" });
    expect(((await screen.findByLabelText(/^E-mail address/)) as HTMLInputElement).value).toBe("");
    view.unmount();
  });

  // Tried as an NGO team (session 12): the sole owner was offered "Leave the organization", which
  // then answered 409. Not offered: the row says what to do instead; with a second owner it is.
  it("does not offer the sole owner Leave, says what to do instead, and a stray post is still refused with the reason", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    const alone = open(owner, id);
    const row = (await screen.findAllByTestId("member"))[0] as HTMLElement;
    expect(within(row).getByTestId("sole-owner").textContent).toContain("first make another member an owner");
    expect(screen.queryByRole("button", { name: "Leave the organization" })).toBeNull();
    alone.unmount();
    // A post without the button (an old page) is still refused with the reason (409).
    const refused = await send(owner, id, { intent: "remove", userId: String(owner.user.id) });
    expect(refused.init.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain(ORGANIZATION_TEXTS.lastOwner);

    const second = await harness.signIn({ name: "Somchai Phan" });
    await harness.database.db.insert(organizationMembers).values({ organizationId: id, userId: second.user.id, role: "owner" });
    const shared = open(owner, id);
    expect(await screen.findByRole("button", { name: "Leave the organization" })).toBeTruthy();
    expect(screen.queryByTestId("sole-owner")).toBeNull();
    shared.unmount();
  });

  it("shows a refused name beside its field and keeps the details typed", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    const view = open(owner, id);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: " " } });
    fireEvent.change(screen.getByLabelText(/^Short description/), { target: { value: "Typed, not saved." } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    expect(await screen.findByText("The details were not saved")).toBeTruthy();
    expect((screen.getByLabelText(/^Short description/) as HTMLTextAreaElement).value).toBe("Typed, not saved.");
    expect(screen.getByLabelText(/^Name/).getAttribute("aria-invalid")).toBe("true");
    view.unmount();
  });

  it("answers a refusal with its status, the field's error and what was typed (a page without JavaScript shows them)", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    const invited = await send(owner, id, { intent: "invite", email: owner.user.email, role: "admin" });
    expect(invited.init.status).toBe(409);
    expect(invited.data).toMatchObject({
      intent: "invite",
      result: {
        status: "error",
        error: { email: [ORGANIZATION_TEXTS.alreadyMember] },
        initialValue: { email: owner.user.email, role: "admin" },
      },
    });
    const updated = await send(owner, id, { intent: "update", name: " ", kind: "ngo", country: "TH", description: "Typed." });
    expect(updated.init.status).toBe(400);
    expect(updated.data).toMatchObject({
      intent: "update",
      result: { status: "error", error: { name: [expect.any(String)] }, initialValue: { name: " ", description: "Typed." } },
    });
  });

  // Tried as an NGO team (session 12): one click deleted the organization, its members and team shortlists.
  it("deletes only with the page's box ticked", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    const exists = async () =>
      (await harness.database.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id))).length;
    const unticked = await send(owner, id, { intent: "delete" });
    expect(unticked.init.status).toBe(400);
    expect(await exists()).toBe(1);
    const ticked = (await send(owner, id, { intent: "delete", confirmDelete: "yes" })) as unknown as Response;
    expect(ticked.status).toBe(302);
    expect(await exists()).toBe(0);
  });

  it("asks for the password again before deleting (403, reauthenticate), in the one answer", async () => {
    const signedIn = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(signedIn);
    const stale = { ...signedIn, authenticatedAt: new Date(Date.now() - 11 * 60_000) };
    const answered = await send(stale, id, { intent: "delete", confirmDelete: "yes" });
    expect(answered.init.status).toBe(403);
    expect(answered.data).toMatchObject({ intent: "delete", reauthenticate: true, result: { status: "error" } });
    const rows = await harness.database.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
    expect(rows).toHaveLength(1);
  });

  it("lets an owner allow a plain member to post opportunities; a member cannot allow anyone (issue 32)", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    const member = await harness.signIn({ name: "Somchai Phan" });
    await harness.database.db.insert(organizationMembers).values({ organizationId: id, userId: member.user.id, role: "member" });
    const before = open(owner, id);
    const rowOf = async () =>
      (await screen.findAllByTestId("member")).find((row) => row.textContent?.includes("Somchai Phan")) as HTMLElement;
    expect(within(await rowOf()).getByRole("button", { name: "Allow to post opportunities for Somchai Phan" })).toBeTruthy();
    // The owner's own row offers nothing of the kind: an owner posts by their role.
    expect(screen.getAllByRole("button", { name: /Allow to post opportunities/ })).toHaveLength(1);
    before.unmount();
    const allowed = (await send(owner, id, { intent: "posting", userId: String(member.user.id), canPost: "true" })) as unknown;
    expect((allowed as Response).status).toBe(302);
    const after = open(owner, id);
    const row = await rowOf();
    expect(row.textContent).toContain("may post opportunities");
    expect(within(row).getByRole("button", { name: "Stop posting opportunities for Somchai Phan" })).toBeTruthy();
    after.unmount();
    // A plain member cannot allow anyone: the refusal is the page's answer (403).
    const refused = await send(member, id, { intent: "posting", userId: String(member.user.id), canPost: "true" });
    expect(refused.init.status).toBe(403);
  });

  it("is not found for someone who is not a member, page and actions alike", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    const outsider = await harness.signIn({ name: "Somchai Phan" });
    const view = open(outsider, id);
    expect(await screen.findByText("404 Page Not Found")).toBeTruthy();
    expect(screen.queryByText("Mekong Water Trust")).toBeNull();
    view.unmount();
    await expect(send(outsider, id, { intent: "verify" })).rejects.toMatchObject({ init: { status: 404 } });
  });

  // Tried as an NGO team (session 12): the invitation's "Create account" opened the sign-up form
  // without the invited address, which the account must use exactly.
  it("leads from an invitation to the sign-up form with the invited address filled in, and back", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    const invited = "ann.tran@mekong-water.org";
    await inviteMember(harness.deps, actorOf(owner), { id, body: { email: invited, role: "member" } });
    const [mail] = await harness.database.sql<{ text: string }[]>`
      select data->>'text' as text from pgboss.job where name = 'mail' and data->>'to' = ${invited}`;
    const token = /\/invitations\/([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");

    const invitation = renderRoute(invitationPage, {
      path: "/invitations/:token",
      url: `/invitations/${token}`,
      context: appContextOf(harness.deps, null),
    });
    const create = new URL(
      (await screen.findByRole("link", { name: "Create account" })).getAttribute("href") ?? "",
      "http://localhost",
    );
    expect(create.pathname).toBe("/sign-in");
    expect(Object.fromEntries(create.searchParams)).toEqual({
      tab: "register",
      email: invited,
      redirectTo: `/invitations/${token}`,
    });
    const signIn = new URL(screen.getByRole("link", { name: "Sign In" }).getAttribute("href") ?? "", "http://localhost");
    expect(signIn.searchParams.get("email")).toBe(invited);
    invitation.unmount();

    const signUp = renderRoute(signInPage, {
      path: "/sign-in",
      url: `${create.pathname}${create.search}`,
      context: appContextOf(harness.deps, null),
    });
    const form = (await screen.findByRole("button", { name: "Create Account" })).closest("form") as HTMLFormElement;
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).value).toBe(invited);
    expect((form.elements.namedItem("redirectTo") as HTMLInputElement).value).toBe(`/invitations/${token}`);
    signUp.unmount();
  });
});
