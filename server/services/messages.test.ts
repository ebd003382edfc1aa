import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_TEXTS } from "../../common/messages.ts";
import { startTestJobQueue } from "../../tests/setup/api-app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { startSmtpServer, type TestSmtp } from "../../tests/setup/smtp.ts";
import { insertUser } from "../../tests/setup/users.ts";
import type { ConsultantStatus } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { startWorkers } from "../jobs/workers.ts";
import { Conflict, NotFound, TooManyRequests, Unauthorized, ValidationFailed } from "./errors.ts";
import { createMailer } from "./mail.ts";
import {
  countUnreadMessages,
  deleteMessage,
  listInbox,
  type MessageMailDeps,
  markMessageOpened,
  openMessage,
  replyToMessage,
  SEND_LIMIT_PER_IP,
  SEND_LIMIT_PER_SENDER,
  sendMessage,
  setMessageRead,
} from "./messages.ts";

let database: TestDatabase;
let smtp: TestSmtp;
let deps: MessageMailDeps & { clientIp: string };
let jobs: JobQueue;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  const mailer = createMailer(
    { siteName: "DevConsult SEA", mail: { smtpUrl: smtp.url, from: "DevConsult SEA <no-reply@devconsult.test>", outboxDir: "" } },
    { info: () => {} },
  );
  jobs = await startTestJobQueue(database.url, silent);
  await startWorkers(jobs, { db: database.db, mailer, log: silent });
  deps = {
    jobs,
    siteName: "DevConsult SEA",
    publicUrl: "http://devconsult.test",
    log: silent,
    clientIp: "192.0.2.10",
  };
});
afterAll(async () => {
  await jobs?.stop();
  await smtp?.close();
  await database?.close();
});

const unique = () => randomBytes(5).toString("hex");

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
  const result = await sendMessage(database.db, sender, form(consultantId, extra), withIp(`198.51.100.${sends}`));
  if (result.status !== "sent") throw new Error("expected the message to be sent");
  return { ...result, sender };
}

describe("sending a message", () => {
  it("needs a signed-in sender", async () => {
    const consultant = await insertConsultant();
    await expect(sendMessage(database.db, null, form(consultant.id), deps)).rejects.toBeInstanceOf(Unauthorized);
  });

  it("reports every invalid field with the spec's message", async () => {
    const sender = await insertUser(database.db);
    const error = (await sendMessage(
      database.db,
      sender,
      { senderName: " ", senderEmail: "not-an-address", subject: "", message: "too short" },
      deps,
    ).catch((e: unknown) => e)) as ValidationFailed;
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
      database.db,
      sender,
      form(consultant.id, {
        senderName: "n".repeat(256),
        senderOrganization: "o".repeat(256),
        subject: "s".repeat(201),
        message: "m".repeat(5001),
      }),
      deps,
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
    await expect(sendMessage(database.db, sender, form(2_000_000_000), deps)).rejects.toBeInstanceOf(NotFound);
    for (const status of ["pending", "rejected", "hidden"] as const) {
      const unlisted = await insertConsultant({ status });
      await expect(sendMessage(database.db, sender, form(unlisted.id), deps)).rejects.toBeInstanceOf(NotFound);
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
    const result = await sendMessage(database.db, sender, input, deps);
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
    const first = await sendMessage(database.db, sender, form(consultant.id), withIp("198.51.100.201"));
    const second = await sendMessage(database.db, sender, form(consultant.id), withIp("198.51.100.201"));
    const elsewhere = await sendMessage(database.db, sender, form(other.id), withIp("198.51.100.201"));
    if (first.status !== "sent" || second.status !== "sent" || elsewhere.status !== "sent") throw new Error("expected sends");
    expect(second.conversationId).toBe(first.conversationId);
    expect(elsewhere.conversationId).not.toBe(first.conversationId);
    const page = await listInbox(database.db, consultant.owner);
    expect(page.total).toBe(2);
  });

  it("refuses the same message again within a minute, and accepts it after", async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    const input = form(consultant.id);
    const first = await sendMessage(database.db, sender, input, deps);
    const error = await sendMessage(database.db, sender, input, deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).message).toBe(MESSAGE_TEXTS.duplicate);
    // A different text, or another consultant, is not a duplicate.
    await expect(
      sendMessage(database.db, sender, { ...input, message: `${input.message} Deadline: 30 June.` }, deps),
    ).resolves.toMatchObject({ status: "sent" });

    if (first.status !== "sent") throw new Error("expected a sent message");
    await database.sql`update messages set created_at = created_at - interval '61 seconds' where sender_user_id = ${sender.id}`;
    await expect(sendMessage(database.db, sender, input, deps)).resolves.toMatchObject({ status: "sent" });
  });

  it("lets only one of two simultaneous identical sends through", async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    const input = form(consultant.id);
    const results = await Promise.allSettled([
      sendMessage(database.db, sender, input, deps),
      sendMessage(database.db, sender, input, deps),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(Conflict);
  });

  it(`limits a sender to ${SEND_LIMIT_PER_SENDER} messages an hour`, async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    for (let i = 0; i < SEND_LIMIT_PER_SENDER; i++) {
      // A new address each time: only the per-sender limit is at work.
      await sendMessage(database.db, sender, form(consultant.id), withIp(`203.0.113.${i + 1}`));
    }
    const error = await sendMessage(database.db, sender, form(consultant.id), withIp("203.0.113.200")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).message).toBe(MESSAGE_TEXTS.rateLimited);
    expect((error as TooManyRequests).retryAfterSeconds).toBeGreaterThan(0);
  });

  it(`limits one address to ${SEND_LIMIT_PER_IP} messages an hour, whichever account sends`, async () => {
    const consultant = await insertConsultant();
    const ip = "203.0.113.250";
    await database.sql`insert into rate_limits (key, window_start, hits) values (${`messages:ip:${ip}`}, now(), ${SEND_LIMIT_PER_IP})`;
    const freshSender = await insertUser(database.db);
    await expect(sendMessage(database.db, freshSender, form(consultant.id), withIp(ip))).rejects.toBeInstanceOf(TooManyRequests);
    await expect(sendMessage(database.db, freshSender, form(consultant.id), withIp("203.0.113.251"))).resolves.toMatchObject({
      status: "sent",
    });
  });

  it("discards a message whose honeypot is filled in, without storing or e-mailing it", async () => {
    const consultant = await insertConsultant();
    const sender = await insertUser(database.db);
    const result = await sendMessage(database.db, sender, form(consultant.id, { website: "http://spam.example" }), deps);
    expect(result).toEqual({ status: "discarded" });
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

    const first = await listInbox(database.db, consultant.owner, { page: 1, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.unreadCount).toBe(3);
    expect(first.messages.map((m) => m.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.messages[0]).toEqual({
      id: expect.any(Number),
      senderName: "Maria Santos",
      senderEmail: "maria@unicef-example.org",
      senderOrganization: "UNICEF Philippines",
      subject: expect.stringMatching(/^Lead \d$/),
      preview: expect.stringContaining("health systems evaluator"),
      isRead: false,
      repliedAt: null,
      createdAt: expect.any(Date),
    });
    const second = await listInbox(database.db, consultant.owner, { page: 2, limit: 2 });
    expect(second.messages.map((m) => m.id)).toEqual(newestFirst.slice(2));
    expect(await countUnreadMessages(database.db, consultant.owner)).toBe(3);
  });

  it("shortens long texts to a one-line preview", async () => {
    const consultant = await insertConsultant();
    await send(consultant.id, { message: `First line\n\nsecond line ${"x".repeat(300)}` });
    const { messages } = await listInbox(database.db, consultant.owner);
    expect(messages[0]?.preview).toMatch(/^First line second line x+$/);
    expect(messages[0]?.preview).toHaveLength(160);
  });

  it("needs a signed-in owner of a profile", async () => {
    await expect(listInbox(database.db, null)).rejects.toBeInstanceOf(Unauthorized);
    const withoutProfile = await insertUser(database.db);
    const error = await listInbox(database.db, withoutProfile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFound);
    expect((error as NotFound).message).toBe(MESSAGE_TEXTS.noProfile);
    expect(await countUnreadMessages(database.db, withoutProfile)).toBe(0);
    expect(await countUnreadMessages(database.db, null)).toBe(0);
  });

  it("works for the owner of a profile that is not listed yet", async () => {
    const pending = await insertConsultant({ status: "pending" });
    await expect(listInbox(database.db, pending.owner)).resolves.toMatchObject({ total: 0, unreadCount: 0 });
  });

  it("opens a message (marking it read), marks it unread again, and read again", async () => {
    const consultant = await insertConsultant();
    const { id } = await send(consultant.id);
    const opened = await openMessage(database.db, consultant.owner, id);
    expect(opened).toMatchObject({ id, isRead: true, repliedAt: null, replies: [] });
    expect(opened.message).toContain("health systems evaluator");
    expect(await countUnreadMessages(database.db, consultant.owner)).toBe(0);

    await expect(setMessageRead(database.db, consultant.owner, id, { isRead: false })).resolves.toMatchObject({ isRead: false });
    expect((await messageRow(id))?.is_read).toBe(false);
    expect(await countUnreadMessages(database.db, consultant.owner)).toBe(1);
    await expect(setMessageRead(database.db, consultant.owner, id, { isRead: true })).resolves.toMatchObject({ isRead: true });
    await expect(setMessageRead(database.db, consultant.owner, id, { isRead: "no" })).rejects.toBeInstanceOf(ValidationFailed);
  });

  it("replies by e-mail to the sender, Reply-To the consultant, and records the reply", async () => {
    const consultant = await insertConsultant({ showEmail: false });
    const sender = await insertUser(database.db);
    const input = form(consultant.id, {
      senderEmail: `org-${unique()}@example.org`,
      message: "Line one of the lead.\nLine two.",
    });
    const sent = await sendMessage(database.db, sender, input, deps);
    if (sent.status !== "sent") throw new Error("expected a sent message");

    const empty = (await replyToMessage(database.db, consultant.owner, sent.id, { reply: "   " }, deps).catch(
      (e: unknown) => e,
    )) as ValidationFailed;
    expect(empty).toBeInstanceOf(ValidationFailed);
    expect(empty.errors).toEqual([{ path: "reply", message: "Reply is required" }]);

    const replied = await replyToMessage(
      database.db,
      consultant.owner,
      sent.id,
      { reply: "Thank you, I am available from July. Could we talk on Monday?" },
      deps,
    );
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

    const again = await replyToMessage(database.db, consultant.owner, sent.id, { reply: "Following up." }, deps);
    expect(again.replies.map((r) => r.body)).toEqual([
      "Thank you, I am available from July. Could we talk on Monday?",
      "Following up.",
    ]);
    expect(again.repliedAt?.getTime()).toBe(again.replies[1]?.createdAt.getTime());
  });

  it("deletes a message", async () => {
    const consultant = await insertConsultant();
    const { id } = await send(consultant.id);
    await deleteMessage(database.db, consultant.owner, id);
    expect(await messageRow(id)).toBeUndefined();
    await expect(deleteMessage(database.db, consultant.owner, id)).rejects.toBeInstanceOf(NotFound);
    await expect(openMessage(database.db, consultant.owner, id)).rejects.toBeInstanceOf(NotFound);
  });

  it("keeps each consultant's messages to themselves", async () => {
    const alice = await insertConsultant({ name: "Alice" });
    const bob = await insertConsultant({ name: "Bob" });
    const { id } = await send(alice.id);
    await smtp.waitForMail(alice.email);
    const mailsBefore = smtp.received.length;

    expect((await listInbox(database.db, bob.owner)).messages).toEqual([]);
    expect(await countUnreadMessages(database.db, bob.owner)).toBe(0);
    await expect(openMessage(database.db, bob.owner, id)).rejects.toBeInstanceOf(NotFound);
    await expect(setMessageRead(database.db, bob.owner, id, { isRead: true })).rejects.toBeInstanceOf(NotFound);
    await expect(replyToMessage(database.db, bob.owner, id, { reply: "Hijacked" }, deps)).rejects.toBeInstanceOf(NotFound);
    await expect(deleteMessage(database.db, bob.owner, id)).rejects.toBeInstanceOf(NotFound);
    await markMessageOpened(database.db, bob.owner, id);
    await markMessageOpened(database.db, null, id);
    // The sender of the message cannot read it back from the consultant's inbox either.
    const [row] = await database.sql<{ sender_user_id: number }[]>`select sender_user_id from messages where id = ${id}`;
    await expect(openMessage(database.db, { id: row!.sender_user_id }, id)).rejects.toBeInstanceOf(NotFound);

    expect(await messageRow(id)).toMatchObject({ is_read: false, replied_at: null });
    expect(smtp.received.length).toBe(mailsBefore);
    expect(await countUnreadMessages(database.db, alice.owner)).toBe(1);
  });
});

describe("deleting", () => {
  it("deletes a consultant's messages and replies with the consultant", async () => {
    const consultant = await insertConsultant();
    const { id } = await send(consultant.id);
    await replyToMessage(database.db, consultant.owner, id, { reply: "Thanks!" }, deps);
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
