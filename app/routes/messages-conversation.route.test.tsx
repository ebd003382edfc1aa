import { fireEvent, screen, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import { CONVERSATION_REPORT_REASONS, REPORT_TEXTS } from "#common/organizations.ts";
import { consultants, conversationReports } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { sendMessage } from "#server/services/messages/send.ts";
import { receivedConversation } from "../../tests/setup/conversations.ts";
import { verifiedOrganizationOf } from "../../tests/setup/opportunity-applicants.ts";
import { appContextOf, postAction, type RouteSession, renderSignedInRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as list from "./messages.tsx";
import * as page from "./messages-conversation.tsx";

// /messages/{id} as a route module: "Report this sender" (issue 31). The consultant who received
// the conversation reports it with a reason and optional details; the admins' queue gets it
// (the one service of the JSON API's POST /api/conversations/{id}/report), and the page says it
// was reported. The sender's side, a stranger, an empty reason and a second report are refused.

const harness = routeHarness();

const [spam, scam, , , somethingElse] = CONVERSATION_REPORT_REASONS;

const conversation = () => receivedConversation(harness);

function open(session: RouteSession, id: number) {
  return renderSignedInRoute(page, harness, session, "/messages/:id", `/messages/${id}`);
}

function report(session: RouteSession, id: number, fields: Record<string, string>) {
  return postAction<FormAnswer>(page, {
    url: `/messages/${id}`,
    context: appContextOf(harness.deps, session),
    fields: { intent: "report", ...fields },
    params: { id: String(id) },
  });
}

async function reportsOf(id: number) {
  return harness.database.db
    .select({ reason: conversationReports.reason, status: conversationReports.status })
    .from(conversationReports)
    .where(eq(conversationReports.conversationId, id));
}

describe("Report this sender on /messages/{id}", () => {
  it("sends the received conversation to the admins' queue with the reason and details, then says it was reported", async () => {
    const { id, consultant } = await conversation();
    const view = open(consultant, id);
    fireEvent.click(await screen.findByText("Report this sender"));
    fireEvent.click(screen.getByLabelText(scam as string));
    fireEvent.change(screen.getByLabelText(/^Details/), { target: { value: "They ask for a fee before any interview." } });
    fireEvent.click(screen.getByRole("button", { name: "Send the report" }));
    expect((await screen.findByTestId("sender-reported")).textContent).toContain("You reported this sender");
    expect(screen.queryByRole("button", { name: "Send the report" })).toBeNull();
    expect(await reportsOf(id)).toEqual([{ reason: `${scam}\n\nThey ask for a fee before any interview.`, status: "open" }]);
    view.unmount();
  });

  it("keeps the form, the choice and the details when a reason needs details it did not get", async () => {
    const { id, consultant } = await conversation();
    const view = open(consultant, id);
    fireEvent.click(await screen.findByText("Report this sender"));
    fireEvent.click(screen.getByLabelText(somethingElse as string));
    fireEvent.click(screen.getByRole("button", { name: "Send the report" }));
    expect(await screen.findByText(REPORT_TEXTS.detailsNeeded)).toBeTruthy();
    expect((screen.getByLabelText(somethingElse as string) as HTMLInputElement).checked).toBe(true);
    // The answer form above is not blamed for the report's refusal.
    expect(screen.queryByText("Your answer was not sent")).toBeNull();
    expect(await reportsOf(id)).toEqual([]);
    view.unmount();
  });

  it("is not offered to the sender's side", async () => {
    const { id, sender } = await conversation();
    const view = open(sender, id);
    await screen.findByRole("button", { name: "Send" });
    expect(screen.queryByText("Report this sender")).toBeNull();
    view.unmount();
  });

  it("refuses the sender (403), a stranger (404), an empty reason (400) and a second report (409)", async () => {
    const { id, consultant, sender } = await conversation();

    const own = await report(sender, id, { reason: spam as string });
    expect(own.init.status).toBe(403);
    expect(own.data.result.error?.[""]).toEqual([REPORT_TEXTS.onlyReceived]);

    // Someone who is no party: the conversation does not exist for them (the route's 404 page).
    const stranger = await harness.signIn();
    const refused = await report(stranger, id, { reason: spam as string }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ init: { status: 404 }, data: CONVERSATION_TEXTS.notFound });

    const empty = await report(consultant, id, { reason: " ", details: "Typed, kept." });
    expect(empty.init.status).toBe(400);
    expect(empty.data.result.error?.reason).toEqual([REPORT_TEXTS.reason]);
    expect(empty.data.result.initialValue).toMatchObject({ details: "Typed, kept." });

    const tooLong = await report(consultant, id, { reason: "r".repeat(900), details: "d".repeat(200) });
    expect([tooLong.init.status, tooLong.data.result.error?.details]).toEqual([400, [REPORT_TEXTS.tooLongTogether]]);

    const first = await report(consultant, id, { reason: spam as string, details: "" });
    expect((first as unknown as Response).status).toBe(302);
    const again = await report(consultant, id, { reason: spam as string });
    expect(again.init.status).toBe(409);
    expect(again.data.result.error?.[""]).toEqual([REPORT_TEXTS.alreadyReported]);
    expect(await reportsOf(id)).toEqual([{ reason: spam, status: "open" }]);
  });

  it("says it was reported until an admin has dealt with the report, then offers the form again", async () => {
    const { id, consultant } = await conversation();
    await report(consultant, id, { reason: spam as string });
    const first = open(consultant, id);
    const reported = await screen.findByTestId("sender-reported");
    expect(within(reported).getByText("An administrator will look at this conversation.")).toBeTruthy();
    first.unmount();
    await harness.database.db
      .update(conversationReports)
      .set({ status: "dismissed", resolvedAt: new Date() })
      .where(eq(conversationReports.conversationId, id));
    const second = open(consultant, id);
    await screen.findByText("Report this sender");
    expect(screen.queryByTestId("sender-reported")).toBeNull();
    second.unmount();
  });
});

describe("the received list on /messages", () => {
  it("marks a verified organization's conversation with the badge, not a name the sender typed", async () => {
    // A typed organization ("Mekong Jobs", no organization behind it) and a verified team's message.
    const { consultant } = await conversation();
    const consultantId = await consultantOf(consultant.user.id);
    const member = await harness.signIn({ name: "Ann Lertpanya" });
    await verifiedOrganizationOf(harness, member, "Mekong Water Alliance");
    await sendMessage(harness.deps, actorOf(member), {
      consultantId,
      senderName: "Ann Lertpanya",
      senderEmail: member.user.email,
      subject: "Mid-term evaluation",
      message: "Would you be available for the mid-term evaluation in March?",
    });
    const view = renderSignedInRoute(list, harness, consultant, "/messages", "/messages?box=received");
    const rows = await screen.findAllByTestId("conversation-item");
    const badgeIn = (subject: string) => {
      const row = rows.find((item) => item.textContent?.includes(subject));
      if (!row) throw new Error(`no row for ${subject}`);
      return within(row).queryByText("Verified organization") !== null;
    };
    expect([badgeIn("Mid-term evaluation"), badgeIn("A paid position for you")]).toEqual([true, false]);
    view.unmount();

    // The team's conversation says the whole team reads the answer, and who gets the e-mail; the
    // typed organization's says only its sender does.
    const [team, typed] = await harness.database.sql<{ id: number }[]>`
      select id from conversations where consultant_id = ${consultantId} order by organization_id nulls last`;
    const answerNote = async (id: number) => {
      const opened = open(consultant, id);
      const note = (await screen.findByRole("heading", { name: "Answer" })).closest("section")?.textContent ?? "";
      opened.unmount();
      return note;
    };
    expect(await answerNote(team?.id ?? 0)).toContain(
      "Everyone at Mekong Water Alliance sees your answer here; Ann Lertpanya receives it by e-mail.",
    );
    expect(await answerNote(typed?.id ?? 0)).toContain("sees your answer here and receives it by e-mail.");
  });
});

async function consultantOf(userId: number) {
  const [row] = await harness.database.db.select({ id: consultants.id }).from(consultants).where(eq(consultants.userId, userId));
  if (!row) throw new Error("no consultant profile");
  return row.id;
}
