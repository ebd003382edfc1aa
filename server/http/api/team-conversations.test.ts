import { describe, expect } from "vitest";
import { ORGANIZATION_TEXTS, REPORT_TEXTS } from "#common/organizations.ts";
import { call } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { freshIp, unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { reportAnswerSchema } from "../openapi/admin.ts";
import { conversationPageSchema, conversationThreadSchema } from "../openapi/messages.ts";

// Team conversations (issue 31) through the JSON API, mail to a real SMTP server: a conversation
// started while acting for an organization is read and answered by every member, each message
// under its member's name; the pipeline moves on send and reply; "Report this sender" reaches the
// admins' queue, where an admin warns, blocks or unverifies.

const it = apiTest();
const env = fileApi(it);

type User = Awaited<ReturnType<typeof insertSignedInUser>>;

async function organization(verified: boolean, roles: ("owner" | "member")[]) {
  const [org] = await env.database.sql<{ id: number; name: string }[]>`
    insert into organizations (slug, name, kind, country, verified_at, verification_method)
    values (${`team-${unique()}`}, ${`Mekong Water Alliance ${unique()}`}, 'ngo', 'TH',
            ${verified ? new Date().toISOString() : null}, ${verified ? "admin" : null})
    returning id, name`;
  const members: User[] = [];
  for (const role of roles) {
    const user = await insertSignedInUser(env.database.db, { name: `Member ${unique()}` });
    await env.database.sql`insert into organization_members (organization_id, user_id, role, is_acting)
      values (${org!.id}, ${user.id}, ${role}, true)`;
    members.push(user);
  }
  return { organization: org!, members };
}

async function consultant() {
  const owner = await insertSignedInUser(env.database.db, { name: "Lan Nguyen" });
  const email = `lan-${unique()}@example.org`;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status)
    values (${owner.id}, 'Lan Nguyen', 'WASH Specialist', ${email}, 'Hanoi, Vietnam', 'Vietnam', 12, 'Healthcare',
            'Twelve years of rural water supply programmes.', 'approved')
    returning id`;
  return { id: row!.id, email, owner };
}

async function send(token: string, consultantId: number, subject = `Evaluation ${unique()}`) {
  const response = await call(env.app, "POST", `/api/consultants/${consultantId}/messages`, {
    token,
    ip: freshIp(),
    body: {
      senderName: "Ploy Srisuk",
      senderEmail: `ploy-${unique()}@example.org`,
      senderOrganization: "UNICEF Thailand",
      subject,
      message: "We are looking for a WASH evaluator for a six-month assignment in the Mekong delta.",
    },
  });
  expect(response.status, response.text).toBe(201);
  return subject;
}

async function received(token: string) {
  const list = await call(env.app, "GET", "/api/conversations?box=received", { token });
  return conversationPageSchema.parse(list.json).conversations;
}

/** A conversation from `senderToken`'s account to `lan`, reported by lan for `reason`: the report's id. */
async function reportedConversation(senderToken: string, lan: Awaited<ReturnType<typeof consultant>>, reason: string) {
  await send(senderToken, lan.id);
  const [conversation] = await received(lan.owner.token);
  const reported = await call(env.app, "POST", `/api/conversations/${conversation!.id}/report`, {
    token: lan.owner.token,
    body: { reason },
  });
  return reported.json.id as number;
}

describe("team conversations", () => {
  it("are read and answered by every member, each message under its member's name, with the organization's badge", async () => {
    const { organization: org, members } = await organization(true, ["owner", "member"]);
    const [ploy, dara] = members as [User, User];
    const lan = await consultant();
    const subject = await send(ploy.token, lan.id);

    // The consultant sees the organization, verified, and Ploy's name.
    const [seen] = await received(lan.owner.token);
    expect(seen).toMatchObject({
      subject,
      otherParty: { name: ploy.name, detail: org.name, organization: { id: org.id, name: org.name, verified: true } },
      organization: { id: org.id, verified: true },
    });
    const mail = await env.smtp.waitForMail(lan.email);
    expect(mail.text).toContain(`Organization: ${org.name} (verified organization)`);

    // Dara, who never wrote, finds it in her box and answers it.
    const sent = conversationPageSchema.parse(
      (await call(env.app, "GET", "/api/conversations?box=sent", { token: dara.token })).json,
    );
    expect(sent.conversations.map((c) => c.id)).toContain(seen!.id);
    const answered = await call(env.app, "POST", `/api/conversations/${seen!.id}/messages`, {
      token: dara.token,
      ip: freshIp(),
      body: { message: "Following up for the team: could you share two references?" },
    });
    expect(answered.status, answered.text).toBe(201);
    const thread = conversationThreadSchema.parse(answered.json);
    expect(thread.entries.map((e) => [e.author, e.authorName, e.fromMe])).toEqual([
      ["sender", ploy.name, true],
      ["sender", dara.name, true],
    ]);

    // The consultant's answer reaches every member.
    const reply = await call(env.app, "POST", `/api/conversations/${seen!.id}/messages`, {
      token: lan.owner.token,
      body: { message: "Happy to: I will send them tomorrow." },
    });
    expect(reply.status).toBe(201);
    const forPloy = conversationThreadSchema.parse(
      (await call(env.app, "GET", `/api/conversations/${seen!.id}`, { token: ploy.token })).json,
    );
    expect(forPloy.entries.map((e) => e.authorName)).toEqual([ploy.name, dara.name, "Lan Nguyen"]);
    expect(forPloy.organization).toEqual({ id: org.id, name: org.name, verified: true, logoUrl: null });
  });

  it("put a second member's first message into the same conversation, and shut out a member once removed", async () => {
    const { organization: org, members } = await organization(false, ["owner", "member"]);
    const [ploy, dara] = members as [User, User];
    const lan = await consultant();
    await send(ploy.token, lan.id);
    await send(dara.token, lan.id);
    const conversations = await received(lan.owner.token);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]?.otherParty.organization).toEqual({ id: org.id, name: org.name, verified: false, logoUrl: null });
    const id = conversations[0]!.id;
    await env.database.sql`delete from organization_members where organization_id = ${org.id} and user_id = ${dara.id}`;
    expect((await call(env.app, "GET", `/api/conversations/${id}`, { token: dara.token })).status).toBe(404);
    const box = await call(env.app, "GET", "/api/conversations?box=sent", { token: dara.token });
    expect(box.json.conversations).toEqual([]);
    // Acting for nobody now, Dara's next message is her own conversation.
    await send(dara.token, lan.id);
    expect(await received(lan.owner.token)).toHaveLength(2);
  });

  it("keep a personal conversation apart from the organization's, and say 'not verified' for a typed organization", async () => {
    const lan = await consultant();
    const solo = await insertSignedInUser(env.database.db, { name: "Somchai" });
    await send(solo.token, lan.id);
    const [only] = await received(lan.owner.token);
    expect(only?.organization).toBeNull();
    expect(only?.otherParty).toMatchObject({ detail: "UNICEF Thailand", organization: null });
    const mail = await env.smtp.waitForMail(lan.email);
    expect(mail.text).toContain("Organization: UNICEF Thailand (not a verified organization)");
  });
});

describe("the pipeline moves on send and reply", () => {
  it("moves considering to contacted when a member writes, and to replied when the consultant answers, in the team's lists only", async () => {
    const { organization: org, members } = await organization(false, ["owner", "member"]);
    const [ploy, dara] = members as [User, User];
    const lan = await consultant();
    const team = await call(env.app, "POST", "/api/shortlists", {
      token: ploy.token,
      body: { name: "Team", organizationId: org.id },
    });
    const mine = await call(env.app, "POST", "/api/shortlists", { token: dara.token, body: { name: "Dara's own" } });
    const interview = await call(env.app, "POST", "/api/shortlists", {
      token: ploy.token,
      body: { name: "Later", organizationId: org.id },
    });
    for (const list of [team, mine, interview]) {
      await call(env.app, "PUT", `/api/shortlists/${list.json.id}/consultants/${lan.id}`, { token: dara.token });
    }
    await call(env.app, "PATCH", `/api/shortlists/${interview.json.id}/consultants/${lan.id}`, {
      token: ploy.token,
      body: { stage: "interview" },
    });
    const stage = async (listId: number, token: string) =>
      (await call(env.app, "GET", `/api/shortlists/${listId}`, { token })).json.entries[0].stage;

    await send(ploy.token, lan.id);
    expect(await stage(team.json.id, dara.token)).toBe("contacted");
    // Dara's own list is hers, not the organization's: Ploy's team message does not move it.
    expect(await stage(mine.json.id, dara.token)).toBe("considering");
    // A later stage is never moved back.
    expect(await stage(interview.json.id, dara.token)).toBe("interview");

    const [conversation] = await received(lan.owner.token);
    await call(env.app, "POST", `/api/conversations/${conversation!.id}/messages`, {
      token: lan.owner.token,
      body: { message: "Thank you, I am interested and available from March." },
    });
    expect(await stage(team.json.id, ploy.token)).toBe("replied");
    expect(await stage(interview.json.id, ploy.token)).toBe("interview");
  });

  it("moves a personal list's entry when its owner writes for themselves", async () => {
    const lan = await consultant();
    const solo = await insertSignedInUser(env.database.db);
    const list = await call(env.app, "POST", "/api/shortlists", { token: solo.token, body: { name: "Mine" } });
    await call(env.app, "PUT", `/api/shortlists/${list.json.id}/consultants/${lan.id}`, { token: solo.token });
    await send(solo.token, lan.id);
    const seen = await call(env.app, "GET", `/api/shortlists/${list.json.id}`, { token: solo.token });
    expect(seen.json.entries[0]).toMatchObject({ stage: "contacted" });
  });
});

describe("reporting a sender", () => {
  it("reaches the admins' queue from the consultant only, once, with a reason", async () => {
    const { organization: org, members } = await organization(true, ["owner"]);
    const [ploy] = members as [User];
    const lan = await consultant();
    await send(ploy.token, lan.id);
    const [conversation] = await received(lan.owner.token);
    const id = conversation!.id;
    const noReason = await call(env.app, "POST", `/api/conversations/${id}/report`, {
      token: lan.owner.token,
      body: { reason: " " },
    });
    expect([noReason.status, noReason.json.message]).toEqual([400, REPORT_TEXTS.reason]);
    const bySender = await call(env.app, "POST", `/api/conversations/${id}/report`, {
      token: ploy.token,
      body: { reason: "No" },
    });
    expect([bySender.status, bySender.json.message]).toEqual([403, REPORT_TEXTS.onlyReceived]);
    const stranger = await insertSignedInUser(env.database.db);
    expect(
      (await call(env.app, "POST", `/api/conversations/${id}/report`, { token: stranger.token, body: { reason: "x" } })).status,
    ).toBe(404);
    const reported = await call(env.app, "POST", `/api/conversations/${id}/report`, {
      token: lan.owner.token,
      body: { reason: "Asks for a 'processing fee' before an interview." },
    });
    expect(reported.status).toBe(201);
    expect(reported.json).toMatchObject({ status: "open", message: REPORT_TEXTS.reported });
    const again = await call(env.app, "POST", `/api/conversations/${id}/report`, {
      token: lan.owner.token,
      body: { reason: "Again" },
    });
    expect([again.status, again.json.message]).toEqual([409, REPORT_TEXTS.alreadyReported]);

    const admin = await insertSignedInUser(env.database.db, { role: "admin" });
    const queue = await call(env.app, "GET", "/api/admin/reports", { token: admin.token });
    const report = queue.json.reports
      .map((r: unknown) => reportAnswerSchema.parse(r))
      .find((r: { id: number }) => r.id === reported.json.id);
    expect(report).toMatchObject({
      conversationId: id,
      senderName: ploy.name,
      senderUserId: ploy.id,
      organization: { id: org.id, verified: true },
      reporterName: "Lan Nguyen",
      status: "open",
    });
    expect((await call(env.app, "GET", "/api/admin/reports", { token: ploy.token })).status).toBe(403);
    const filtered = await call(env.app, "GET", "/api/admin/organizations?filter=reported", { token: admin.token });
    expect(filtered.json.organizations.map((o: { id: number }) => o.id)).toContain(org.id);
  });

  it("lets an admin warn, block or unverify, once, all audited", async () => {
    const admin = await insertSignedInUser(env.database.db, { role: "admin" });
    const cases = ["warn", "block", "unverify", "dismiss"] as const;
    for (const action of cases) {
      const { organization: org, members } = await organization(true, ["owner"]);
      const [sender] = members as [User];
      const lan = await consultant();
      const reportId = await reportedConversation(sender.token, lan, "Fake job offer");
      const acted = await call(env.app, "PUT", `/api/admin/reports/${reportId}`, {
        token: admin.token,
        body: { action, message: action === "warn" ? "Please stop sending offers that ask for fees." : undefined },
      });
      expect(acted.status, `${action}: ${acted.text}`).toBe(200);
      const result = reportAnswerSchema.parse(acted.json);
      expect(result.status).toBe({ warn: "warned", block: "blocked", unverify: "unverified", dismiss: "dismissed" }[action]);
      const [account] = await env.database.sql`select blocked_at is not null as blocked from auth_users where id = ${sender.id}`;
      const [org2] = await env.database.sql`select verified_at is not null as verified from organizations where id = ${org.id}`;
      expect(account?.blocked).toBe(action === "block");
      expect(org2?.verified).toBe(action !== "unverify");
      if (action === "warn") {
        const warning = await env.smtp.waitForMail(sender.email);
        expect(warning.text).toContain("Please stop sending offers that ask for fees.");
      }
      const twice = await call(env.app, "PUT", `/api/admin/reports/${reportId}`, {
        token: admin.token,
        body: { action },
      });
      expect(twice.status).toBe(409);
      const audit = await env.database
        .sql`select action from audit_log where target_type = 'report' and target_id = ${reportId} order by id`;
      expect(audit.map((row) => row.action)).toEqual(["report", action]);
    }
    const bad = await call(env.app, "PUT", "/api/admin/reports/1", { token: admin.token, body: { action: "ban" } });
    expect([bad.status, bad.json.message]).toEqual([400, REPORT_TEXTS.action]);
  });

  it("refuses to unverify when the conversation had no organization", async () => {
    const admin = await insertSignedInUser(env.database.db, { role: "admin" });
    const lan = await consultant();
    const solo = await insertSignedInUser(env.database.db);
    const reportId = await reportedConversation(solo.token, lan, "Spam");
    const refused = await call(env.app, "PUT", `/api/admin/reports/${reportId}`, {
      token: admin.token,
      body: { action: "unverify" },
    });
    expect([refused.status, refused.json.message]).toEqual([409, REPORT_TEXTS.noOrganization]);
  });
});

describe("the admin Organizations table", () => {
  it("searches, filters and shows members", async () => {
    const admin = await insertSignedInUser(env.database.db, { role: "admin" });
    const { organization: verified, members } = await organization(true, ["owner", "member"]);
    const { organization: unverified } = await organization(false, ["owner"]);
    const ids = async (query: string) =>
      (await call(env.app, "GET", `/api/admin/organizations?${query}`, { token: admin.token })).json.organizations.map(
        (o: { id: number }) => o.id,
      );
    expect(await ids("filter=verified")).toContain(verified.id);
    expect(await ids("filter=verified")).not.toContain(unverified.id);
    expect(await ids("filter=unverified")).toContain(unverified.id);
    expect(await ids(`search=${encodeURIComponent(verified.name)}`)).toEqual([verified.id]);
    const bad = await call(env.app, "GET", "/api/admin/organizations?filter=famous", { token: admin.token });
    expect(bad.status).toBe(400);
    const one = await call(env.app, "GET", `/api/admin/organizations/${verified.id}`, { token: admin.token });
    expect(one.json.members.map((m: { userId: number }) => m.userId)).toEqual(members.map((m) => m.id));
    expect((await call(env.app, "GET", `/api/admin/organizations/${verified.id}`, { token: members[0]!.token })).status).toBe(
      403,
    );
    expect((await call(env.app, "GET", "/api/admin/organizations/99999999", { token: admin.token })).json.message).toBe(
      ORGANIZATION_TEXTS.notFound,
    );
  });
});
