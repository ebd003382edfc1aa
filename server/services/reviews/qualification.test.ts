import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#server/db/schema.ts";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { consultantInsights } from "../insights/report.ts";
import { hasQualifyingConversation } from "./qualification.ts";

// Who may review, and the insights' "messages received", read from conversations (issue 13): a
// consultant "replied" when the conversation holds an entry from the consultant's side.

let env: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  env = await startApiApp();
});
afterAll(async () => {
  await env?.close();
});

let ip = 0;
async function send(token: string, consultantId: number) {
  ip += 1;
  const response = await call(env.app, "POST", `/api/consultants/${consultantId}/messages`, {
    token,
    ip: `198.51.100.${ip}`,
    body: {
      senderName: "Ana Officer",
      senderEmail: `ana-${randomBytes(4).toString("hex")}@example.org`,
      subject: "Evaluation",
      message: "Would you be available for an evaluation in May?",
    },
  });
  expect(response.status, response.text).toBe(201);
  const list = await call(env.app, "GET", "/api/conversations?box=sent", { token });
  return list.json.conversations[0].id as number;
}

async function setup() {
  const owner = await insertSignedInUser(env.database.db, { name: "Consultant Owner" });
  const consultantId = await insertListedConsultant(env.database.db, { userId: owner.id });
  const sender = await insertSignedInUser(env.database.db, { name: "Ana Officer" });
  return { owner, consultantId, sender };
}

describe("who may review: the conversation decides", () => {
  it("qualifies the sender once the consultant answers in the conversation, and nobody else", async () => {
    const { owner, consultantId, sender } = await setup();
    const bystander = await insertSignedInUser(env.database.db);
    const conversationId = await send(sender.token, consultantId);
    expect(await hasQualifyingConversation(env.database.db, sender.id, consultantId)).toBe(false);
    // The sender writing again is not an answer from the consultant.
    const more = await call(env.app, "POST", `/api/conversations/${conversationId}/messages`, {
      token: sender.token,
      ip: "198.51.100.250",
      body: { message: "Just checking whether you saw my message." },
    });
    expect(more.status, more.text).toBe(201);
    expect(await hasQualifyingConversation(env.database.db, sender.id, consultantId)).toBe(false);

    const answer = await call(env.app, "POST", `/api/conversations/${conversationId}/messages`, {
      token: owner.token,
      body: { message: "Yes, I am available from May." },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(await hasQualifyingConversation(env.database.db, sender.id, consultantId)).toBe(true);
    expect(await hasQualifyingConversation(env.database.db, bystander.id, consultantId)).toBe(false);
    expect(await hasQualifyingConversation(env.database.db, owner.id, consultantId)).toBe(false);
  });

  it("does not take a message's replied_at flag without an answer in the conversation as a reply", async () => {
    const { consultantId, sender } = await setup();
    await send(sender.token, consultantId);
    // The spec's field set by hand (an import, an old client): no entry from the consultant exists.
    await env.database.db.execute(
      sql`update messages set replied_at = now() where consultant_id = ${consultantId} and sender_user_id = ${sender.id}`,
    );
    expect(await hasQualifyingConversation(env.database.db, sender.id, consultantId)).toBe(false);
    const review = await call(env.app, "POST", `/api/consultants/${consultantId}/reviews`, {
      token: sender.token,
      body: { score: 9, text: "Clear, practical advice and on time.", engagement: "Evaluation or review" },
    });
    expect(review.status).toBe(403);
  });
});

describe("insights: messages received", () => {
  it("counts the entries from the other side of the consultant's conversations, by the conversation they belong to", async () => {
    const { owner, consultantId, sender } = await setup();
    const other = await insertListedConsultant(env.database.db);
    const conversationId = await send(sender.token, consultantId);
    // The consultant's own answer is not a message received.
    await call(env.app, "POST", `/api/conversations/${conversationId}/messages`, {
      token: owner.token,
      body: { message: "Yes, I am available from May." },
    });
    await call(env.app, "POST", `/api/conversations/${conversationId}/messages`, {
      token: sender.token,
      ip: "198.51.100.251",
      body: { message: "Wonderful, here are the terms of reference." },
    });
    // A row filed under this consultant's conversation whose consultant column names another
    // profile: the conversation is the source, so it counts here and not for the other profile.
    await env.database.db.insert(messages).values({
      consultantId: other,
      conversationId,
      senderUserId: sender.id,
      senderName: "Ana Officer",
      senderEmail: "ana@example.org",
      subject: "Re: Evaluation",
      message: "And the budget, as promised.",
    });
    const mine = await consultantInsights(env.database.db, consultantId);
    expect(mine.messagesReceived).toMatchObject({ total: 3, previousTotal: 0 });
    expect(mine.messagesReceived.weekly.at(-1)).toBe(3);
    expect((await consultantInsights(env.database.db, other)).messagesReceived.total).toBe(0);
  });
});
