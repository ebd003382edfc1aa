import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startApiApp } from "../../tests/setup/api-app.ts";
import { insertSignedInUser } from "../../tests/setup/users.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../services/mail.ts";
import { replyToMessage } from "../services/messages/inbox.ts";
import { createStorage } from "../services/storage.ts";

// One test per defect of the security review of November 2026 (shared/reviews/security-2026-11.md)
// that the JSON door shows; the page door and the process are tested in tests/e2e/hardening.test.ts.

let env: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  env = await startApiApp();
});
afterAll(async () => {
  await env?.close();
});

const unique = () => randomBytes(5).toString("hex");
let counter = 0;
const freshIp = () => `192.0.2.${++counter}`;

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

async function consultantWithMessage() {
  const owner = await insertSignedInUser(env.database.db, { name: "Lan Nguyen" });
  const created = await call(env.app, "POST", "/api/consultants", { token: owner.token, body: validProfile() });
  expect(created.status, created.text).toBe(201);
  await env.database.sql`update consultants set status = 'approved' where id = ${created.json.id}`;
  const sender = await insertSignedInUser(env.database.db, { name: "Maria Santos" });
  const senderEmail = `maria-${unique()}@example.org`;
  const sent = await call(env.app, "POST", `/api/consultants/${created.json.id}/messages`, {
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
  const [message] = await env.database.sql<{ id: number }[]>`
    select id from messages where consultant_id = ${created.json.id} order by id desc limit 1`;
  return { owner, consultantId: created.json.id as number, messageId: message!.id, senderEmail };
}

describe("defect 3a: a NUL character in any text is a 400 naming the field, never a 500", () => {
  it("refuses it in queries and bodies of every kind of endpoint, and stores nothing", async () => {
    const admin = await insertSignedInUser(env.database.db, { role: "admin" });
    const user = await insertSignedInUser(env.database.db);
    const { owner, consultantId, messageId } = await consultantWithMessage();
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
      const response = await call(env.app, method, path, { ...options, ip: freshIp() });
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(400);
      expect(response.json.errors).toEqual([{ path: field, message: `${field} contains characters that are not allowed` }]);
    }
    const [registered] = await env.database.sql`select 1 from auth_users where email = ${email}`;
    expect(registered).toBeUndefined();
    const [replies] = await env.database.sql<{ count: number }[]>`
      select count(*)::int as count from message_replies where message_id = ${messageId}`;
    expect(replies?.count).toBe(0);
  });

  it("refuses other control characters and keeps tabs and line breaks as text", async () => {
    const user = await insertSignedInUser(env.database.db);
    const bell = await call(env.app, "POST", "/api/consultants", {
      token: user.token,
      body: validProfile({ bio: "Ring the \u0007 bell for this profile." }),
    });
    expect(bell.status).toBe(400);
    expect(bell.json.errors[0].path).toBe("bio");
    const lines = await call(env.app, "POST", "/api/consultants", {
      token: user.token,
      body: validProfile({ bio: "First line\r\nsecond line\twith a tab." }),
    });
    expect(lines.status, lines.text).toBe(201);
  });
});

describe("defect 3a: a reply is never e-mailed when it cannot be stored", () => {
  it("writes before it mails: a reply the database refuses sends nothing, and a retry mails once", async () => {
    const { owner, messageId, senderEmail } = await consultantWithMessage();
    const config = env.config;
    const log = createLogger(config);
    const deps = {
      db: env.database.db,
      config,
      log,
      mailer: createMailer(config, log),
      storage: createStorage(config),
      jobs: env.jobs,
      clientIp: "192.0.2.250",
      readDb: env.database.db,
      runtime: env.runtime,
    };
    // Past the edge (as a future door without the text guard would be): PostgreSQL refuses the NUL.
    await expect(
      replyToMessage(deps, { id: owner.id, role: "user" }, { id: messageId, body: { reply: "Reply x\u0000y" } }),
    ).rejects.toThrow();
    expect(env.smtp.mailTo(senderEmail)).toHaveLength(0);
    const retry = await call(env.app, "POST", `/api/my-consultant-profile/messages/${messageId}/reply`, {
      token: owner.token,
      body: { reply: "Reply, this time without the stray character." },
    });
    expect(retry.status, retry.text).toBe(200);
    // The reply's e-mail goes out through the job queue: wait for it, then make sure it is the only one.
    await env.smtp.waitForMail(senderEmail);
    expect(env.smtp.mailTo(senderEmail)).toHaveLength(1);
  });
});

describe("defect 3b: a lone surrogate in an audited value is a 400", () => {
  it("refuses it in an admin's reason and in an admin's edit", async () => {
    const admin = await insertSignedInUser(env.database.db, { role: "admin" });
    const { consultantId } = await consultantWithMessage();
    const reject = await call(env.app, "PUT", `/api/admin/consultants/${consultantId}/reject`, {
      token: admin.token,
      body: { reason: "bad \udfff surrogate" },
    });
    expect(reject.status, reject.text).toBe(400);
    expect(reject.json.errors[0].path).toBe("reason");
    const edit = await call(env.app, "PUT", `/api/admin/consultants/${consultantId}`, {
      token: admin.token,
      body: validProfile({ bio: "A bio with \ud800 half a pair." }),
    });
    expect(edit.status, edit.text).toBe(400);
    expect(edit.json.errors[0].path).toBe("bio");
    const [row] = await env.database.sql<{ status: string }[]>`select status from consultants where id = ${consultantId}`;
    expect(row?.status).toBe("approved");
  });
});

describe("defect 3d: sitemap block numbers past the id range", () => {
  it("answers 404 for every block the route pattern allows", async () => {
    for (const block of [214748, 214749, 999999]) {
      const response = await env.app.request(`/sitemaps/consultants-${block}.xml`);
      expect(response.status, String(block)).toBe(404);
    }
  });
});

describe("defect 5: TRUST_PROXY uses the right-most address a trusted proxy added", () => {
  it("counts registrations per real client even when the client writes its own X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await call(env.app, "POST", "/api/auth/register", {
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
  it("sends Cache-Control: private, no-store on the inbox API", async () => {
    const { owner, messageId } = await consultantWithMessage();
    for (const path of ["/api/my-consultant-profile/messages", `/api/my-consultant-profile/messages/${messageId}`]) {
      const response = await call(env.app, "GET", path, { token: owner.token });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const publicList = await call(env.app, "GET", "/api/consultants");
    expect(publicList.headers.get("cache-control")).toBeNull();
  });
});

describe("request bodies are bounded on the JSON door", () => {
  it("answers 413 and closes the connection for a body over the route's limit", async () => {
    const response = await call(env.app, "POST", "/api/auth/login", {
      body: { email: "big@example.org", password: "x".repeat(64 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(response.json).toEqual({ message: "The request body is too large" });
  });
});
