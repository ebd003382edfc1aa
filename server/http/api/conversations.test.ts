import { describe, expect } from "vitest";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import { MESSAGE_TEXTS } from "#common/messages.ts";
import { accountMenuState, countUnreadConversations } from "#server/services/conversations/conversations.ts";
import { SEND_LIMIT_PER_SENDER } from "#server/services/messages/send.ts";
import { call } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { freshIp, unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// Conversations through the JSON API on a real database and a real SMTP server.

const it = apiTest();
const env = fileApi(it);

async function insertConsultant(status = "approved") {
  const owner = await insertSignedInUser(env.database.db, { name: "Lan Nguyen" });
  const email = `lan-${unique()}@example.org`;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status)
    values (${owner.id}, 'Lan Nguyen', 'Public Health Specialist', ${email}, 'Hanoi, Vietnam', 'Vietnam', 12, 'Healthcare',
            'Twelve years of maternal health programmes.', ${status})
    returning id`;
  return { id: row!.id, email, owner };
}

async function sendAs(token: string, consultantId: number, senderEmail: string, subject = `Evaluation ${unique()}`) {
  const response = await call(env.app, "POST", `/api/consultants/${consultantId}/messages`, {
    token,
    ip: freshIp(),
    body: {
      senderName: "Maria Santos",
      senderEmail,
      senderOrganization: "UNICEF Philippines",
      subject,
      message: "We are looking for a health systems evaluator for a six-month assignment.",
    },
  });
  expect(response.status, response.text).toBe(201);
  expect(response.json).toEqual({ message: MESSAGE_TEXTS.sent });
  return subject;
}

/** An organization that has written twice to a consultant. */
async function conversationSetup() {
  const consultant = await insertConsultant();
  const sender = await insertSignedInUser(env.database.db, { name: "Maria Santos" });
  const senderEmail = `maria-${unique()}@example.org`;
  const subject = await sendAs(sender.token, consultant.id, senderEmail);
  await sendAs(sender.token, consultant.id, senderEmail, `Follow-up ${unique()}`);
  const list = await call(env.app, "GET", "/api/conversations?box=sent", { token: sender.token });
  expect(list.status).toBe(200);
  const id = list.json.conversations[0].id as number;
  return { consultant, sender, senderEmail, subject, id };
}

/** An answer in conversation `id` by `token`'s account, from a network address of its own. */
const answer = (id: number, token: string, message: string) =>
  call(env.app, "POST", `/api/conversations/${id}/messages`, { token, ip: freshIp(), body: { message } });

describe("GET /api/conversations", () => {
  it("shows the sender one conversation per consultant, with status and last message", async () => {
    const { consultant, sender, subject, id } = await conversationSetup();
    const sent = await call(env.app, "GET", "/api/conversations?box=sent", { token: sender.token });
    expect(sent.json).toMatchObject({ box: "sent", total: 1, page: 1, hasProfile: false, unread: { sent: 0, received: 0 } });
    expect(sent.json.conversations).toEqual([
      {
        id,
        box: "sent",
        subject,
        otherParty: { name: "Lan Nguyen", detail: "Public Health Specialist", consultantId: consultant.id, organization: null },
        organization: null,
        lastMessage: { preview: expect.stringContaining("health systems evaluator"), at: expect.any(String), fromMe: true },
        unreadCount: 0,
        status: "sent",
        isBlockedSender: false,
      },
    ]);
    // Without a profile, the Received box is empty and says so; nothing about creating a profile.
    const received = await call(env.app, "GET", "/api/conversations?box=received", { token: sender.token });
    expect(received.json).toMatchObject({ conversations: [], total: 0, hasProfile: false });
    expect(JSON.stringify(sent.json)).not.toContain(consultant.email);
  });

  it("shows the consultant the conversation under Received, with both messages unread", async () => {
    const { consultant, id } = await conversationSetup();
    const received = await call(env.app, "GET", "/api/conversations?box=received", { token: consultant.owner.token });
    expect(received.json).toMatchObject({ hasProfile: true, unread: { sent: 0, received: 2 }, total: 1 });
    expect(received.json.conversations[0]).toMatchObject({
      id,
      otherParty: { name: "Maria Santos", detail: "UNICEF Philippines", consultantId: null },
      unreadCount: 2,
      status: "sent",
      lastMessage: { fromMe: false },
    });
  });

  it("answers 401 to a visitor and 400 to a bad box or page", async () => {
    const { sender } = await conversationSetup();
    expect((await call(env.app, "GET", "/api/conversations")).status).toBe(401);
    const badBox = await call(env.app, "GET", "/api/conversations?box=all", { token: sender.token });
    expect(badBox.status).toBe(400);
    expect(badBox.json.message).toBe(CONVERSATION_TEXTS.box);
    const badPage = await call(env.app, "GET", "/api/conversations?page=0", { token: sender.token });
    expect(badPage.status).toBe(400);
    expect(badPage.json.message).toBe(CONVERSATION_TEXTS.page);
  });
});

describe("GET /api/conversations without a box", () => {
  it("opens Received for a consultant with unread received messages or who started none, otherwise Sent", async () => {
    const { consultant, sender, id } = await conversationSetup();
    // The sender has no profile: Sent, where their conversation is.
    const senderDefault = await call(env.app, "GET", "/api/conversations", { token: sender.token });
    expect(senderDefault.json).toMatchObject({ box: "sent", total: 1 });
    // The consultant has two unread messages under Received: that is where the page opens.
    const unreadDefault = await call(env.app, "GET", "/api/conversations", { token: consultant.owner.token });
    expect(unreadDefault.json).toMatchObject({ box: "received", total: 1, unread: { received: 2 } });
    expect(unreadDefault.json.conversations[0].id).toBe(id);
    // Once read, Received still: the consultant started no conversation, so Sent would be empty
    // ("I have no messages") while her messages wait, read, under Received.
    expect((await call(env.app, "GET", `/api/conversations/${id}`, { token: consultant.owner.token })).status).toBe(200);
    const readDefault = await call(env.app, "GET", "/api/conversations", { token: consultant.owner.token });
    expect(readDefault.json).toMatchObject({ box: "received", total: 1, unread: { received: 0 } });
    // Once she has written to someone herself and nothing waits unread under Received: Sent.
    const other = await insertConsultant();
    await sendAs(consultant.owner.token, other.id, `owner-${unique()}@example.org`);
    const startedDefault = await call(env.app, "GET", "/api/conversations", { token: consultant.owner.token });
    expect(startedDefault.json).toMatchObject({ box: "sent", total: 1, unread: { received: 0 } });
    // An explicit box is always obeyed.
    const asked = await call(env.app, "GET", "/api/conversations?box=received", { token: consultant.owner.token });
    expect(asked.json).toMatchObject({ box: "received", total: 1 });
  });
});

describe("GET /api/conversations/{id}", () => {
  it("shows the conversation to its two parties only: a third user and an admin get 404, a visitor 401", async () => {
    const { id } = await conversationSetup();
    const stranger = await insertSignedInUser(env.database.db);
    const admin = await insertSignedInUser(env.database.db, { role: "admin" });
    for (const token of [stranger.token, admin.token]) {
      for (const [method, path, body] of [
        ["GET", `/api/conversations/${id}`, undefined],
        ["POST", `/api/conversations/${id}/messages`, { message: "Let me in on this conversation." }],
      ] as const) {
        const response = await call(env.app, method, path, { token, body });
        expect(response.status).toBe(404);
        expect(response.json).toEqual({ message: CONVERSATION_TEXTS.notFound });
      }
    }
    expect((await call(env.app, "GET", `/api/conversations/${id}`)).status).toBe(401);
    for (const bad of ["0", "abc", "99999999999", "2000000000"]) {
      expect((await call(env.app, "GET", `/api/conversations/${bad}`, { token: stranger.token })).status).toBe(404);
    }
  });

  it("keeps read state per party: the consultant opening it marks the sender's messages read", async () => {
    const { consultant, sender, senderEmail, id } = await conversationSetup();
    // The sender's view never carries the consultant's (hidden) address.
    const asSender = await call(env.app, "GET", `/api/conversations/${id}`, { token: sender.token });
    expect(asSender.json).not.toHaveProperty("senderEmail");
    expect(asSender.text).not.toContain(consultant.email);
    const opened = await call(env.app, "GET", `/api/conversations/${id}`, { token: consultant.owner.token });
    expect(opened.status).toBe(200);
    // The consultant sees the address the sender gave to be answered at, as the old inbox did.
    expect(opened.json).toMatchObject({ id, box: "received", status: "read", senderEmail });
    expect(opened.json.entries.map((e: { author: string; fromMe: boolean }) => [e.author, e.fromMe])).toEqual([
      ["sender", false],
      ["sender", false],
    ]);
    const consultantList = await call(env.app, "GET", "/api/conversations?box=received", { token: consultant.owner.token });
    expect(consultantList.json.unread).toEqual({ sent: 0, received: 0 });
    const senderList = await call(env.app, "GET", "/api/conversations?box=sent", { token: sender.token });
    expect(senderList.json.conversations[0].status).toBe("read");
  });
});

describe("POST /api/conversations/{id}/messages", () => {
  it("stores the consultant's answer, shows it to the sender as unread and e-mails it, Reply-To the consultant", async () => {
    const { consultant, sender, senderEmail, subject, id } = await conversationSetup();
    const answered = await call(env.app, "POST", `/api/conversations/${id}/messages`, {
      token: consultant.owner.token,
      body: { message: "Thank you, I am available from July onwards." },
    });
    expect(answered.status, answered.text).toBe(201);
    expect(answered.json.status).toBe("replied");
    expect(answered.json.entries.at(-1)).toMatchObject({ author: "consultant", fromMe: true });

    const list = await call(env.app, "GET", "/api/conversations?box=sent", { token: sender.token });
    expect(list.json.unread).toEqual({ sent: 1, received: 0 });
    expect(list.json.conversations[0]).toMatchObject({ status: "replied", unreadCount: 1, lastMessage: { fromMe: false } });

    const mail = await env.smtp.waitForMail(senderEmail);
    expect(mail.subject).toMatch(/^Re: Follow-up /);
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${consultant.email.replace(/\./g, "\\.")}$`, "im"));
    expect(mail.text).toContain("Thank you, I am available from July onwards.");
    expect(mail.text).toContain(`/messages/${id}`);

    // The sender reads the answer in the product and answers there.
    const read = await call(env.app, "GET", `/api/conversations/${id}`, { token: sender.token });
    expect(read.json.entries.map((e: { body: string }) => e.body)).toContain("Thank you, I am available from July onwards.");
    expect((await call(env.app, "GET", "/api/conversations", { token: sender.token })).json.unread.sent).toBe(0);
    const followUp = await answer(id, sender.token, "Wonderful. Could we talk on Monday at 10:00?");
    expect(followUp.status).toBe(201);
    expect(followUp.json).toMatchObject({ status: "sent", subject });
    const toConsultant = await env.smtp.waitForMailAbout(consultant.email, (mail) =>
      mail.text.includes("Could we talk on Monday at 10:00?"),
    );
    expect(toConsultant.text).toContain("Could we talk on Monday at 10:00?");
    expect(toConsultant.raw).toMatch(new RegExp(`^Reply-To: ${senderEmail.replace(/\./g, "\\.")}$`, "im"));
    const [{ total }] = (await env.database.sql`
      select count(*)::int as total from messages where conversation_id = ${id}`) as unknown as [{ total: number }];
    expect(total).toBe(3);
  });

  it("validates the text like a message and changes nothing", async () => {
    const { sender, id } = await conversationSetup();
    for (const body of [{ message: "too short" }, {}, { message: 42 }, { message: "x".repeat(5001) }]) {
      const response = await call(env.app, "POST", `/api/conversations/${id}/messages`, { token: sender.token, body });
      expect(response.status).toBe(400);
      expect([MESSAGE_TEXTS.message, MESSAGE_TEXTS.messageTooLong]).toContain(response.json.message);
    }
    const notJson = await env.app.request(`/api/conversations/${id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${sender.token}`, "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    const [{ total }] = (await env.database.sql`
      select count(*)::int as total from messages where conversation_id = ${id}`) as unknown as [{ total: number }];
    expect(total).toBe(2);
  });

  it("counts the sender's answers against the same hourly limit as new messages", async () => {
    const { sender, id } = await conversationSetup();
    // Two messages were sent already; the rest of the hour's allowance goes on answers.
    for (let i = 2; i < SEND_LIMIT_PER_SENDER; i++) {
      const ok = await answer(id, sender.token, `Another detail about the assignment, number ${i}.`);
      expect(ok.status).toBe(201);
    }
    const limited = await answer(id, sender.token, "One message too many this hour.");
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe(MESSAGE_TEXTS.rateLimited);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses a new message to a consultant who is no longer listed, keeping the conversation readable", async () => {
    const { consultant, sender, id } = await conversationSetup();
    await env.database.sql`update consultants set status = 'hidden' where id = ${consultant.id}`;
    const refused = await answer(id, sender.token, "Are you still available for this?");
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(CONVERSATION_TEXTS.notListed);
    const read = await call(env.app, "GET", `/api/conversations/${id}`, { token: sender.token });
    expect(read.json.otherParty).toMatchObject({ name: "Lan Nguyen", consultantId: null });
  });

  it("files a message stored without an account (before accounts existed) as a conversation of its own", async () => {
    const consultant = await insertConsultant();
    await env.database.sql`
      insert into messages (consultant_id, sender_name, sender_email, subject, message)
      values (${consultant.id}, 'Old Sender', 'old@example.org', 'Legacy', 'A message from before accounts.'),
             (${consultant.id}, 'Older Sender', 'older@example.org', 'Legacy 2', 'Another message from before.')`;
    const received = await call(env.app, "GET", "/api/conversations?box=received", { token: consultant.owner.token });
    expect(received.json.total).toBe(2);
  });
});

describe("the account menu", () => {
  it("counts unread entries of both boxes in the badge, and knows whether the user has a consultant profile", async () => {
    // A consultant who also hires: an answer waits in Sent, a new message in Received.
    const hirer = await insertConsultant();
    const other = await insertConsultant();
    const hirerEmail = `hirer-${unique()}@example.org`;
    await sendAs(hirer.owner.token, other.id, hirerEmail);
    const sent = await call(env.app, "GET", "/api/conversations?box=sent", { token: hirer.owner.token });
    const id = sent.json.conversations[0].id as number;
    await call(env.app, "POST", `/api/conversations/${id}/messages`, {
      token: other.owner.token,
      body: { message: "Yes, I can join the team in May." },
    });
    const stranger = await insertSignedInUser(env.database.db);
    await sendAs(stranger.token, hirer.id, `s-${unique()}@example.org`);
    await sendAs(stranger.token, hirer.id, `s-${unique()}@example.org`, `Second ${unique()}`);

    const deps = { db: env.database.db };
    expect(await accountMenuState(deps, hirer.owner)).toEqual({ unread: 3, hasConsultantProfile: true, organizations: [] });
    expect(await countUnreadConversations(deps, hirer.owner)).toBe(3);
    expect(await accountMenuState(deps, stranger)).toEqual({ unread: 0, hasConsultantProfile: false, organizations: [] });
    expect(await accountMenuState(deps, null)).toEqual({ unread: 0, hasConsultantProfile: false, organizations: [] });
    // Reading the answer clears it from the badge; the received ones stay.
    await call(env.app, "GET", `/api/conversations/${id}`, { token: hirer.owner.token });
    expect(await countUnreadConversations(deps, hirer.owner)).toBe(2);
  });

  it("lists the organizations of the 'act for' switch in the same query, by name, with the one acted for", async () => {
    const member = await insertSignedInUser(env.database.db);
    const word = unique();
    const [zeta, alpha] = await env.database.sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country, verified_at)
      values (${`zeta-${word}`}, ${`zeta Team ${word}`}, 'ngo', 'LA', now()), (${`alpha-${word}`}, ${`Alpha Team ${word}`}, 'ngo', 'TH', null)
      returning id`;
    await env.database.sql`insert into organization_members (organization_id, user_id, role, is_acting)
      values (${zeta!.id}, ${member.id}, 'member', true), (${alpha!.id}, ${member.id}, 'owner', false)`;
    expect(await accountMenuState({ db: env.database.db }, member)).toEqual({
      unread: 0,
      hasConsultantProfile: false,
      organizations: [
        { id: alpha!.id, name: `Alpha Team ${word}`, verified: false, acting: false },
        { id: zeta!.id, name: `zeta Team ${word}`, verified: true, acting: true },
      ],
    });
  });
});
