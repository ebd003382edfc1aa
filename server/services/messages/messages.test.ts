import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_TEXTS } from "#common/messages.ts";
import type { ConsultantStatus } from "#server/db/schema.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { startWorkers } from "#server/jobs/workers.ts";
import { startTestJobQueue } from "../../../tests/setup/api-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { type TestServiceDeps, testServiceDeps } from "../../../tests/setup/service-deps.ts";
import { startSmtpServer, type TestSmtp } from "../../../tests/setup/smtp.ts";
import { unique } from "../../../tests/setup/unique.ts";
import { insertUser } from "../../../tests/setup/users.ts";
import type { ServiceLog } from "../context.ts";
import { Conflict, NotFound, TooManyRequests, Unauthorized, ValidationFailed } from "../errors.ts";
import {
  countUnreadMessages,
  deleteMessage,
  listInbox,
  markMessageOpened,
  openMessage,
  replyToMessage,
  setMessageRead,
} from "./inbox.ts";
import { SEND_LIMIT_PER_IP, SEND_LIMIT_PER_SENDER, sendMessage } from "./send.ts";

let database: TestDatabase;
let smtp: TestSmtp;
let deps: TestServiceDeps;
let jobs: JobQueue;
const logged: object[] = [];

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  const log = { info: () => {}, warn: () => {}, error: (obj: object) => logged.push(obj) } as unknown as ServiceLog;
  jobs = await startTestJobQueue(database.url, log);
  deps = await testServiceDeps(database.db, { smtpUrl: smtp.url, log, jobs });
  await startWorkers(jobs, { db: database.db, config: deps.config, mailer: deps.mailer, log, runtime: deps.runtime });
});
afterAll(async () => {
  await jobs?.stop();
  await smtp?.close();
  await database?.close();
});

/** The inbox of an account that has a profile (the service answers no-profile otherwise). */
async function inbox(actor: Parameters<typeof listInbox>[1], query?: unknown) {
  const result = await listInbox(deps, actor, query);
  if (result.kind !== "inbox") throw new Error("expected an inbox");
  return result;
}

/** A message opened from the inbox of an account that has a profile. */
async function opened(actor: Parameters<typeof openMessage>[1], id: number) {
  const result = await openMessage(deps, actor, id);
  if (result.kind !== "message") throw new Error("expected a message");
  return result.message;
}

/** A consultant profile straight in the database, owned by a fresh account. */
async function insertConsultant({
  status = "approved",
  showEmail = false,
  name = "Lan Nguyen",
}: {
  status?: ConsultantStatus;
  showEmail?: boolean;
  name?: string;
} = {}) {
  const owner = await insertUser(database.db, { name });
  const email = `consultant-${unique()}@example.org`;
  const [row] = await database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status, show_email)
    values (${owner.id}, ${name}, 'Public Health Specialist', ${email}, 'Hanoi, Vietnam', 'Vietnam', 12, 'Healthcare',
            'Twelve years of maternal health programmes.', ${status}, ${showEmail})
    returning id`;
  return { id: row!.id, email, owner };
}

function form(consultantId: number, extra: Record<string, unknown> = {}) {
  return {
    consultantId,
    senderName: "Maria Santos",
    senderEmail: "maria@unicef-example.org",
    senderOrganization: "UNICEF Philippines",
    subject: `Evaluation consultancy ${unique()}`,
    message: "We are looking for a health systems evaluator for a six-month assignment in Mindanao.",
    ...extra,
  };
}

const withIp = (clientIp: string) => ({ ...deps, clientIp });

async function messageRow(id: number) {
  const [row] = await database.sql<
    { is_read: boolean; replied_at: Date | null; sender_user_id: number | null }[]
  >`select is_read, replied_at, sender_user_id from messages where id = ${id}`;
  return row;
}

let sends = 0;
async function send(consultantId: number, extra: Record<string, unknown> = {}) {
  const sender = await insertUser(database.db, { name: "Maria Santos" });
  sends += 1;
  const result = await sendMessage(withIp(`198.51.100.${sends}`), sender, form(consultantId, extra));
  if (result.status !== "sent") throw new Error("expected the message to be sent");
  return { ...result, sender };
}

describe("sending a message", () => {
  it("needs a signed-in sender", async () => {
    const consultant = await insertConsultant();
    await expect(sendMessage(deps, null, form(consultant.id))).rejects.toBeInstanceOf(Unauthorized);
  });

  it("reports every invalid field with the spec's message", async () => {
    const sender = await insertUser(database.db);
    const error = (await sendMessage(deps, sender, {
      senderName: " ",
      senderEmail: "not-an-address",
      subject: "",
      message: "too short",
    }).catch((e: unknown) => e)) as ValidationFailed;
    expect(error).toBeInstanceOf(ValidationFailed);
    expect(error.errors).toEqual([
      { path: "senderName", message: "Your name is required" },
      { path: "senderEmail", message: "Valid email address is required" },
      { path: "subject", message: "Subject is required" },
      { path: "message", message: "Message must be at least 10 characters long" },
      { path: "consultantId", message: "Consultant ID is required" },
    ]);
    expect(error.message).toBe("Your name is required");
  });

  it("bounds every field's length", async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    const error = (await sendMessage(
      deps,
      sender,
      form(consultant.id, {
        senderName: "n".repeat(256),
        senderOrganization: "o".repeat(256),
        subject: "s".repeat(201),
        message: "m".repeat(5001),
      }),
    ).catch((e: unknown) => e)) as ValidationFailed;
    expect(error.errors?.map((e) => e.message)).toEqual([
      "Your name must be at most 255 characters long",
      "Organization must be at most 255 characters long",
      "Subject must be at most 200 characters long",
      "Message must be at most 5000 characters long",
    ]);
  });

  it("answers NotFound for a missing or unlisted consultant", async () => {
    const sender = await insertUser(database.db);
    await expect(sendMessage(deps, sender, form(2_000_000_000))).rejects.toBeInstanceOf(NotFound);
    for (const status of ["pending", "rejected", "hidden"] as const) {
      const unlisted = await insertConsultant({ status });
      await expect(sendMessage(deps, sender, form(unlisted.id))).rejects.toBeInstanceOf(NotFound);
    }
    const [{ total }] = (await database.sql`select count(*)::int as total from messages where sender_user_id = ${sender.id}`) as [
      { total: number },
    ];
    expect(total).toBe(0);
  });

  it("stores the message with the sender's account and e-mails the consultant's hidden address, Reply-To the sender", async () => {
    const consultant = await insertConsultant({ showEmail: false });
    const sender = await insertUser(database.db, { name: "Maria Santos" });
    const input = form(consultant.id, { senderOrganization: "  UNICEF Philippines " });
    const result = await sendMessage(deps, sender, input);
    expect(result).toMatchObject({ status: "sent", conversationId: expect.any(Number) });
    if (result.status !== "sent") return;
    expect(JSON.stringify(result)).not.toContain(consultant.email);

    const [stored] = await database.sql`select * from messages where id = ${result.id}`;
    expect(stored).toMatchObject({
      consultant_id: consultant.id,
      sender_user_id: sender.id,
      sender_name: "Maria Santos",
      sender_email: "maria@unicef-example.org",
      sender_organization: "UNICEF Philippines",
      subject: input.subject,
      is_read: false,
      replied_at: null,
    });

    const mail = await smtp.waitForMail(consultant.email);
    expect(mail.to).toEqual([consultant.email]);
    expect(mail.raw).toMatch(/^Reply-To: maria@unicef-example\.org$/im);
    expect(mail.subject).toBe(`New message from Maria Santos (UNICEF Philippines): ${input.subject}`);
    expect(mail.text).toContain("From: Maria Santos <maria@unicef-example.org>");
    expect(mail.text).toContain("Organization: UNICEF Philippines");
    expect(mail.text).toContain(input.message);
    expect(mail.text).toContain(`http://devconsult.test/messages/${result.conversationId}`);
    // Nothing went to the sender: the hidden address stays with the consultant.
    expect(smtp.mailTo("maria@unicef-example.org")).toEqual([]);
  });

  it("keeps line breaks typed into the subject out of the mail headers", async () => {
    const consultant = await insertConsultant();
    await send(consultant.id, { subject: "Urgent\r\nBcc: victim@example.org", senderOrganization: "" });
    const mail = await smtp.waitForMail(consultant.email);
    expect(mail.subject).toBe("New message from Maria Santos: Urgent Bcc: victim@example.org");
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(smtp.mailTo("victim@example.org")).toEqual([]);
  });

  it("continues the sender's conversation with the consultant, and starts another with another consultant", async () => {
    const consultant = await insertConsultant();
    const other = await insertConsultant();
    const sender = await insertUser(database.db);
    const at = { ...deps, clientIp: "198.51.100.201" };
    const first = await sendMessage(at, sender, form(consultant.id));
    const second = await sendMessage(at, sender, form(consultant.id));
    const elsewhere = await sendMessage(at, sender, form(other.id));
    if (first.status !== "sent" || second.status !== "sent" || elsewhere.status !== "sent") throw new Error("expected sends");
    expect(second.conversationId).toBe(first.conversationId);
    expect(elsewhere.conversationId).not.toBe(first.conversationId);
    expect((await inbox(consultant.owner)).total).toBe(2);
  });

  it("refuses the same message again within a minute, and accepts it after", async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    const input = form(consultant.id);
    const first = await sendMessage(deps, sender, input);
    const error = await sendMessage(deps, sender, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).message).toBe(MESSAGE_TEXTS.duplicate);
    // A different text, or another consultant, is not a duplicate.
    await expect(sendMessage(deps, sender, { ...input, message: `${input.message} Deadline: 30 June.` })).resolves.toMatchObject({
      status: "sent",
    });

    if (first.status !== "sent") throw new Error("expected a sent message");
    await database.sql`update messages set created_at = created_at - interval '61 seconds' where sender_user_id = ${sender.id}`;
    await expect(sendMessage(deps, sender, input)).resolves.toMatchObject({ status: "sent" });
  });

  it("lets only one of two simultaneous identical sends through", async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    const input = form(consultant.id);
    const results = await Promise.allSettled([sendMessage(deps, sender, input), sendMessage(deps, sender, input)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(Conflict);
  });

  it(`limits a sender to ${SEND_LIMIT_PER_SENDER} messages an hour`, async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    for (let i = 0; i < SEND_LIMIT_PER_SENDER; i++) {
      // A new address each time: only the per-sender limit is at work.
      await sendMessage(withIp(`203.0.113.${i + 1}`), sender, form(consultant.id));
    }
    const error = await sendMessage(withIp("203.0.113.200"), sender, form(consultant.id)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).message).toBe(MESSAGE_TEXTS.rateLimited);
    expect((error as TooManyRequests).retryAfterSeconds).toBeGreaterThan(0);
  });

  it(`limits one address to ${SEND_LIMIT_PER_IP} messages an hour, whichever account sends`, async () => {
    const consultant = await insertConsultant();
    const ip = "203.0.113.250";
    await database.sql`insert into rate_limits (key, window_start, hits) values (${`messages:ip:${ip}`}, now(), ${SEND_LIMIT_PER_IP})`;
    const freshSender = await insertUser(database.db);
    await expect(sendMessage(withIp(ip), freshSender, form(consultant.id))).rejects.toBeInstanceOf(TooManyRequests);
    await expect(sendMessage(withIp("203.0.113.251"), freshSender, form(consultant.id))).resolves.toMatchObject({
      status: "sent",
    });
  });

  it("discards a message whose honeypot is filled in, without storing or e-mailing it", async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    const result = await sendMessage(deps, sender, form(consultant.id, { website: "http://spam.example" }));
    expect(result).toEqual({ status: "discarded", recipient: { id: consultant.id, name: "Lan Nguyen" } });
    const [{ total }] =
      (await database.sql`select count(*)::int as total from messages where consultant_id = ${consultant.id}`) as [
        { total: number },
      ];
    expect(total).toBe(0);
    // A genuine message afterwards arrives, and it is the only mail to this consultant.
    await send(consultant.id);
    await smtp.waitForMail(consultant.email);
    expect(smtp.mailTo(consultant.email)).toHaveLength(1);
  });
});

describe("the inbox", () => {
  it("lists the owner's messages newest first, a page at a time, with the unread count", async () => {
    const consultant = await insertConsultant();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await send(consultant.id, { subject: `Lead ${i}` })).id);
    // Received a minute apart, the first one earliest.
    for (const [i, id] of ids.entries()) {
      await database.sql`update messages set created_at = now() - make_interval(mins => ${3 - i}) where id = ${id}`;
    }
    const newestFirst = [...ids].reverse();

    const first = await inbox(consultant.owner, { page: 1, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.unreadCount).toBe(3);
    expect(first.messages.map((m) => m.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.messages[0]).toEqual({
      id: expect.any(Number),
      senderName: "Maria Santos",
      senderEmail: "maria@unicef-example.org",
      senderOrganization: "UNICEF Philippines",
      organization: null,
      subject: expect.stringMatching(/^Lead \d$/),
      preview: expect.stringContaining("health systems evaluator"),
      isRead: false,
      repliedAt: null,
      createdAt: expect.any(Date),
      isBlockedSender: false,
    });
    const second = await inbox(consultant.owner, { page: 2, limit: 2 });
    expect(second.messages.map((m) => m.id)).toEqual(newestFirst.slice(2));
    expect(await countUnreadMessages(deps, consultant.owner)).toBe(3);
  });

  it("shortens long texts to a one-line preview", async () => {
    const consultant = await insertConsultant();
    await send(consultant.id, { message: `First line\n\nsecond line ${"x".repeat(300)}` });
    const { messages } = await inbox(consultant.owner);
    expect(messages[0]?.preview).toMatch(/^First line second line x+$/);
    expect(messages[0]?.preview).toHaveLength(160);
  });

  it("needs a signed-in owner of a profile", async () => {
    await expect(listInbox(deps, null)).rejects.toBeInstanceOf(Unauthorized);
    const withoutProfile = await insertUser(database.db);
    // An account without a profile is a state the page shows, not an error (the JSON API answers it with 404).
    await expect(listInbox(deps, withoutProfile)).resolves.toEqual({ kind: "no-profile" });
    expect(await countUnreadMessages(deps, withoutProfile)).toBe(0);
    expect(await countUnreadMessages(deps, null)).toBe(0);
  });

  it("works for the owner of a profile that is not listed yet", async () => {
    const pending = await insertConsultant({ status: "pending" });
    await expect(listInbox(deps, pending.owner)).resolves.toMatchObject({ total: 0, unreadCount: 0 });
  });

  it("opens a message (marking it read), marks it unread again, and read again", async () => {
    const consultant = await insertConsultant();
    const { id } = await send(consultant.id);
    const message = await opened(consultant.owner, id);
    expect(message).toMatchObject({ id, isRead: true, repliedAt: null, replies: [] });
    expect(message.message).toContain("health systems evaluator");
    expect(await countUnreadMessages(deps, consultant.owner)).toBe(0);

    await expect(setMessageRead(deps, consultant.owner, { id: id, body: { isRead: false } })).resolves.toMatchObject({
      isRead: false,
    });
    expect((await messageRow(id))?.is_read).toBe(false);
    expect(await countUnreadMessages(deps, consultant.owner)).toBe(1);
    await expect(setMessageRead(deps, consultant.owner, { id: id, body: { isRead: true } })).resolves.toMatchObject({
      isRead: true,
    });
    await expect(setMessageRead(deps, consultant.owner, { id: id, body: { isRead: "no" } })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
  });

  it("replies by e-mail to the sender, Reply-To the consultant, and records the reply", async () => {
    const consultant = await insertConsultant({ showEmail: false });
    const sender = await insertUser(database.db);
    const input = form(consultant.id, {
      senderEmail: `org-${unique()}@example.org`,
      message: "Line one of the lead.\nLine two.",
    });
    const sent = await sendMessage(deps, sender, input);
    if (sent.status !== "sent") throw new Error("expected a sent message");

    const empty = (await replyToMessage(deps, consultant.owner, { id: sent.id, body: { reply: "   " } }).catch(
      (e: unknown) => e,
    )) as ValidationFailed;
    expect(empty).toBeInstanceOf(ValidationFailed);
    expect(empty.errors).toEqual([{ path: "reply", message: "Reply is required" }]);

    const replied = await replyToMessage(deps, consultant.owner, {
      id: sent.id,
      body: {
        reply: "Thank you, I am available from July. Could we talk on Monday?",
      },
    });
    expect(replied.isRead).toBe(true);
    expect(replied.repliedAt).toBeInstanceOf(Date);
    expect(replied.replies).toEqual([
      {
        id: expect.any(Number),
        body: "Thank you, I am available from July. Could we talk on Monday?",
        createdAt: replied.repliedAt,
      },
    ]);

    const mail = await smtp.waitForMail(input.senderEmail);
    expect(mail.subject).toBe(`Re: ${input.subject}`);
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${consultant.email.replace(/\./g, "\\.")}$`, "im"));
    expect(mail.text).toContain("Thank you, I am available from July. Could we talk on Monday?");
    expect(mail.text).toMatch(/> Line one of the lead\.\r?\n> Line two\./);

    const again = await replyToMessage(deps, consultant.owner, { id: sent.id, body: { reply: "Following up." } });
    expect(again.replies.map((r) => r.body)).toEqual([
      "Thank you, I am available from July. Could we talk on Monday?",
      "Following up.",
    ]);
    expect(again.repliedAt?.getTime()).toBe(again.replies[1]?.createdAt.getTime());
  });

  it("deletes a message", async () => {
    const consultant = await insertConsultant();
    const { id } = await send(consultant.id);
    await deleteMessage(deps, consultant.owner, id);
    expect(await messageRow(id)).toBeUndefined();
    await expect(deleteMessage(deps, consultant.owner, id)).rejects.toBeInstanceOf(NotFound);
    await expect(openMessage(deps, consultant.owner, id)).rejects.toBeInstanceOf(NotFound);
  });

  it("keeps each consultant's messages to themselves", async () => {
    const alice = await insertConsultant({ name: "Alice" });
    const bob = await insertConsultant({ name: "Bob" });
    const { id } = await send(alice.id);
    await smtp.waitForMail(alice.email);
    const mailsBefore = smtp.received.length;

    expect((await inbox(bob.owner)).messages).toEqual([]);
    expect(await countUnreadMessages(deps, bob.owner)).toBe(0);
    await expect(openMessage(deps, bob.owner, id)).rejects.toBeInstanceOf(NotFound);
    await expect(setMessageRead(deps, bob.owner, { id: id, body: { isRead: true } })).rejects.toBeInstanceOf(NotFound);
    await expect(replyToMessage(deps, bob.owner, { id: id, body: { reply: "Hijacked" } })).rejects.toBeInstanceOf(NotFound);
    await expect(deleteMessage(deps, bob.owner, id)).rejects.toBeInstanceOf(NotFound);
    await markMessageOpened(deps, bob.owner, id);
    await markMessageOpened(deps, null, id);
    // The sender of the message cannot read it back from the consultant's inbox either.
    const [row] = await database.sql<{ sender_user_id: number }[]>`select sender_user_id from messages where id = ${id}`;
    await expect(openMessage(deps, { id: row!.sender_user_id, role: "user" }, id)).resolves.toEqual({ kind: "no-profile" });

    expect(await messageRow(id)).toMatchObject({ is_read: false, replied_at: null });
    expect(smtp.received.length).toBe(mailsBefore);
    expect(await countUnreadMessages(deps, alice.owner)).toBe(1);
  });
});

describe("deleting", () => {
  it("deletes a consultant's messages and replies with the consultant", async () => {
    const consultant = await insertConsultant();
    const { id } = await send(consultant.id);
    await replyToMessage(deps, consultant.owner, { id: id, body: { reply: "Thanks!" } });
    await database.sql`delete from consultants where id = ${consultant.id}`;
    const [counts] = await database.sql<{ messages: number; replies: number }[]>`
      select (select count(*)::int from messages where id = ${id}) as messages,
             (select count(*)::int from message_replies where message_id = ${id}) as replies`;
    expect(counts).toEqual({ messages: 0, replies: 0 });
  });

  it("keeps a message when its sender's account is deleted, without the account link", async () => {
    const consultant = await insertConsultant();
    const { id, sender } = await send(consultant.id);
    await database.sql`delete from auth_users where id = ${sender.id}`;
    expect(await messageRow(id)).toMatchObject({ sender_user_id: null });
  });

  it("the database refuses texts outside the allowed lengths", async () => {
    const consultant = await insertConsultant();
    const row = (message: string) => ({
      consultant_id: consultant.id,
      sender_name: "A",
      sender_email: "a@example.org",
      subject: "S",
      message,
    });
    await expect(database.sql`insert into messages ${database.sql(row("short"))}`).rejects.toThrow(/messages_length_check/);
    await expect(database.sql`insert into messages ${database.sql(row("x".repeat(5001)))}`).rejects.toThrow(
      /messages_length_check/,
    );
    const [message] = await database.sql<
      { id: number }[]
    >`insert into messages ${database.sql(row("long enough text"))} returning id`;
    await expect(database.sql`insert into message_replies (message_id, body) values (${message!.id}, '')`).rejects.toThrow(
      /message_replies_body_check/,
    );
  });
});
