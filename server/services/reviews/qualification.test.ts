import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { messages } from "#server/db/schema.ts";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { consultantInsights } from "../insights/report.ts";
import { hasQualifyingConversation } from "./qualification.ts";

const it = apiTest();

// Who may review, and the insights' "messages received", read from conversations (issue 13): a
// consultant "replied" when the conversation holds an entry from the consultant's side.

let ip = 0;
async function send(api: TestApi, token: string, consultantId: number) {
  ip += 1;
  const response = await call(api.app, "POST", `/api/consultants/${consultantId}/messages`, {
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
  const list = await call(api.app, "GET", "/api/conversations?box=sent", { token });
  return list.json.conversations[0].id as number;
}

async function setup(api: TestApi) {
  const owner = await insertSignedInUser(api.database.db, { name: "Consultant Owner" });
  const consultantId = await insertListedConsultant(api.database.db, { userId: owner.id });
  const sender = await insertSignedInUser(api.database.db, { name: "Ana Officer" });
  return { owner, consultantId, sender };
}

describe("who may review: the conversation decides", () => {
  it("qualifies the sender once the consultant answers in the conversation, and nobody else", async ({ api }) => {
    const { owner, consultantId, sender } = await setup(api);
    const bystander = await insertSignedInUser(api.database.db);
    const conversationId = await send(api, sender.token, consultantId);
    expect(await hasQualifyingConversation(api.database.db, sender.id, consultantId)).toBe(false);
    // The sender writing again is not an answer from the consultant.
    const more = await call(api.app, "POST", `/api/conversations/${conversationId}/messages`, {
      token: sender.token,
      ip: "198.51.100.250",
      body: { message: "Just checking whether you saw my message." },
    });
    expect(more.status, more.text).toBe(201);
    expect(await hasQualifyingConversation(api.database.db, sender.id, consultantId)).toBe(false);

    const answer = await call(api.app, "POST", `/api/conversations/${conversationId}/messages`, {
      token: owner.token,
      body: { message: "Yes, I am available from May." },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(await hasQualifyingConversation(api.database.db, sender.id, consultantId)).toBe(true);
    expect(await hasQualifyingConversation(api.database.db, bystander.id, consultantId)).toBe(false);
    expect(await hasQualifyingConversation(api.database.db, owner.id, consultantId)).toBe(false);
  });

  it("does not take a message's replied_at flag without an answer in the conversation as a reply", async ({ api }) => {
    const { consultantId, sender } = await setup(api);
    await send(api, sender.token, consultantId);
    // The spec's field set by hand (an import, an old client): no entry from the consultant exists.
    await api.database.db.execute(
      sql`update messages set replied_at = now() where consultant_id = ${consultantId} and sender_user_id = ${sender.id}`,
    );
    expect(await hasQualifyingConversation(api.database.db, sender.id, consultantId)).toBe(false);
    const review = await call(api.app, "POST", `/api/consultants/${consultantId}/reviews`, {
      token: sender.token,
      body: { score: 9, text: "Clear, practical advice and on time.", engagement: "Evaluation or review" },
    });
    expect(review.status).toBe(403);
  });
});

describe("insights: messages received", () => {
  it("counts the entries from the other side of the consultant's conversations, by the conversation they belong to", async ({
    api,
  }) => {
    const { owner, consultantId, sender } = await setup(api);
    const other = await insertListedConsultant(api.database.db);
    const conversationId = await send(api, sender.token, consultantId);
    // The consultant's own answer is not a message received.
    await call(api.app, "POST", `/api/conversations/${conversationId}/messages`, {
      token: owner.token,
      body: { message: "Yes, I am available from May." },
    });
    await call(api.app, "POST", `/api/conversations/${conversationId}/messages`, {
      token: sender.token,
      ip: "198.51.100.251",
      body: { message: "Wonderful, here are the terms of reference." },
    });
    // A row filed under this consultant's conversation whose consultant column names another
    // profile: the conversation is the source, so it counts here and not for the other profile.
    await api.database.db.insert(messages).values({
      consultantId: other,
      conversationId,
      senderUserId: sender.id,
      senderName: "Ana Officer",
      senderEmail: "ana@example.org",
      subject: "Re: Evaluation",
      message: "And the budget, as promised.",
    });
    const mine = await consultantInsights(api.database.db, consultantId);
    expect(mine.messagesReceived).toMatchObject({ total: 3, previousTotal: 0 });
    expect(mine.messagesReceived.weekly.at(-1)).toBe(3);
    expect((await consultantInsights(api.database.db, other)).messagesReceived.total).toBe(0);
  });
});
