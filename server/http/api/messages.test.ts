import { describe, expect } from "vitest";
import { MESSAGE_TEXTS } from "#common/messages.ts";
import type { ConsultantStatus } from "#server/db/schema.ts";
import { JOBS } from "#server/jobs/queue.ts";
import { SEND_LIMIT_PER_SENDER } from "#server/services/messages/send.ts";
import { createSession } from "#server/services/sessions.ts";
import { call, startApiApp, type TestApi } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { freshIp, unique } from "../../../tests/setup/unique.ts";
import { insertUser } from "../../../tests/setup/users.ts";

const it = apiTest();

async function signedInUser(api: TestApi, name = "Maria Santos") {
  const user = await insertUser(api.database.db, { name });
  const { token } = await createSession(api.database.db, user.id);
  return { ...user, token };
}

async function insertConsultant(
  api: TestApi,
  {
    status = "approved",
    showEmail = false,
  }: {
    status?: ConsultantStatus;
    showEmail?: boolean;
  } = {},
) {
  const owner = await signedInUser(api, "Lan Nguyen");
  const email = `consultant-${unique()}@example.org`;
  const [row] = await api.database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status, show_email)
    values (${owner.id}, 'Lan Nguyen', 'Public Health Specialist', ${email}, 'Hanoi, Vietnam', 'Vietnam', 12, 'Healthcare',
            'Twelve years of maternal health programmes.', ${status}, ${showEmail})
    returning id`;
  return { id: row!.id, email, owner };
}

function body(extra: Record<string, unknown> = {}) {
  return {
    senderName: "Maria Santos",
    senderEmail: `maria-${unique()}@example.org`,
    senderOrganization: "UNICEF Philippines",
    subject: `Evaluation consultancy ${unique()}`,
    message: "We are looking for a health systems evaluator for a six-month assignment in Mindanao.",
    ...extra,
  };
}

async function sendAs(api: TestApi, token: string, consultantId: number, extra: Record<string, unknown> = {}) {
  const response = await call(api.app, "POST", `/api/consultants/${consultantId}/messages`, {
    token,
    body: body(extra),
    ip: freshIp(),
  });
  expect(response.status, response.text).toBe(201);
  const [row] = await api.database.sql<
    { id: number }[]
  >`select id from messages where consultant_id = ${consultantId} order by id desc limit 1`;
  return row!.id;
}

async function messageCount(api: TestApi, consultantId: number) {
  const [row] = await api.database.sql<
    { total: number }[]
  >`select count(*)::int as total from messages where consultant_id = ${consultantId}`;
  return row!.total;
}

describe("POST /api/consultants/{id}/messages", () => {
  it("answers 401 to a visitor, before looking at anything else", async ({ api }) => {
    const consultant = await insertConsultant(api);
    for (const path of [
      `/api/consultants/${consultant.id}/messages`,
      "/api/consultants/999999/messages",
      "/api/consultants/x/messages",
    ]) {
      const response = await call(api.app, "POST", path, { body: body() });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ message: MESSAGE_TEXTS.signInToSend });
    }
    const expired = await call(api.app, "POST", `/api/consultants/${consultant.id}/messages`, {
      body: body(),
      token: "not-a-session",
    });
    expect(expired.status).toBe(401);
    expect(await messageCount(api, consultant.id)).toBe(0);
  });

  it("answers 400 'Consultant ID is required' for an id that is not a positive whole number, and sends nothing", async ({
    api,
  }) => {
    const sender = await signedInUser(api);
    for (const id of ["0", "-1", "abc", "1.5", "007"]) {
      const response = await call(api.app, "POST", `/api/consultants/${id}/messages`, {
        token: sender.token,
        body: body({ senderEmail: "id.check@example.org" }),
      });
      expect(response.status, id).toBe(400);
      expect(response.json).toEqual({
        message: "Consultant ID is required",
        errors: [{ path: "consultantId", message: "Consultant ID is required" }],
      });
    }
    const [{ total }] = (await api.database
      .sql`select count(*)::int as total from messages where sender_email = ${"id.check@example.org"}`) as [{ total: number }];
    expect(total).toBe(0);
  });

  it("answers 404 for a missing or unlisted consultant, or an id beyond any row", async ({ api }) => {
    const sender = await signedInUser(api);
    const pending = await insertConsultant(api, { status: "pending" });
    const hidden = await insertConsultant(api, { status: "hidden" });
    for (const id of ["2000000000", "99999999999", String(pending.id), String(hidden.id)]) {
      const response = await call(api.app, "POST", `/api/consultants/${id}/messages`, { token: sender.token, body: body() });
      expect(response.status, id).toBe(404);
      expect(response.json).toEqual({ message: "Consultant not found" });
    }
  });

  it("answers 400 with the spec's messages word for word", async ({ api }) => {
    const sender = await signedInUser(api);
    const consultant = await insertConsultant(api);
    const path = `/api/consultants/${consultant.id}/messages`;
    const empty = await call(api.app, "POST", path, { token: sender.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({
      message: "Your name is required",
      errors: [
        { path: "senderName", message: "Your name is required" },
        { path: "senderEmail", message: "Valid email address is required" },
        { path: "subject", message: "Subject is required" },
        { path: "message", message: "Message must be at least 10 characters long" },
      ],
    });
    const bad = await call(api.app, "POST", path, {
      token: sender.token,
      body: body({ senderName: "  ", senderEmail: "maria@", subject: " ", message: "Hi there" }),
    });
    expect(bad.json.errors.map((error: { message: string }) => error.message)).toEqual([
      "Your name is required",
      "Valid email address is required",
      "Subject is required",
      "Message must be at least 10 characters long",
    ]);
    const notJson = await api.app.request(path, {
      method: "POST",
      headers: { authorization: `Bearer ${sender.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    const wrongTypes = await call(api.app, "POST", path, { token: sender.token, body: ["a list"] });
    expect(wrongTypes.status).toBe(400);
    const tooBig = await call(api.app, "POST", path, { token: sender.token, body: body({ message: "x".repeat(70_000) }) });
    expect(tooBig.status).toBe(413);
    expect(await messageCount(api, consultant.id)).toBe(0);
  });

  it("sends with the sender's account, notifies the hidden address with Reply-To the sender, and never returns it", async ({
    api,
  }) => {
    const sender = await signedInUser(api);
    const consultant = await insertConsultant(api, { showEmail: false });
    const input = body();
    const response = await call(api.app, "POST", `/api/consultants/${consultant.id}/messages`, {
      token: sender.token,
      body: { ...input, consultantId: 1, senderUserId: 1 },
      ip: freshIp(),
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ message: "Message sent successfully!" });
    expect(response.text).not.toContain(consultant.email);

    const [stored] = await api.database
      .sql`select consultant_id, sender_user_id, subject from messages where subject = ${input.subject}`;
    expect(stored).toEqual({ consultant_id: consultant.id, sender_user_id: sender.id, subject: input.subject });

    const mail = await api.smtp.waitForMail(consultant.email);
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${input.senderEmail.replace(/\./g, "\\.")}$`, "im"));
    expect(mail.subject).toContain(input.subject);
    expect(mail.text).toContain("Maria Santos");
    expect(mail.text).toContain("UNICEF Philippines");
    expect(mail.text).toContain(input.message);
    expect(mail.text).toMatch(/http:\/\/devconsult\.test\/messages\/\d+/);
    // The only mail of this exchange went to the consultant.
    expect(api.smtp.received.filter((m) => m.raw.includes(consultant.email)).map((m) => m.to)).toEqual([[consultant.email]]);
  });

  it("works with the session cookie, and refuses a cross-site form post", async ({ api }) => {
    const sender = await signedInUser(api);
    const consultant = await insertConsultant(api);
    const path = `/api/consultants/${consultant.id}/messages`;
    const cookie = `session=${sender.token}`;
    const sameSite = await call(api.app, "POST", path, { cookie, body: body(), headers: { "sec-fetch-site": "same-origin" } });
    expect(sameSite.status).toBe(201);
    const crossSite = await call(api.app, "POST", path, { cookie, body: body(), headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(await messageCount(api, consultant.id)).toBe(1);
  });

  it("answers 409 to the same message within a minute", async ({ api }) => {
    const sender = await signedInUser(api);
    const consultant = await insertConsultant(api);
    const input = body();
    const path = `/api/consultants/${consultant.id}/messages`;
    expect((await call(api.app, "POST", path, { token: sender.token, body: input })).status).toBe(201);
    const again = await call(api.app, "POST", path, { token: sender.token, body: input });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: MESSAGE_TEXTS.duplicate });
    expect(await messageCount(api, consultant.id)).toBe(1);
  });

  it(`answers 429 with Retry-After after ${SEND_LIMIT_PER_SENDER} messages in an hour`, async ({ api }) => {
    const sender = await signedInUser(api);
    const consultant = await insertConsultant(api);
    await api.database.sql`
      insert into rate_limits (key, window_start, hits) values (${`messages:sender:${sender.id}`}, now(), ${SEND_LIMIT_PER_SENDER - 1})`;
    const path = `/api/consultants/${consultant.id}/messages`;
    expect((await call(api.app, "POST", path, { token: sender.token, body: body(), ip: freshIp() })).status).toBe(201);
    const limited = await call(api.app, "POST", path, { token: sender.token, body: body(), ip: freshIp() });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ message: MESSAGE_TEXTS.rateLimited });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await messageCount(api, consultant.id)).toBe(1);
    // Another account is not held back by this one's limit.
    const other = await signedInUser(api);
    expect((await call(api.app, "POST", path, { token: other.token, body: body(), ip: freshIp() })).status).toBe(201);
  });

  it("answers a filled-in honeypot like a success, but stores and sends nothing", async ({ api }) => {
    const sender = await signedInUser(api);
    const consultant = await insertConsultant(api);
    const response = await call(api.app, "POST", `/api/consultants/${consultant.id}/messages`, {
      token: sender.token,
      body: body({ website: "https://cheap-pills.example" }),
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ message: "Message sent successfully!" });
    expect(await messageCount(api, consultant.id)).toBe(0);
    expect(api.smtp.mailTo(consultant.email)).toEqual([]);
  });
});

describe("/api/my-consultant-profile/messages", () => {
  const inbox = "/api/my-consultant-profile/messages";

  it("answers 401 to a visitor and explains 404 to an account without a profile", async ({ api }) => {
    for (const [method, path] of [
      ["GET", inbox],
      ["GET", `${inbox}/1`],
      ["PATCH", `${inbox}/1`],
      ["POST", `${inbox}/1/reply`],
      ["DELETE", `${inbox}/1`],
    ] as const) {
      const response = await call(api.app, method, path, { body: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const withoutProfile = await signedInUser(api);
    const response = await call(api.app, "GET", inbox, { token: withoutProfile.token });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ message: MESSAGE_TEXTS.noProfile });
  });

  it("lists the owner's messages newest first with the unread count, and pages", async ({ api }) => {
    const consultant = await insertConsultant(api);
    const sender = await signedInUser(api);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await sendAs(api, sender.token, consultant.id, { subject: `Lead ${i}` }));
    for (const [i, id] of ids.entries()) {
      await api.database.sql`update messages set created_at = now() - make_interval(mins => ${3 - i}) where id = ${id}`;
    }
    const first = await call(api.app, "GET", `${inbox}?limit=2`, { token: consultant.owner.token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ total: 3, unreadCount: 3, page: 1, limit: 2 });
    expect(first.json.messages.map((m: { subject: string }) => m.subject)).toEqual(["Lead 2", "Lead 1"]);
    expect(Object.keys(first.json.messages[0]).sort()).toEqual(
      [
        "createdAt",
        "id",
        "isBlockedSender",
        "isRead",
        "organization",
        "preview",
        "repliedAt",
        "senderEmail",
        "senderName",
        "senderOrganization",
        "subject",
      ].sort(),
    );
    const second = await call(api.app, "GET", `${inbox}?page=2&limit=2`, { token: consultant.owner.token });
    expect(second.json.messages.map((m: { subject: string }) => m.subject)).toEqual(["Lead 0"]);
    for (const query of ["page=0", "limit=101", "limit=x", "page=1.5"]) {
      expect((await call(api.app, "GET", `${inbox}?${query}`, { token: consultant.owner.token })).status, query).toBe(400);
    }
  });

  it("opens a message (read), marks it unread, replies and deletes it", async ({ api }) => {
    const consultant = await insertConsultant(api, { showEmail: false });
    const sender = await signedInUser(api);
    const senderEmail = `org-${unique()}@example.org`;
    const id = await sendAs(api, sender.token, consultant.id, { senderEmail, subject: "Gender assessment" });
    const token = consultant.owner.token;

    const opened = await call(api.app, "GET", `${inbox}/${id}`, { token });
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ id, subject: "Gender assessment", isRead: true, repliedAt: null, replies: [] });
    expect((await call(api.app, "GET", inbox, { token })).json.unreadCount).toBe(0);

    const unread = await call(api.app, "PATCH", `${inbox}/${id}`, { token, body: { isRead: false } });
    expect(unread.status).toBe(200);
    expect(unread.json.isRead).toBe(false);
    expect((await call(api.app, "GET", inbox, { token })).json.unreadCount).toBe(1);
    expect((await call(api.app, "PATCH", `${inbox}/${id}`, { token, body: { isRead: "yes" } })).status).toBe(400);

    const emptyReply = await call(api.app, "POST", `${inbox}/${id}/reply`, { token, body: { reply: "" } });
    expect(emptyReply.status).toBe(400);
    expect(emptyReply.json).toEqual({ message: "Reply is required", errors: [{ path: "reply", message: "Reply is required" }] });

    const replied = await call(api.app, "POST", `${inbox}/${id}/reply`, {
      token,
      body: { reply: "Happy to help. I am free from May." },
    });
    expect(replied.status).toBe(200);
    expect(replied.json).toMatchObject({ isRead: true, repliedAt: expect.any(String) });
    expect(replied.json.replies).toEqual([
      { id: expect.any(Number), body: "Happy to help. I am free from May.", createdAt: replied.json.repliedAt },
    ]);
    const mail = await api.smtp.waitForMail(senderEmail);
    expect(mail.subject).toBe("Re: Gender assessment");
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${consultant.email.replace(/\./g, "\\.")}$`, "im"));
    expect(mail.text).toContain("Happy to help. I am free from May.");

    const deleted = await call(api.app, "DELETE", `${inbox}/${id}`, { token });
    expect(deleted.status).toBe(200);
    expect((await call(api.app, "GET", `${inbox}/${id}`, { token })).status).toBe(404);
    expect((await call(api.app, "GET", inbox, { token })).json.total).toBe(0);
  });

  it("answers 404 for another consultant's message, and changes nothing", async ({ api }) => {
    const alice = await insertConsultant(api);
    const bob = await insertConsultant(api);
    const sender = await signedInUser(api);
    const id = await sendAs(api, sender.token, alice.id);
    await api.smtp.waitForMail(alice.email);
    const mailsBefore = api.smtp.received.length;
    for (const token of [bob.owner.token, sender.token]) {
      const attempts = [
        await call(api.app, "GET", `${inbox}/${id}`, { token }),
        await call(api.app, "PATCH", `${inbox}/${id}`, { token, body: { isRead: true } }),
        await call(api.app, "POST", `${inbox}/${id}/reply`, { token, body: { reply: "Not yours" } }),
        await call(api.app, "DELETE", `${inbox}/${id}`, { token }),
      ];
      expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    }
    for (const bad of ["abc", "0", "99999999999"]) {
      expect((await call(api.app, "GET", `${inbox}/${bad}`, { token: alice.owner.token })).status).toBe(404);
    }
    const [row] = await api.database.sql`select is_read, replied_at from messages where id = ${id}`;
    expect(row).toEqual({ is_read: false, replied_at: null });
    expect(api.smtp.received.length).toBe(mailsBefore);
    const own = await call(api.app, "GET", `${inbox}/${id}`, { token: alice.owner.token });
    expect(own.status).toBe(200);
  });
});

describe("when the mail server is down", () => {
  it("stores a reply at once and keeps its e-mail queued for a retry", async () => {
    const down = await startApiApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      const owner = await insertUser(down.database.db);
      const { token } = await createSession(down.database.db, owner.id);
      const [consultant] = await down.database.sql<{ id: number }[]>`
        insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status)
        values (${owner.id}, 'Lan', 'Evaluator', 'lan@example.org', 'Hanoi', 'Vietnam', 5, 'Healthcare', 'Ten years of evaluations.', 'approved')
        returning id`;
      const [message] = await down.database.sql<{ id: number }[]>`
        insert into messages (consultant_id, sender_name, sender_email, subject, message)
        values (${consultant!.id}, 'Maria', 'maria@example.org', 'Lead', 'A long enough message.') returning id`;
      const response = await call(down.app, "POST", `/api/my-consultant-profile/messages/${message!.id}/reply`, {
        token,
        body: { reply: "Yes, I am available." },
      });
      expect(response.status).toBe(200);
      const [row] = await down.database.sql`select replied_at from messages where id = ${message!.id}`;
      expect(row?.replied_at).not.toBeNull();
      // The first attempt fails against the closed port; the job waits for its retry, not lost.
      for (;;) {
        const jobs = await down.jobs.boss.findJobs<{ to: string }>(JOBS.mail, {});
        const reply = jobs.find((job) => job.data.to === "maria@example.org");
        if (reply?.state === "retry") break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await down.close();
    }
  });
});
