import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REPORT_TEXTS } from "#common/organizations.ts";
import { actorOf } from "#server/services/context.ts";
import { reportConversation } from "#server/services/conversations/reports.ts";
import { createOpportunity, publishOpportunity } from "#server/services/opportunities/opportunities.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { inDays } from "../../tests/setup/opportunities.ts";
import { renderSignedInRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as opportunitiesPage from "./admin-opportunities.tsx";
import * as page from "./admin-organizations.tsx";

// /admin/organizations as a route module: a report the service refuses to act on keeps the page
// and says why (the one form answer, app/lib/form-answer.ts).

const harness = routeHarness();

describe("/admin/organizations", () => {
  it("keeps the page and says why when blocking the sender of a reported conversation is refused", async () => {
    const owner = await harness.signIn({ name: "Lan Nguyen" });
    const consultantId = await insertListedConsultant(harness.database.db, { userId: owner.user.id, name: "Lan Nguyen" });
    // A message from before accounts were needed: no sender account to block.
    const [message] = await harness.database.sql<{ conversation_id: number }[]>`
      insert into messages (consultant_id, sender_name, sender_email, subject, message)
      values (${consultantId}, 'Maria Santos', 'maria@example.org', 'An urgent UN job offer', 'Pay the processing fee to start.')
      returning conversation_id`;
    if (!message) throw new Error("the message was not stored");
    await reportConversation(harness.deps, actorOf(owner), {
      id: message.conversation_id,
      body: { reason: "Asks for a fee up front: a known scam." },
    });
    const admin = await harness.signIn({ role: "admin" });
    const view = renderSignedInRoute(page, harness, admin, "/admin/organizations");
    const report = await screen.findByTestId("report");
    fireEvent.change(within(report).getByLabelText("Action"), { target: { value: "block" } });
    fireEvent.click(within(report).getByRole("button", { name: /Apply/ }));
    expect(await screen.findByText("Not changed")).toBeTruthy();
    expect(screen.getByText(REPORT_TEXTS.noSender)).toBeTruthy();
    expect(screen.getByTestId("report")).toBeTruthy();
    view.unmount();
  });

  // Tried as an admin with a screen reader (session 13): an organization of one read "1 members of …".
  it("reads one member in the singular", async () => {
    const owner = await harness.signIn({ name: "Dara Keo" });
    await createOrganization(harness.deps, actorOf(owner), { name: "Tonle Sap Learning Network", kind: "ngo", country: "KH" });
    const admin = await harness.signIn({ role: "admin" });
    const view = renderSignedInRoute(page, harness, admin, "/admin/organizations");
    const link = await screen.findByRole("link", { name: "1 member of Tonle Sap Learning Network" });
    expect(link.getAttribute("href")).toMatch(/^\/admin\/organizations\?open=\d+$/);
    view.unmount();
  });
});

// Tried as an admin (session 12): the approval queue said "1 opportunities".
describe("/admin/opportunities", () => {
  it("counts one opportunity in the singular", async () => {
    const poster = await harness.signIn({ name: "Ploy Srisuk" });
    const organization = await createOrganization(harness.deps, actorOf(poster), {
      name: "Delta Research Institute",
      kind: "research",
      country: "VN",
    });
    const draft = await createOpportunity(harness.deps, actorOf(poster), {
      organizationId: organization.id,
      title: "Baseline survey on salinity intrusion",
      description: "A household survey of 600 households on salinity intrusion and drinking water.",
      specializations: ["Agriculture"],
      countries: ["Vietnam"],
      duration: { value: 3, unit: "months" },
      deadline: inDays(30),
    });
    // Not verified: it waits for an administrator.
    await publishOpportunity(harness.deps, actorOf(poster), draft.id);
    const admin = await harness.signIn({ role: "admin" });
    const view = renderSignedInRoute(opportunitiesPage, harness, admin, "/admin/opportunities");
    expect(await screen.findByText("1 opportunity")).toBeTruthy();
    expect(screen.queryByText("1 opportunities")).toBeNull();
    view.unmount();
  });
});
