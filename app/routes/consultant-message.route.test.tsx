import { fireEvent, screen, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, organizationMembers } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { sendMessage } from "#server/services/messages/send.ts";
import { setActingOrganization } from "#server/services/organizations/membership.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as messagePage from "./consultant-message.tsx";

// The message form starts with the writer's organization (issue 36: "the organization must be
// retyped in every message"): the one they act for, fixed, since the message goes out under its
// name; else their organizations offered, the only one filled in; nothing for a person in none.

const harness = routeHarness();

async function organizationField(session: Awaited<ReturnType<typeof harness.signIn>>) {
  const consultantId = await insertListedConsultant(harness.database.db, { name: "Lan Nguyen" });
  const view = renderRoute(messagePage, {
    path: "/consultant/:id/message",
    url: `/consultant/${consultantId}/message`,
    context: appContextOf(harness.deps, session),
  });
  const field = (await screen.findByLabelText(/^Organization/)) as HTMLInputElement;
  const listId = field.getAttribute("list");
  const offered = listId
    ? [...(document.getElementById(listId)?.querySelectorAll("option") ?? [])].map((option) => option.value)
    : [];
  return { field, offered, view };
}

async function organization(session: Awaited<ReturnType<typeof harness.signIn>>, name: string) {
  return createOrganization(harness.deps, actorOf(session), { name, kind: "ngo", country: "VN" });
}

describe("the message page's recipient", () => {
  it("marks the consultant's title with the language the profile is written in (issue 37)", async () => {
    const consultantId = await insertListedConsultant(harness.database.db, {
      name: "Somchai Jaidee",
      title: "ที่ปรึกษาด้านน้ำและสุขาภิบาล",
      profileLanguage: "th",
    });
    const view = renderRoute(messagePage, {
      path: "/consultant/:id/message",
      url: `/consultant/${consultantId}/message`,
      context: appContextOf(harness.deps, null),
    });
    const title = await screen.findByText("ที่ปรึกษาด้านน้ำและสุขาภิบาล");
    expect(title.getAttribute("lang")).toBe("th");
    view.unmount();
  });
});

describe("the message form's organization", () => {
  it("is the organization the writer acts for, fixed, and said to be the message's sender", async () => {
    const writer = await harness.signIn({ name: "Ploy Srisuk" });
    await organization(writer, "Delta Health Partners");
    const { field, offered, view } = await organizationField(writer);
    expect(field.value).toBe("Delta Health Partners");
    expect(field.readOnly).toBe(true);
    expect(offered).toEqual([]);
    expect(
      screen.getByText("You act for Delta Health Partners: the message goes out under its name, and its members read the reply."),
    ).toBeTruthy();
    view.unmount();
  });

  it("is filled in with their only organization while they act for themselves, and can be changed", async () => {
    const writer = await harness.signIn({ name: "Somchai Wong" });
    await organization(writer, "Mekong Water Trust");
    await setActingOrganization(harness.deps, actorOf(writer), { organizationId: null });
    const { field, offered, view } = await organizationField(writer);
    expect(field.value).toBe("Mekong Water Trust");
    expect(field.readOnly).toBe(false);
    expect(offered).toEqual(["Mekong Water Trust"]);
    expect(screen.queryByText(/You act for/)).toBeNull();
    view.unmount();
  });

  it("offers each of their organizations when they belong to several and act for none", async () => {
    const writer = await harness.signIn({ name: "Dewi Lestari" });
    await organization(writer, "Sulawesi Health Forum");
    await organization(writer, "Aceh Livelihoods Network");
    await setActingOrganization(harness.deps, actorOf(writer), { organizationId: null });
    const { field, offered, view } = await organizationField(writer);
    expect(field.value).toBe("");
    expect(field.readOnly).toBe(false);
    expect(offered).toEqual(["Aceh Livelihoods Network", "Sulawesi Health Forum"]);
    view.unmount();
  });

  it("is empty and free for a person in no organization", async () => {
    const writer = await harness.signIn({ name: "Maria Santos" });
    const { field, offered, view } = await organizationField(writer);
    expect(field.value).toBe("");
    expect(field.readOnly).toBe(false);
    expect(field.getAttribute("list")).toBeNull();
    expect(offered).toEqual([]);
    view.unmount();
  });
});

// Tried as an NGO team (session 12): Ann opened the message form of a consultant her colleague had
// already written to for their NGO, and nothing said so; her message joined that conversation.
describe("already contacted by a colleague", () => {
  it("says which colleague of the team wrote last and when, with the way to the conversation; not to someone acting for themselves", async () => {
    const ploy = await harness.signIn({ name: "Ploy Srisuk" });
    const team = await organization(ploy, "Mekong Water Alliance");
    const consultantId = await insertListedConsultant(harness.database.db, { name: "Vu Van Minh" });
    await sendMessage(harness.deps, actorOf(ploy), {
      consultantId,
      senderName: "Ploy Srisuk",
      senderEmail: ploy.user.email,
      subject: "Mekong WASH mid-term evaluation",
      message: "Would you be available for an evaluation in the Mekong delta in March?",
    });
    const ann = await harness.signIn({ name: "Ann Lertpanya" });
    await harness.database.db
      .insert(organizationMembers)
      .values({ organizationId: team.id, userId: ann.user.id, role: "member", isActing: true });
    const form = (session: typeof ann) =>
      renderRoute(messagePage, {
        path: "/consultant/:id/message",
        url: `/consultant/${consultantId}/message`,
        context: appContextOf(harness.deps, session),
      });
    const view = form(ann);
    const notice = await screen.findByTestId("team-contact");
    expect(notice.textContent).toContain("Your team already writes to Vu Van Minh");
    expect(notice.textContent).toContain("Ploy Srisuk of Mekong Water Alliance wrote last");
    expect(notice.textContent).toContain("“Mekong WASH mid-term evaluation”");
    const [conversation] = await harness.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.consultantId, consultantId));
    expect(within(notice).getByRole("link", { name: "Open the conversation" }).getAttribute("href")).toBe(
      `/messages/${conversation?.id}`,
    );
    view.unmount();

    // Ploy, who wrote it, reads that she did.
    const own = form(ploy);
    expect((await screen.findByTestId("team-contact")).textContent).toContain("You wrote last, on");
    own.unmount();

    // Acting for herself, her message would be her own conversation: nothing to say.
    await setActingOrganization(harness.deps, actorOf(ann), { organizationId: null });
    const alone = form(ann);
    await screen.findByLabelText(/^Organization/);
    expect(screen.queryByTestId("team-contact")).toBeNull();
    alone.unmount();
  });
});

// Tried on a phone (session 13): the session ended while the message was being written; Send
// answered only with the "Authentication Required" toast, and nothing in the form said the text
// was kept or where to sign in (the header still showed the account).
describe("a session that ended before Send", () => {
  it("keeps the text and says so, with Sign in again back to this form", async () => {
    const writer = await harness.signIn({ name: "Maria Santos" });
    const consultantId = await insertListedConsultant(harness.database.db, { name: "Dara Chann" });
    const context = appContextOf(harness.deps, writer);
    const view = renderRoute(messagePage, {
      path: "/consultant/:id/message",
      url: `/consultant/${consultantId}/message`,
      context,
    });
    const text = "Would you be available for a three-week water governance review in Vientiane in March?";
    fireEvent.change(await screen.findByLabelText(/^Subject/), { target: { value: "Water governance review" } });
    const message = screen.getByRole("textbox", { name: /^Message/ }) as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: text } });
    context.session = null;
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    const notice = await screen.findByTestId("signed-out");
    expect(notice.textContent).toContain("what you wrote stays on this device");
    expect(within(notice).getByRole("link", { name: "Sign in again" }).getAttribute("href")).toBe(
      `/sign-in?redirectTo=${encodeURIComponent(`/consultant/${consultantId}/message#send-message`)}`,
    );
    expect(message.value).toBe(text);
    view.unmount();
  });
});
