import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { type ContactDeps, submitContactMessage } from "./contact.ts";
import { TooManyRequests } from "./errors.ts";
import type { OutgoingMail } from "./mail.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.sql`delete from rate_limits`;
  await database.sql`delete from contact_messages`;
});

function recordingDeps(options: { failSend?: boolean } = {}) {
  const sent: OutgoingMail[] = [];
  const errors: object[] = [];
  const deps: ContactDeps = {
    siteName: "DevConsult SEA",
    supportEmail: "support@devconsult.test",
    log: { error: (obj) => errors.push(obj) },
    mailer: {
      send: async (mail) => {
        if (options.failSend) throw new Error("SMTP connection refused");
        sent.push(mail);
      },
    },
  };
  return { deps, sent, errors };
}

const message = {
  firstName: "Siti",
  lastName: "Rahmawati",
  email: "siti@example.org",
  subject: "partnership" as const,
  message: "We run a nutrition programme in Aceh and would like to list our roster of local experts.",
  clientIp: "203.0.113.7",
};

describe("contact messages", () => {
  it("stores the message and e-mails it to support with Reply-To the sender", async () => {
    const { deps, sent } = recordingDeps();
    const result = await submitContactMessage(database.db, deps, message);
    expect(result).toMatchObject({ status: "sent", isEmailed: true });
    const rows = await database.sql`select * from contact_messages`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: "Siti",
      last_name: "Rahmawati",
      email: "siti@example.org",
      subject: "partnership",
      message: message.message,
    });
    expect(rows[0]?.emailed_at).not.toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "support@devconsult.test",
      replyTo: "siti@example.org",
      subject: "Contact form: Partnership Opportunities from Siti Rahmawati",
    });
    expect(sent[0]?.text).toContain(message.message);
    expect(sent[0]?.text).toContain("From: Siti Rahmawati <siti@example.org>");
  });

  it("keeps line breaks of a name out of the e-mail subject", async () => {
    const { deps, sent } = recordingDeps();
    await submitContactMessage(database.db, deps, { ...message, firstName: "Siti\r\nBcc: x@evil.test" });
    expect(sent[0]?.subject).toBe("Contact form: Partnership Opportunities from Siti Bcc: x@evil.test Rahmawati");
  });

  it("keeps the message when the e-mail cannot be sent, and says so in the log", async () => {
    const { deps, errors } = recordingDeps({ failSend: true });
    const result = await submitContactMessage(database.db, deps, message);
    expect(result).toMatchObject({ status: "sent", isEmailed: false });
    const [row] = await database.sql`select emailed_at from contact_messages`;
    expect(row?.emailed_at).toBeNull();
    expect(errors).toHaveLength(1);
  });

  it("discards a message whose honeypot is filled in, without storing or mailing it", async () => {
    const { deps, sent } = recordingDeps();
    const result = await submitContactMessage(database.db, deps, { ...message, website: "http://spam.test" });
    expect(result).toEqual({ status: "discarded" });
    expect(await database.sql`select id from contact_messages`).toHaveLength(0);
    expect(sent).toHaveLength(0);
  });

  it("allows five messages an hour from one address, then refuses with a Retry-After", async () => {
    const { deps, sent } = recordingDeps();
    for (let i = 0; i < 5; i++) await submitContactMessage(database.db, deps, message);
    const error = await submitContactMessage(database.db, deps, message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).retryAfterSeconds).toBeGreaterThan(0);
    expect(sent).toHaveLength(5);
    expect(await database.sql`select id from contact_messages`).toHaveLength(5);
    // Another address is not affected.
    await expect(submitContactMessage(database.db, deps, { ...message, clientIp: "198.51.100.4" })).resolves.toMatchObject({
      status: "sent",
    });
  });

  it("counts honeypot submissions against the limit too", async () => {
    const { deps } = recordingDeps();
    for (let i = 0; i < 5; i++) await submitContactMessage(database.db, deps, { ...message, website: "x" });
    await expect(submitContactMessage(database.db, deps, message)).rejects.toBeInstanceOf(TooManyRequests);
  });

  it("is protected by the database's own checks", async () => {
    await expect(
      database.sql`insert into contact_messages (first_name, last_name, email, subject, message)
        values ('A', 'B', 'a@example.org', 'spam', 'long enough message')`,
    ).rejects.toThrow(/contact_messages_subject_check/);
    await expect(
      database.sql`insert into contact_messages (first_name, last_name, email, subject, message)
        values ('A', 'B', 'a@example.org', 'general', 'short')`,
    ).rejects.toThrow(/contact_messages_length_check/);
  });
});
