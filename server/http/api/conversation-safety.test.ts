import { describe, expect } from "vitest";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import { MESSAGE_TEXTS } from "#common/messages.ts";
import { deliverQueuedMail } from "#server/jobs/mail.ts";
import { accountMenuState } from "#server/services/conversations/conversations.ts";
import { createMailer } from "#server/services/mail.ts";
import { NEW_ACCOUNT_CONVERSATIONS } from "#server/services/messages/send.ts";
import { call } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { freshIp, unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// Issue 36 item 5, spam stops at the door: only verified accounts start conversations, new
// accounts only a few; a blocked account's conversations are marked in every recipient's boxes,
// leave the unread counts and take no replies; a party deletes a conversation from their own view.
// (Reporting it to the admins' queue is issue 31's endpoint: team-conversations.test.ts.) On a real
// database and a real SMTP server.

const it = apiTest();
const env = fileApi(it);

async function insertConsultant() {
  const owner = await insertSignedInUser(env.database.db, { name: "Sokha Chea" });
  const email = `sokha-${unique()}@example.org`;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status)
    values (${owner.id}, 'Sokha Chea', 'Gender Specialist', ${email}, 'Phnom Penh, Cambodia', 'Cambodia', 9,
            'Gender & Social Inclusion', 'Nine years of gender analysis for donor programmes.', 'approved')
    returning id`;
  return { id: row!.id, email, owner };
}

function send(token: string, consultantId: number, senderEmail = `sender-${unique()}@example.org`) {
  return call(env.app, "POST", `/api/consultants/${consultantId}/messages`, {
    token,
    ip: freshIp(),
    body: {
      senderName: "Quick Riches",
      senderEmail,
      subject: `Opportunity ${unique()}`,
      message: "Earn USD 5,000 a week from home. Reply with your bank details to start today.",
    },
  });
}

/** A sender account older than a day, with a verified address. */
async function establishedSender(name = "Maria Santos") {
  const sender = await insertSignedInUser(env.database.db, { name });
  await env.database.sql`update auth_users set created_at = now() - interval '30 days' where id = ${sender.id}`;
  return sender;
}

async function conversationOf(consultantOwnerToken: string) {
  const list = await call(env.app, "GET", "/api/conversations?box=received", { token: consultantOwnerToken });
  return list.json.conversations[0] as { id: number; isBlockedSender: boolean; unreadCount: number };
}

async function block(userId: number) {
  const admin = await insertSignedInUser(env.database.db, { role: "admin", name: "Site Admin" });
  const blocked = await call(env.app, "PUT", `/api/admin/users/${userId}/block`, { token: admin.token });
  expect(blocked.status, blocked.text).toBe(200);
  return admin;
}

describe("who may start a conversation", () => {
  it("refuses an account whose e-mail is not verified (403, nothing stored), and lets it in once verified", async () => {
    const consultant = await insertConsultant();
    const sender = await insertSignedInUser(env.database.db, { isEmailVerified: false });
    const refused = await send(sender.token, consultant.id);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(MESSAGE_TEXTS.verifyToStart);
    const [stored] = await env.database.sql`select count(*)::int as n from messages where sender_user_id = ${sender.id}`;
    expect(stored?.n).toBe(0);
    await env.database.sql`update auth_users set is_email_verified = true where id = ${sender.id}`;
    expect((await send(sender.token, consultant.id)).status).toBe(201);
  });

  it("lets an account that has a conversation continue it, even if its address is unverified again", async () => {
    const consultant = await insertConsultant();
    const sender = await establishedSender();
    expect((await send(sender.token, consultant.id)).status).toBe(201);
    await env.database.sql`update auth_users set is_email_verified = false where id = ${sender.id}`;
    expect((await send(sender.token, consultant.id)).status).toBe(201);
    expect((await send(sender.token, (await insertConsultant()).id)).status).toBe(403);
  });

  it(`lets an account younger than a day start ${NEW_ACCOUNT_CONVERSATIONS} conversations, then answers 429 with Retry-After`, async () => {
    const young = await insertSignedInUser(env.database.db, { name: "New Account" });
    for (let i = 0; i < NEW_ACCOUNT_CONVERSATIONS; i++) {
      expect((await send(young.token, (await insertConsultant()).id)).status).toBe(201);
    }
    const limited = await send(young.token, (await insertConsultant()).id);
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe(MESSAGE_TEXTS.newAccountLimit);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(60 * 60);
    // An account older than a day is not held to it.
    const older = await establishedSender();
    for (let i = 0; i <= NEW_ACCOUNT_CONVERSATIONS; i++) {
      expect((await send(older.token, (await insertConsultant()).id)).status).toBe(201);
    }
  });
});

describe("a blocked sender", () => {
  it("is marked in the recipient's boxes, out of every unread count, and gets no reply", async () => {
    const consultant = await insertConsultant();
    const spammer = await establishedSender("Quick Riches");
    expect((await send(spammer.token, consultant.id)).status).toBe(201);
    const before = await conversationOf(consultant.owner.token);
    expect(before).toMatchObject({ isBlockedSender: false, unreadCount: 1 });
    expect((await accountMenuState({ db: env.database.db }, consultant.owner)).unread).toBe(1);

    await block(spammer.id);
    const list = await call(env.app, "GET", "/api/conversations?box=received", { token: consultant.owner.token });
    expect(list.json.unread).toEqual({ sent: 0, received: 0 });
    expect(list.json.conversations[0]).toMatchObject({ id: before.id, isBlockedSender: true, unreadCount: 0 });
    expect((await accountMenuState({ db: env.database.db }, consultant.owner)).unread).toBe(0);
    const inbox = await call(env.app, "GET", "/api/my-consultant-profile/messages", { token: consultant.owner.token });
    expect(inbox.json.unreadCount).toBe(0);
    expect(inbox.json.messages[0].isBlockedSender).toBe(true);

    const thread = await call(env.app, "GET", `/api/conversations/${before.id}`, { token: consultant.owner.token });
    expect(thread.json.isBlockedSender).toBe(true);
    const reply = await call(env.app, "POST", `/api/conversations/${before.id}/messages`, {
      token: consultant.owner.token,
      body: { message: "Please stop writing to me, this is not a consultancy." },
    });
    expect(reply.status).toBe(403);
    expect(reply.json.message).toBe(CONVERSATION_TEXTS.blockedSenderReply);
    const inboxReply = await call(env.app, "POST", `/api/my-consultant-profile/messages/${inbox.json.messages[0].id}/reply`, {
      token: consultant.owner.token,
      body: { reply: "Please stop writing to me." },
    });
    expect(inboxReply.status).toBe(403);
    const [replies] = await env.database.sql`
      select count(*)::int as n from message_replies r join messages m on m.id = r.message_id where m.sender_user_id = ${spammer.id}`;
    expect(replies?.n).toBe(0);
    // Nothing carrying the consultant's address was queued for the blocked account.
    const [queued] = await env.database.sql`
      select count(*)::int as n from pgboss.job where data->>'replyTo' = ${consultant.email}`;
    expect(queued?.n).toBe(0);
  });

  it("never gets a queued answer once blocked: the mail worker drops it", async () => {
    const spammer = await establishedSender("Quick Riches");
    const log = { info: () => {} };
    const mailer = createMailer(env.config, log);
    const to = `blocked-${unique()}@example.org`;
    const mail = {
      to,
      subject: "Re: Opportunity",
      text: "An answer.",
      replyTo: "consultant@example.org",
      withholdIfBlocked: spammer.id,
    };
    await env.database.sql`update auth_users set blocked_at = now() where id = ${spammer.id}`;
    expect(await deliverQueuedMail({ db: env.database.db, mailer, log }, mail)).toBe("withheld");
    await env.database.sql`update auth_users set blocked_at = null where id = ${spammer.id}`;
    expect(await deliverQueuedMail({ db: env.database.db, mailer, log }, mail)).toBe("sent");
    const received = await env.smtp.waitForMail(to);
    expect(received.subject).toBe("Re: Opportunity");
    // The marker is for the worker: it never reaches the mail itself.
    expect(received.raw).not.toMatch(/withhold/i);
  });
});

describe("a sender blocked through a report (issue 31's queue)", () => {
  it("is marked in the consultant's boxes once the admin blocks it from the report", async () => {
    const consultant = await insertConsultant();
    const spammer = await establishedSender("Quick Riches");
    expect((await send(spammer.token, consultant.id)).status).toBe(201);
    const { id } = await conversationOf(consultant.owner.token);
    const reported = await call(env.app, "POST", `/api/conversations/${id}/report`, {
      token: consultant.owner.token,
      body: { reason: "Asks for bank details." },
    });
    expect(reported.status, reported.text).toBe(201);
    const admin = await insertSignedInUser(env.database.db, { role: "admin", name: "Site Admin" });
    const resolved = await call(env.app, "PUT", `/api/admin/reports/${reported.json.id}`, {
      token: admin.token,
      body: { action: "block" },
    });
    expect(resolved.status, resolved.text).toBe(200);
    expect(await conversationOf(consultant.owner.token)).toMatchObject({ id, isBlockedSender: true, unreadCount: 0 });
  });
});

describe("DELETE /api/conversations/{id}", () => {
  it("removes it from the caller's boxes and counts only, and brings it back when a newer entry arrives", async () => {
    const consultant = await insertConsultant();
    const sender = await establishedSender();
    await send(sender.token, consultant.id);
    const { id } = await conversationOf(consultant.owner.token);

    const stranger = await insertSignedInUser(env.database.db);
    expect((await call(env.app, "DELETE", `/api/conversations/${id}`, { token: stranger.token })).status).toBe(404);
    const deleted = await call(env.app, "DELETE", `/api/conversations/${id}`, { token: consultant.owner.token });
    expect(deleted.status).toBe(204);
    const list = await call(env.app, "GET", "/api/conversations?box=received", { token: consultant.owner.token });
    expect(list.json).toMatchObject({ conversations: [], total: 0, unread: { sent: 0, received: 0 } });
    expect((await accountMenuState({ db: env.database.db }, consultant.owner)).unread).toBe(0);
    // The sender keeps it.
    const theirs = await call(env.app, "GET", "/api/conversations?box=sent", { token: sender.token });
    expect(theirs.json.conversations.map((c: { id: number }) => c.id)).toContain(id);
    // A newer message brings it back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await send(sender.token, consultant.id)).status).toBe(201);
    expect((await conversationOf(consultant.owner.token)).id).toBe(id);
  });
});
