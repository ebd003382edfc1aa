import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { actorOf } from "#server/services/context.ts";
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
