import { describe, expect } from "vitest";
import { call, type TestApi } from "../../tests/setup/api-app.ts";
import { apiTest } from "../../tests/setup/fixtures.ts";
import { freshIp, unique } from "../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../tests/setup/users.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../services/mail.ts";
import { replyToMessage } from "../services/messages/inbox.ts";
import { createStorage } from "../services/storage.ts";

const it = apiTest();

// One test per defect of the security review of November 2026 (shared/reviews/security-2026-11.md)
// that the JSON door shows; the page door and the process are tested in tests/e2e/hardening.test.ts.

function validProfile(extra: Record<string, unknown> = {}) {
  return {
    name: "Lan Nguyen",
    title: "Public Health Specialist",
    email: `lan-${unique()}@example.org`,
    location: "Hanoi, Vietnam",
    country: "Vietnam",
    yearsExperience: 12,
    primarySpecialization: "Healthcare",
    bio: "Twelve years of maternal health programmes.",
    ...extra,
  };
}

async function consultantWithMessage(api: TestApi) {
  const owner = await insertSignedInUser(api.database.db, { name: "Lan Nguyen" });
  const created = await call(api.app, "POST", "/api/consultants", { token: owner.token, body: validProfile() });
  expect(created.status, created.text).toBe(201);
  await api.database.sql`update consultants set status = 'approved' where id = ${created.json.id}`;
  const sender = await insertSignedInUser(api.database.db, { name: "Maria Santos" });
  const senderEmail = `maria-${unique()}@example.org`;
  const sent = await call(api.app, "POST", `/api/consultants/${created.json.id}/messages`, {
    token: sender.token,
    ip: freshIp(),
    body: {
      senderName: "Maria Santos",
      senderEmail,
      subject: "Assignment",
      message: "Would you be free in March for an evaluation?",
    },
  });
  expect(sent.status, sent.text).toBe(201);
  const [message] = await api.database.sql<{ id: number }[]>`
    select id from messages where consultant_id = ${created.json.id} order by id desc limit 1`;
  return { owner, consultantId: created.json.id as number, messageId: message!.id, senderEmail };
}

describe("defect 3a: a NUL character in any text is a 400 naming the field, never a 500", () => {
  it("refuses it in queries and bodies of every kind of endpoint, and stores nothing", async ({ api }) => {
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const user = await insertSignedInUser(api.database.db);
    const { owner, consultantId, messageId } = await consultantWithMessage(api);
    const email = `nul-${unique()}@example.org`;
    const cases: [string, string, { token?: string; body?: unknown }, string][] = [
      ["GET", "/api/consultants?location=%00", {}, "location"],
      ["GET", "/api/consultants?languages=a%00", {}, "languages"],
      ["POST", "/api/auth/register", { body: { email, password: "nul-pass-12345", name: "N\u0000ul" } }, "name"],
      ["PUT", "/api/auth/profile", { token: user.token, body: { name: "A\u0000B", email: user.email } }, "name"],
      [
        "POST",
        "/api/consultants",
        { token: user.token, body: validProfile({ bio: "Bio with a \u0000 NUL byte inside it." }) },
        "bio",
      ],
      ["PUT", `/api/consultants/${consultantId}`, { token: owner.token, body: validProfile({ title: "Tx\u0000y" }) }, "title"],
      [
        "POST",
        `/api/consultants/${consultantId}/messages`,
        {
          token: user.token,
          body: { senderName: "M", senderEmail: "m@example.org", subject: "S", message: "Hello there \u0000 friend" },
        },
        "message",
      ],
      [
        "POST",
        `/api/my-consultant-profile/messages/${messageId}/reply`,
        { token: owner.token, body: { reply: "Reply x\u0000y" } },
        "reply",
      ],
      ["GET", "/api/admin/consultants?search=%00", { token: admin.token }, "search"],
      ["GET", "/api/admin/users?search=%00", { token: admin.token }, "search"],
      ["GET", "/api/admin/audit-log?search=%00", { token: admin.token }, "search"],
      ["PUT", `/api/admin/consultants/${consultantId}/hide`, { token: admin.token, body: { reason: "x\u0000y" } }, "reason"],
    ];
    for (const [method, path, options, field] of cases) {
      const response = await call(api.app, method, path, { ...options, ip: freshIp() });
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(400);
      expect(response.json.errors).toEqual([{ path: field, message: `${field} contains characters that are not allowed` }]);
    }
    const [registered] = await api.database.sql`select 1 from auth_users where email = ${email}`;
    expect(registered).toBeUndefined();
    const [replies] = await api.database.sql<{ count: number }[]>`
      select count(*)::int as count from message_replies where message_id = ${messageId}`;
    expect(replies?.count).toBe(0);
  });

  it("refuses other control characters and keeps tabs and line breaks as text", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const bell = await call(api.app, "POST", "/api/consultants", {
      token: user.token,
      body: validProfile({ bio: "Ring the \u0007 bell for this profile." }),
    });
    expect(bell.status).toBe(400);
    expect(bell.json.errors[0].path).toBe("bio");
    const lines = await call(api.app, "POST", "/api/consultants", {
      token: user.token,
      body: validProfile({ bio: "First line\r\nsecond line\twith a tab." }),
    });
    expect(lines.status, lines.text).toBe(201);
  });
});

describe("defect 3a: a reply is never e-mailed when it cannot be stored", () => {
  it("writes before it mails: a reply the database refuses sends nothing, and a retry mails once", async ({ api }) => {
    const { owner, messageId, senderEmail } = await consultantWithMessage(api);
    const config = api.config;
    const log = createLogger(config);
    const deps = {
      db: api.database.db,
      config,
      log,
      mailer: createMailer(config, log),
      storage: createStorage(config),
      jobs: api.jobs,
      clientIp: "192.0.2.250",
      readDb: api.database.db,
      runtime: api.runtime,
    };
    // Past the edge (as a future door without the text guard would be): PostgreSQL refuses the NUL.
    await expect(
      replyToMessage(deps, { id: owner.id, role: "user" }, { id: messageId, body: { reply: "Reply x\u0000y" } }),
    ).rejects.toThrow();
    expect(api.smtp.mailTo(senderEmail)).toHaveLength(0);
    const retry = await call(api.app, "POST", `/api/my-consultant-profile/messages/${messageId}/reply`, {
      token: owner.token,
      body: { reply: "Reply, this time without the stray character." },
    });
    expect(retry.status, retry.text).toBe(200);
    // The reply's e-mail goes out through the job queue: wait for it, then make sure it is the only one.
    await api.smtp.waitForMail(senderEmail);
    expect(api.smtp.mailTo(senderEmail)).toHaveLength(1);
  });
});

describe("defect 3b: a lone surrogate in an audited value is a 400", () => {
  it("refuses it in an admin's reason and in an admin's edit", async ({ api }) => {
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const { consultantId } = await consultantWithMessage(api);
    const reject = await call(api.app, "PUT", `/api/admin/consultants/${consultantId}/reject`, {
      token: admin.token,
      body: { reason: "bad \udfff surrogate" },
    });
    expect(reject.status, reject.text).toBe(400);
    expect(reject.json.errors[0].path).toBe("reason");
    const edit = await call(api.app, "PUT", `/api/admin/consultants/${consultantId}`, {
      token: admin.token,
      body: validProfile({ bio: "A bio with \ud800 half a pair." }),
    });
    expect(edit.status, edit.text).toBe(400);
    expect(edit.json.errors[0].path).toBe("bio");
    const [row] = await api.database.sql<{ status: string }[]>`select status from consultants where id = ${consultantId}`;
    expect(row?.status).toBe("approved");
  });
});

describe("defect 3d: sitemap block numbers past the id range", () => {
  it("answers 404 for every block the route pattern allows", async ({ api }) => {
    for (const block of [214748, 214749, 999999]) {
      const response = await api.app.request(`/sitemaps/consultants-${block}.xml`);
      expect(response.status, String(block)).toBe(404);
    }
  });
});

describe("defect 5: TRUST_PROXY uses the right-most address a trusted proxy added", () => {
  it("counts registrations per real client even when the client writes its own X-Forwarded-For", async ({ api }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await call(api.app, "POST", "/api/auth/register", {
        headers: { "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.7` },
        ip: `198.51.100.${i + 1}, 203.0.113.7`,
        body: { email: `proxy-${unique()}@example.org`, password: "proxy-pass-12345", name: "Proxy Test" },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("defect 8: private API answers are not cached", () => {
  it("sends Cache-Control: private, no-store on the inbox API", async ({ api }) => {
    const { owner, messageId } = await consultantWithMessage(api);
    for (const path of ["/api/my-consultant-profile/messages", `/api/my-consultant-profile/messages/${messageId}`]) {
      const response = await call(api.app, "GET", path, { token: owner.token });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const publicList = await call(api.app, "GET", "/api/consultants");
    expect(publicList.headers.get("cache-control")).toBeNull();
  });
});

describe("request bodies are bounded on the JSON door", () => {
  it("answers 413 and closes the connection for a body over the route's limit", async ({ api }) => {
    const response = await call(api.app, "POST", "/api/auth/login", {
      body: { email: "big@example.org", password: "x".repeat(64 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(response.json).toEqual({ message: "The request body is too large" });
  });
});
