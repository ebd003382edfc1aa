import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import { MESSAGE_TEXTS } from "#common/messages.ts";
import { authTokens, authUsers } from "#server/db/schema.ts";
import { RATE_LIMIT_MESSAGES } from "#server/services/accounts/limits.ts";
import { actorOf } from "#server/services/context.ts";
import { listConversations } from "#server/services/conversations/conversations.ts";
import { openConversation } from "#server/services/conversations/thread.ts";
import { resolveSession } from "#server/services/sessions.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { receivedConversation } from "../../tests/setup/conversations.ts";
import { appContextOf, postAction, redirectAfterAction, routeHarness, routerContextOf } from "../../tests/setup/route-stub.tsx";
import { insertSignedInUser } from "../../tests/setup/users.ts";
// The server's catalogues, as server/main.ts loads them (registers the languages' messages).
import "../i18n/catalogs.server.ts";
import * as messagePage from "./consultant-message.tsx";
import * as conversationPage from "./messages-conversation.tsx";

// Issue 36 item 5 through the pages' actions (the JSON API's side is
// server/http/api/conversation-safety.test.ts): "Delete from my messages" on /messages/{id}
// takes the conversation out of the deleting party's boxes only; a blocked sender's conversation
// is marked and takes no answer; the message form's "Resend verification" sends the link again
// through the account page's service and its limit. (Node's Response: happy-dom drops Set-Cookie.)

const harness = routeHarness();

type Session = Awaited<ReturnType<typeof harness.signIn>>;

function post(page: { action: (args: never) => unknown }, session: Session, url: string, fields: Record<string, string>) {
  // "/messages/12" and "/consultant/12/message": the id is the second part of either.
  const params = { id: url.split("/")[2] ?? "" };
  return postAction<FormAnswer>(page, { url, context: appContextOf(harness.deps, session), fields, params });
}

async function boxOf(session: Session, box: "sent" | "received") {
  const page = await listConversations(harness.deps, actorOf(session), { box });
  return page.conversations.map((conversation) => conversation.id);
}

/** `session` sends "Delete from my messages" on conversation `id`'s page (in the language `prefix` names): where it lands, and its toast. */
const deleteAs = (session: Session, id: number, prefix = "") =>
  redirectAfterAction(conversationPage, {
    url: `${prefix}/messages/${id}`,
    context: appContextOf(harness.deps, session),
    fields: { intent: "delete" },
    params: { id: String(id) },
  });

describe("Delete from my messages on /messages/{id}", () => {
  it("takes the conversation out of the consultant's Received box only: the sender still lists and opens it", async () => {
    const { id, consultant, sender } = await receivedConversation(harness);
    expect(await boxOf(consultant, "received")).toContain(id);

    const done = await deleteAs(consultant, id);
    expect(done.location).toBe("/messages?box=received");
    expect(done.toast?.title).toBe(CONVERSATION_TEXTS.deleted);
    expect(await boxOf(consultant, "received")).not.toContain(id);

    // The other party keeps it: listed in Sent, and its thread opens with the message.
    expect(await boxOf(sender, "sent")).toContain(id);
    const thread = await openConversation(harness.deps, actorOf(sender), id, { markRead: false });
    expect(thread.entries.map((entry) => entry.body)).toEqual([
      "Send us a processing fee of 200 USD and the assignment is yours.",
    ]);
  });

  it("takes it out of the sender's Sent box only when the sender deletes it", async () => {
    const { id, consultant, sender } = await receivedConversation(harness);
    const done = await deleteAs(sender, id);
    expect(done.location).toBe("/messages?box=sent");
    expect(await boxOf(sender, "sent")).not.toContain(id);
    expect(await boxOf(consultant, "received")).toContain(id);
  });

  it("is the 404 page for someone who is no party, and deletes nothing", async () => {
    const { id, consultant, sender } = await receivedConversation(harness);
    const stranger = await harness.signIn();
    const refused = await post(conversationPage, stranger, `/messages/${id}`, { intent: "delete" }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ init: { status: 404 }, data: CONVERSATION_TEXTS.notFound });
    expect(await boxOf(consultant, "received")).toContain(id);
    expect(await boxOf(sender, "sent")).toContain(id);
  });

  it("says it in the page's language", async () => {
    const { id, consultant } = await receivedConversation(harness);
    const done = await deleteAs(consultant, id, "/th");
    expect(done.toast?.title).toBe("ลบบทสนทนาออกจากข้อความของคุณแล้ว");
  });
});

describe("a conversation from a blocked sender on /messages/{id}", () => {
  it("is marked for the consultant and refuses an answer with the reason", async () => {
    const { id, consultant, sender } = await receivedConversation(harness);
    await harness.database.db.update(authUsers).set({ blockedAt: new Date() }).where(eq(authUsers.id, sender.user.id));
    const loaded = (await conversationPage.loader({
      request: new Request(`http://localhost/messages/${id}`),
      context: routerContextOf(appContextOf(harness.deps, consultant)),
      params: { id: String(id) },
    } as never)) as { conversation: { isBlockedSender: boolean } };
    expect(loaded.conversation.isBlockedSender).toBe(true);

    const reply = await post(conversationPage, consultant, `/messages/${id}`, {
      message: "Please stop writing to me about fees.",
    });
    expect(reply.init.status).toBe(403);
    expect(reply.data.result.error?.[""]).toEqual([CONVERSATION_TEXTS.blockedSenderReply]);
    const thread = await openConversation(harness.deps, actorOf(consultant), id, { markRead: false });
    expect(thread.entries).toHaveLength(1);
  });
});

/** An account whose address is not verified yet, signed in. */
async function unverifiedSender() {
  const { token } = await insertSignedInUser(harness.database.db, { name: "Bui Thi Lan", isEmailVerified: false });
  const session = await resolveSession(harness.database.db, token, {}, "none");
  if (!session) throw new Error("the new session does not resolve");
  return session;
}

async function verificationLinksOf(userId: number) {
  const rows = await harness.database.db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "verify_email")));
  return rows.length;
}

describe("Resend verification beside the message form", () => {
  it("is what an unverified account's first message is refused with; it issues a new link, up to the account page's limit", async () => {
    const owner = await harness.signIn({ name: "Dara Chann" });
    const consultantId = await insertListedConsultant(harness.database.db, { userId: owner.user.id, name: "Dara Chann" });
    const sender = await unverifiedSender();
    const url = `/consultant/${consultantId}/message`;
    const refused = await post(messagePage, sender, url, {
      senderName: "Bui Thi Lan",
      senderEmail: sender.user.email,
      subject: "Evaluation in Hue",
      message: "A two-week evaluation of a school water programme in Hue, in April.",
    });
    expect(refused.init.status).toBe(403);
    expect(refused.data.result.error?.[""]).toEqual([MESSAGE_TEXTS.verifyToStart]);

    const before = await verificationLinksOf(sender.user.id);
    const resent = await post(messagePage, sender, url, { intent: "resend-verification" });
    expect(resent.init?.status ?? 200).toBe(200);
    expect(resent.data.intent).toBe("resend-verification");
    expect(resent.data.result.status).toBe("success");
    expect(resent.data.toast).toMatchObject({
      title: "Verification email sent",
      description: `We sent a verification link to ${sender.user.email}.`,
    });
    expect(await verificationLinksOf(sender.user.id)).toBe(before + 1);

    // The account page's limit (5 an hour for an account) counts these too: the sixth is refused.
    for (let sent = 2; sent <= 5; sent += 1) {
      const again = await post(messagePage, sender, url, { intent: "resend-verification" });
      expect(again.data.result.status).toBe("success");
    }
    const limited = await post(messagePage, sender, url, { intent: "resend-verification" });
    expect(limited.init.status).toBe(429);
    expect(limited.data.intent).toBe("resend-verification");
    expect(limited.data.result.error?.[""]).toEqual([RATE_LIMIT_MESSAGES.verification]);
    expect(limited.data.toast).toMatchObject({ title: "Could not send the verification email", variant: "destructive" });
    expect(await verificationLinksOf(sender.user.id)).toBe(before + 5);
  });

  it("refuses an account that is verified already (409), and signed out (401)", async () => {
    const owner = await harness.signIn({ name: "Somchai Prasert" });
    const consultantId = await insertListedConsultant(harness.database.db, { userId: owner.user.id, name: "Somchai Prasert" });
    const verified = await harness.signIn({ name: "Maria Santos" });
    const url = `/consultant/${consultantId}/message`;
    const again = await post(messagePage, verified, url, { intent: "resend-verification" });
    expect(again.init.status).toBe(409);
    expect(again.data.result.error?.[""]).toEqual(["Your email address is already verified"]);
    const signedOut = await postAction<FormAnswer>(messagePage, {
      url,
      context: appContextOf(harness.deps, null),
      fields: { intent: "resend-verification" },
      params: { id: String(consultantId) },
    });
    expect(signedOut.init.status).toBe(401);
  });
});
