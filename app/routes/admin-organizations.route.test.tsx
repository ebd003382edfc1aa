import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REPORT_TEXTS } from "#common/organizations.ts";
import { actorOf } from "#server/services/context.ts";
import { reportConversation } from "#server/services/conversations/reports.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
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
    const view = renderRoute(page, {
      path: "/admin/organizations",
      url: "/admin/organizations",
      context: appContextOf(harness.deps, admin),
      signedIn: true,
    });
    const report = await screen.findByTestId("report");
    fireEvent.change(within(report).getByLabelText("Action"), { target: { value: "block" } });
    fireEvent.click(within(report).getByRole("button", { name: /Apply/ }));
    expect(await screen.findByText("Not changed")).toBeTruthy();
    expect(screen.getByText(REPORT_TEXTS.noSender)).toBeTruthy();
    expect(screen.getByTestId("report")).toBeTruthy();
    view.unmount();
  });
});
