import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_LIMITS, REFERENCE_MESSAGES } from "#common/references.ts";
import { verifiedDomainBadges } from "#server/services/references/domain-badge.ts";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// Confirmed references (issue 34): asked on an assignment, answered by the referee through a
// single-use link (30 days) without an account, withdrawn, removed by an admin; shown as
// "Confirmed by {name}, {organization}" without the referee's e-mail; every step in the audit log.

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ REQUIRE_APPROVAL: "false" });
});
afterAll(async () => {
  await api?.close();
});

const ASSIGNMENT = {
  title: "Mid-term Review of the Mekong Maternal and Child Health Programme",
  organization: "Asian Development Bank",
  donors: ["Asian Development Bank"],
  countries: ["Laos"],
  role: "Team Leader",
  startDate: "2021-03",
  endDate: "2023-06",
};

const profileBody = (email: string) => ({
  name: "Nguyễn Thị Lan",
  title: "Maternal Health Adviser",
  email,
  location: "Hà Nội, Vietnam",
  country: "Vietnam",
  yearsExperience: 12,
  primarySpecialization: "Healthcare",
  bio: "Twelve years of maternal health work.",
});

async function consultantWithAssignment() {
  const owner = await insertSignedInUser(api.database.db, { name: "Nguyễn Thị Lan" });
  const created = await call(api.app, "POST", "/api/consultants", {
    token: owner.token,
    body: {
      ...profileBody(owner.email),
      assignments: [ASSIGNMENT, { ...ASSIGNMENT, title: "Baseline survey", startDate: "2018-01", endDate: "2019-02" }],
    },
  });
  expect(created.status, created.text).toBe(201);
  const profile = await call(api.app, "GET", `/api/consultants/${created.json.id}`, { token: owner.token });
  return { owner, id: created.json.id as number, assignmentId: profile.json.assignments[0].id as number, profile: profile.json };
}

const refereeEmail = () => `referee-${randomBytes(4).toString("hex")}@adb.example.org`;

async function ask(token: string, assignmentId: number, body: unknown) {
  return call(api.app, "POST", `/api/my-consultant-profile/assignments/${assignmentId}/references`, { token, body });
}

/** The token of the reference link in a mail's text. */
function tokenIn(mail: { text: string }) {
  const token = /\/references\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reference link in:\n${mail.text}`);
  return token;
}

async function linkTokenFor(email: string) {
  return tokenIn(await api.smtp.waitForMail(email));
}

describe("asking for a reference", () => {
  it("e-mails the referee a link; they confirm without an account, once; the profile shows it without their e-mail", async () => {
    const { owner, id, assignmentId } = await consultantWithAssignment();
    const email = refereeEmail();
    const asked = await ask(owner.token, assignmentId, { name: "Somchai Wongsawat", email });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json).toMatchObject({ status: "requested", refereeName: "Somchai Wongsawat", refereeEmail: email });
    const mail = await api.smtp.waitForMail(email);
    expect(mail.subject.replace(/\s+/g, " ")).toBe("Nguyễn Thị Lan asks you to confirm an assignment");
    expect(mail.text).toContain("expires in 30 days");
    const token = tokenIn(mail);

    const view = await call(api.app, "GET", `/api/references/${token}`);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({
      consultantName: "Nguyễn Thị Lan",
      assignmentTitle: ASSIGNMENT.title,
      startMonth: "2021-03",
    });
    expect(JSON.stringify(view.json)).not.toContain(email);

    const confirmed = await call(api.app, "POST", `/api/references/${token}/confirm`, {
      body: { role: "Team Leader (evaluation)", endMonth: "2023-05", statement: "Led the review with care.", score: 9 },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    // Single use: the link no longer works, for reading or answering.
    expect((await call(api.app, "GET", `/api/references/${token}`)).status).toBe(404);
    const again = await call(api.app, "POST", `/api/references/${token}/confirm`, { body: {} });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(REFERENCE_MESSAGES.linkUnusable);
    expect((await call(api.app, "POST", `/api/references/${token}/decline`)).status).toBe(404);

    const visitor = await call(api.app, "GET", `/api/consultants/${id}`);
    expect(visitor.json.references).toEqual([
      expect.objectContaining({
        assignmentId,
        refereeName: "Somchai Wongsawat",
        organization: "Asian Development Bank",
        role: "Team Leader (evaluation)",
        startMonth: "2021-03",
        endMonth: "2023-05",
        statement: "Led the review with care.",
        score: 9,
        isDomainVerified: false,
      }),
    ]);
    expect(visitor.text).not.toContain(email);
    // The rating is the reviews' alone.
    expect(visitor.json.rating).toBe(50);
  });

  it("keeps a reference when the profile is saved again, and drops it with its assignment", async () => {
    const { owner, id, assignmentId, profile } = await consultantWithAssignment();
    const email = refereeEmail();
    await ask(owner.token, assignmentId, { name: "Anan Prasert", email });
    await call(api.app, "POST", `/api/references/${await linkTokenFor(email)}/confirm`, { body: {} });
    // Saved with its id and a corrected title: the same assignment.
    const assignments = profile.assignments.map((item: Record<string, unknown>, index: number) =>
      index === 0 ? { ...item, title: `${item.title} (phase 1)` } : item,
    );
    const saved = await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      body: { ...profileBody(owner.email), assignments },
    });
    expect(saved.status, saved.text).toBe(200);
    let view = await call(api.app, "GET", `/api/consultants/${id}`);
    expect(view.json.assignments[0].id).toBe(assignmentId);
    expect(view.json.references).toHaveLength(1);
    // Saved without ids, unchanged: matched by title, organization and start.
    const withoutIds = view.json.assignments.map(({ id: _id, ...item }: Record<string, unknown>) => item);
    await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      body: { assignments: [...withoutIds].reverse() },
    });
    view = await call(api.app, "GET", `/api/consultants/${id}`);
    expect(view.json.assignments.map((item: { id: number }) => item.id)).toContain(assignmentId);
    expect(view.json.references).toHaveLength(1);
    // The assignment removed: its reference goes with it.
    await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      body: {
        ...profileBody(owner.email),
        assignments: view.json.assignments.filter((item: { id: number }) => item.id !== assignmentId),
      },
    });
    view = await call(api.app, "GET", `/api/consultants/${id}`);
    expect(view.json.references).toEqual([]);
  });

  it("lets the referee decline, and the consultant withdraw", async () => {
    const { owner, id, assignmentId } = await consultantWithAssignment();
    const declining = refereeEmail();
    await ask(owner.token, assignmentId, { name: "Malee Chaiyaporn", email: declining });
    const declined = await call(api.app, "POST", `/api/references/${await linkTokenFor(declining)}/decline`);
    expect(declined.status).toBe(200);
    const withdrawn = refereeEmail();
    const asked = await ask(owner.token, assignmentId, { name: "Kanya Suwannarat", email: withdrawn });
    const token = await linkTokenFor(withdrawn);
    const withdraw = (by: string) =>
      call(api.app, "DELETE", `/api/my-consultant-profile/assignments/${assignmentId}/references/${asked.json.id}`, {
        token: by,
      });
    const response = await withdraw(owner.token);
    expect(response.status).toBe(200);
    expect((await call(api.app, "GET", `/api/references/${token}`)).status).toBe(404);
    expect((await call(api.app, "GET", `/api/consultants/${id}`)).json.references).toEqual([]);
    // Twice, or someone else's: 404 and 403.
    const twice = await withdraw(owner.token);
    expect(twice.status).toBe(404);
    const stranger = await insertSignedInUser(api.database.db);
    const other = await withdraw(stranger.token);
    expect(other.status).toBe(403);
    expect((await ask(stranger.token, assignmentId, { name: "X Y", email: refereeEmail() })).status).toBe(403);
  });

  it("refuses a link past its 30 days", async () => {
    const { owner, assignmentId } = await consultantWithAssignment();
    const email = refereeEmail();
    await ask(owner.token, assignmentId, { name: "Ratana Chea", email });
    const token = await linkTokenFor(email);
    await api.database
      .sql`update assignment_references set expires_at = now() - interval '1 second' where lower(referee_email) = ${email}`;
    expect((await call(api.app, "GET", `/api/references/${token}`)).status).toBe(404);
    expect((await call(api.app, "POST", `/api/references/${token}/confirm`, { body: {} })).status).toBe(404);
  });

  it("validates what the consultant and the referee send, and answers unknown links and ids without a 5xx", async () => {
    const { owner, assignmentId } = await consultantWithAssignment();
    const missing = await ask(owner.token, assignmentId, { name: " ", email: "not-an-address" });
    expect(missing.status).toBe(400);
    expect(missing.json.errors.map((error: { path: string }) => error.path)).toEqual(["name", "email"]);
    expect(
      (
        await call(api.app, "POST", `/api/my-consultant-profile/assignments/999999/references`, {
          token: owner.token,
          body: { name: "A", email: "a@b.org" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(api.app, "POST", `/api/my-consultant-profile/assignments/1.5/references`, { token: owner.token, body: {} }))
        .status,
    ).toBe(404);
    expect((await ask("", assignmentId, { name: "A", email: "a@b.org" })).status).toBe(401);
    expect((await call(api.app, "GET", "/api/references/nothing-here")).status).toBe(404);
    const email = refereeEmail();
    await ask(owner.token, assignmentId, { name: "Dewi Lestari", email });
    const token = await linkTokenFor(email);
    for (const body of [
      { score: 11 },
      { score: "abc" },
      { startMonth: "2021-13" },
      { startMonth: "2023-01", endMonth: "2022-01" },
      { statement: "x".repeat(1001) },
      { statement: "<b>hi</b>" },
    ]) {
      const refused = await call(api.app, "POST", `/api/references/${token}/confirm`, { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    // Still usable after refused answers.
    expect((await call(api.app, "GET", `/api/references/${token}`)).status).toBe(200);
  });

  it("holds the limits: one open request a person an assignment, 3 a week to one address, 20 open per consultant", async () => {
    const { owner, assignmentId } = await consultantWithAssignment();
    const email = refereeEmail();
    expect((await ask(owner.token, assignmentId, { name: "A B", email })).status).toBe(201);
    const duplicate = await ask(owner.token, assignmentId, { name: "A B", email: email.toUpperCase() });
    expect(duplicate.status).toBe(409);
    // The same address asked by others: the third ask of the week is the last.
    const others = await Promise.all([consultantWithAssignment(), consultantWithAssignment()]);
    expect((await ask(others[0].owner.token, others[0].assignmentId, { name: "A B", email })).status).toBe(201);
    expect((await ask(others[1].owner.token, others[1].assignmentId, { name: "A B", email })).status).toBe(201);
    const fourth = await ask(owner.token, assignmentId + 1, { name: "A B", email });
    expect(fourth.status).toBe(429);
    expect(fourth.json.message).toBe(REFERENCE_MESSAGES.tooManyForReferee);
    // Twenty open requests per consultant.
    for (let index = 1; index < REFERENCE_LIMITS.openPerConsultant; index += 1) {
      expect((await ask(owner.token, assignmentId, { name: `Referee ${index}`, email: refereeEmail() })).status).toBe(201);
    }
    const tooMany = await ask(owner.token, assignmentId, { name: "One more", email: refereeEmail() });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe(REFERENCE_MESSAGES.tooManyOpen);
  });

  it("lets an admin remove a reference, and shows every step in the audit log", async () => {
    const { owner, id, assignmentId } = await consultantWithAssignment();
    const email = refereeEmail();
    const asked = await ask(owner.token, assignmentId, { name: "Wanida Kittisak", email });
    await call(api.app, "POST", `/api/references/${await linkTokenFor(email)}/confirm`, { body: { score: 8 } });
    const stranger = await insertSignedInUser(api.database.db);
    expect((await call(api.app, "DELETE", `/api/admin/references/${asked.json.id}`, { token: stranger.token })).status).toBe(403);
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const removed = await call(api.app, "DELETE", `/api/admin/references/${asked.json.id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await call(api.app, "GET", `/api/consultants/${id}`)).json.references).toEqual([]);
    expect((await call(api.app, "DELETE", `/api/admin/references/${asked.json.id}`, { token: admin.token })).status).toBe(404);
    const log = await api.database.sql<{ action: string; actor_name: string }[]>`
      select action, actor_name from audit_log where target_type = 'reference' and target_id = ${asked.json.id} order by id`;
    expect(log.map((entry) => entry.action)).toEqual(["reference_ask", "reference_confirm", "reference_remove"]);
    expect(log[1]?.actor_name).toBe("Wanida Kittisak");
  });
});

describe("the verified-domain badge", () => {
  it("is never given to a free-mail address or the consultant's own, and needs the organization's verified domain", async () => {
    const db = api.database.db;
    const hasVerifiedDomain = async (reference: { refereeEmail: string; organization: string }, own: string[]) =>
      (await verifiedDomainBadges(db, [reference], own))[0];
    expect(await hasVerifiedDomain({ refereeEmail: "someone@gmail.com", organization: "ADB" }, [])).toBe(false);
    expect(await hasVerifiedDomain({ refereeEmail: "Lan@Example.org", organization: "ADB" }, ["lan@example.org"])).toBe(false);
    // An organization (issue 31) gives its domain once verified, and only then.
    const badge = (email: string) => hasVerifiedDomain({ refereeEmail: email, organization: "asian development bank" }, []);
    expect(await badge("officer@adb.org")).toBe(false);
    await api.database.sql`insert into organizations (slug, name, kind, country, website, domain)
      values ('asian-development-bank', 'Asian Development Bank', 'donor', 'PH', 'https://www.adb.org', 'adb.org')`;
    expect(await badge("officer@adb.org")).toBe(false);
    await api.database
      .sql`update organizations set verified_at = now(), verification_method = 'domain' where slug = 'asian-development-bank'`;
    expect(await badge("officer@adb.org")).toBe(true);
    expect(await badge("officer@vn.adb.org")).toBe(true);
    expect(await badge("officer@notadb.org")).toBe(false);
    expect(await hasVerifiedDomain({ refereeEmail: "officer@adb.org", organization: "ADB Consulting Ltd" }, [])).toBe(false);
    // A profile's references in one call, each with its own answer, in order.
    expect(
      await verifiedDomainBadges(
        db,
        [
          { refereeEmail: "officer@adb.org", organization: "Asian Development Bank" },
          { refereeEmail: "officer@gmail.com", organization: "Asian Development Bank" },
          { refereeEmail: "officer@adb.org", organization: "ADB Consulting Ltd" },
          { refereeEmail: "chief@th.adb.org", organization: " asian development bank " },
        ],
        [],
      ),
    ).toEqual([true, false, false, true]);
    // On the profile: the referee at the verified domain has the badge, the free-mail one not.
    const { owner, id, assignmentId } = await consultantWithAssignment();
    const suffix = randomBytes(4).toString("hex");
    for (const [name, email] of [
      ["Officer at ADB", `officer-${suffix}@adb.org`],
      ["Officer at Gmail", `officer-${suffix}@gmail.com`],
    ] as const) {
      expect((await ask(owner.token, assignmentId, { name, email })).status).toBe(201);
      const confirmed = await call(api.app, "POST", `/api/references/${await linkTokenFor(email)}/confirm`, { body: {} });
      expect(confirmed.status, confirmed.text).toBe(200);
    }
    const shown = await call(api.app, "GET", `/api/consultants/${id}`);
    expect(
      shown.json.references.map((item: { refereeName: string; isDomainVerified: boolean }) => [
        item.refereeName,
        item.isDomainVerified,
      ]),
    ).toEqual([
      ["Officer at ADB", true],
      ["Officer at Gmail", false],
    ]);
  });
});
