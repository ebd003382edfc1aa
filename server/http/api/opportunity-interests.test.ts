import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { INTEREST_TEXTS } from "#common/opportunities.ts";
import { myInterestIn, opportunityPage } from "#server/services/opportunities/interests.ts";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { expectDownload } from "../../../tests/setup/downloads.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { inDays, postOpportunity, verifiedOrganization } from "../../../tests/setup/opportunities.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { applicantSchema, myInterestSchema } from "../openapi/opportunities.ts";

// Expressions of interest through the JSON API (issue 32): one per consultant, the CV as sent,
// who sees the applicants, the stages and their e-mail, the CSV with its formula guard, and the
// unhappy paths (403 without a listed profile, 404 for a draft, 409 for a second one, 410 once closed).

const it = apiTest();

const unique = () => randomBytes(5).toString("hex");
const NOTE = "I led the mid-term evaluation of a rural water programme in the Mekong delta for ADB in 2024.";

async function organizationWithOpportunity(api: TestApi, options: { publish?: boolean } = {}) {
  const poster = await verifiedOrganization(api, { name: "Water Alliance", country: "TH" });
  const id = await postOpportunity(
    api,
    poster,
    {
      title: "Monitoring and Evaluation Specialist",
      description: "Support the monitoring and evaluation of a rural water programme in the Mekong delta.",
      specializations: ["Environmental"],
      countries: ["Vietnam"],
    },
    options,
  );
  return { id, ...poster };
}

async function consultant(api: TestApi, name = `Lan Nguyen ${unique()}`) {
  const user = await insertSignedInUser(api.database.db, { name });
  const consultantId = await insertListedConsultant(api.database.db, { userId: user.id, name });
  return { ...user, consultantId };
}

/** E-mails queued to an address (in the job table: a move writes them in its transaction, so no waiting). */
async function mailsQueuedTo(api: TestApi, address: string): Promise<number> {
  const [row] = await api.database.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = ${address}`;
  return row?.n ?? 0;
}

const express = (api: TestApi, id: number, token: string, body: Record<string, unknown> = { note: NOTE }) =>
  call(api.app, "POST", `/api/opportunities/${id}/interests`, { token, body });

describe("expressing interest", () => {
  it("needs a listed profile, refuses a draft (404), a second one (409) and a closed opportunity (410)", async ({ api }) => {
    const { id, owner } = await organizationWithOpportunity(api);
    const noProfile = await insertSignedInUser(api.database.db);
    const refused = await express(api, id, noProfile.token);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(INTEREST_TEXTS.needsProfile);
    expect((await express(api, id, "")).status).toBe(401);

    const lan = await consultant(api);
    const short = await express(api, id, lan.token, { note: "Too short" });
    expect(short.status).toBe(400);
    expect(short.json.errors[0]).toEqual({ path: "note", message: INTEREST_TEXTS.note });

    const sent = await express(api, id, lan.token, {
      note: NOTE,
      availableFrom: inDays(40),
      dailyRate: 450,
      dailyRateCurrency: "USD",
    });
    expect(sent.status, sent.text).toBe(201);
    expect(myInterestSchema.parse(sent.json)).toMatchObject({ stage: "new", dailyRate: 450, availableFrom: inDays(40) });
    const second = await express(api, id, lan.token);
    expect(second.status).toBe(409);
    expect(second.json.message).toBe(INTEREST_TEXTS.already);

    const draft = await organizationWithOpportunity(api, { publish: false });
    expect((await express(api, draft.id, lan.token)).status).toBe(404);

    await call(api.app, "POST", `/api/opportunities/${id}/close`, { token: owner.token, body: {} });
    const late = await consultant(api);
    const closed = await express(api, id, late.token);
    expect(closed.status).toBe(410);
    expect(closed.json.message).toBe(INTEREST_TEXTS.closed);
    // Nor can the note be changed or withdrawn once it has closed.
    expect(
      (
        await call(api.app, "PATCH", `/api/opportunities/${id}/interests/mine`, {
          token: lan.token,
          body: { note: `${NOTE} More.` },
        })
      ).status,
    ).toBe(410);
    expect((await call(api.app, "DELETE", `/api/opportunities/${id}/interests/mine`, { token: lan.token })).status).toBe(410);
  });

  it("is editable and withdrawable until the deadline; My applications lists it with its stage", async ({ api }) => {
    const { id } = await organizationWithOpportunity(api);
    const lan = await consultant(api);
    await express(api, id, lan.token);
    const edited = await call(api.app, "PATCH", `/api/opportunities/${id}/interests/mine`, {
      token: lan.token,
      body: { note: `${NOTE} Available from March.`, dailyRate: null },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ note: `${NOTE} Available from March.`, dailyRate: null });
    // The opportunity's page asks for the caller's interest in that one opportunity only.
    const other = await organizationWithOpportunity(api);
    const lanActor = { id: lan.id, role: "user" as const };
    expect((await myInterestIn(api.database, lanActor, id))?.note).toBe(`${NOTE} Available from March.`);
    expect(await myInterestIn(api.database, lanActor, other.id)).toBeNull();
    const mine = await call(api.app, "GET", "/api/my-consultant-profile/interests", { token: lan.token });
    expect(mine.json.interests.map((item: { opportunity: { id: number } }) => item.opportunity.id)).toEqual([id]);
    expect(mine.json.interests[0].stage).toBe("new");
    expect((await call(api.app, "DELETE", `/api/opportunities/${id}/interests/mine`, { token: lan.token })).status).toBe(200);
    expect((await call(api.app, "GET", "/api/my-consultant-profile/interests", { token: lan.token })).json.interests).toEqual([]);
    // After a deadline passes, nothing can be sent.
    await api.database.sql`update opportunities set deadline = now() - interval '1 minute' where id = ${id}`;
    expect((await express(api, id, lan.token)).status).toBe(410);
    expect((await opportunityPage(api.database, lanActor, id)).isOpen).toBe(false);
  });
});

describe("the organization's applicants", () => {
  it("members see the applicants with the CV as sent (unchanged by later edits); others get 404", async ({ api }) => {
    const { id, owner, organizationId } = await organizationWithOpportunity(api);
    const lan = await consultant(api, "Đặng Lan Nguyen");
    await express(api, id, lan.token, { note: NOTE, dailyRate: 400 });
    const member = await insertSignedInUser(api.database.db);
    await api.database
      .sql`insert into organization_members (organization_id, user_id, role) values (${organizationId}, ${member.id}, 'member')`;
    const listed = await call(api.app, "GET", `/api/opportunities/${id}/interests`, { token: member.token });
    expect(listed.status, listed.text).toBe(200);
    const [applicant] = listed.json.interests.map((item: unknown) => applicantSchema.parse(item));
    expect(applicant).toMatchObject({
      note: NOTE,
      dailyRate: 400,
      stage: "new",
      consultant: { id: lan.consultantId, name: "Đặng Lan Nguyen" },
    });
    // The page's one call: applicants for a member, the consultant's own interest for them, open until closed.
    const asMember = await opportunityPage(api.database, { id: member.id, role: "user" }, id);
    expect(asMember).toMatchObject({ mine: null, isOpen: true });
    expect(asMember.applicants?.map((item) => item.id)).toEqual([applicant?.id]);
    const asLan = await opportunityPage(api.database, { id: lan.id, role: "user" }, id);
    expect(asLan).toMatchObject({ applicants: null, mine: { note: NOTE }, isOpen: true });
    for (const outsider of [lan, await insertSignedInUser(api.database.db)]) {
      expect((await call(api.app, "GET", `/api/opportunities/${id}/interests`, { token: outsider.token })).status).toBe(404);
    }

    const cvUrl = applicant?.cvUrl as string;
    const first = await api.app.request(cvUrl, {
      headers: { authorization: `Bearer ${owner.token}`, "x-forwarded-for": "192.0.2.7" },
    });
    expect(first.status).toBe(200);
    // Named as the CV download names it (Đ is D, not dropped).
    expectDownload(first, { contentType: "application/pdf", disposition: 'attachment; filename="CV-Dang-Lan-Nguyen.pdf"' });
    const sentCv = Buffer.from(await first.arrayBuffer());
    expect(sentCv.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The consultant edits the profile: what was sent stays what it was.
    await api.database
      .sql`update consultants set name = 'Lan Nguyen-Tran', title = 'Chief of Party' where id = ${lan.consultantId}`;
    const again = await api.app.request(cvUrl, {
      headers: { authorization: `Bearer ${owner.token}`, "x-forwarded-for": "192.0.2.7" },
    });
    expect(Buffer.from(await again.arrayBuffer()).equals(sentCv)).toBe(true);
    expect(
      (await api.app.request(cvUrl, { headers: { authorization: `Bearer ${lan.token}`, "x-forwarded-for": "192.0.2.7" } }))
        .status,
    ).toBe(404);
  });

  it("moves an applicant through the stages; declined sends one e-mail with the organization's text; CSV guards formulas", async ({
    api,
  }) => {
    const { id, owner } = await organizationWithOpportunity(api);
    const lan = await consultant(api);
    const sent = await express(api, id, lan.token, { note: `=HYPERLINK("http://evil.example","click") ${NOTE}` });
    const interestId = sent.json.id as number;
    const path = `/api/opportunities/${id}/interests/${interestId}`;
    const bad = await call(api.app, "PATCH", path, { token: owner.token, body: { stage: "hired" } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(INTEREST_TEXTS.stage);
    const interview = await call(api.app, "PATCH", path, { token: owner.token, body: { stage: "interview" } });
    expect(interview.json.stage).toBe("interview");
    // Only selected and declined tell the consultant: nothing is queued for them yet.
    expect(await mailsQueuedTo(api, lan.email)).toBe(0);
    expect(
      (await call(api.app, "GET", "/api/my-consultant-profile/interests", { token: lan.token })).json.interests[0].stage,
    ).toBe("interview");
    const declined = await call(api.app, "PATCH", path, {
      token: owner.token,
      body: { stage: "declined", message: "We chose a consultant based in Can Tho. Thank you." },
    });
    expect(declined.json.stage).toBe("declined");
    // Declined twice (the same stage) queues nothing more: one e-mail in all.
    expect((await call(api.app, "PATCH", path, { token: owner.token, body: { stage: "declined" } })).status).toBe(200);
    expect(await mailsQueuedTo(api, lan.email)).toBe(1);
    const mail = await api.smtp.waitForMail(lan.email);
    expect(mail.text).toContain("We chose a consultant based in Can Tho. Thank you.");
    expect(mail.subject).toContain("Monitoring and Evaluation Specialist");

    const csv = await api.app.request(`/api/opportunities/${id}/interests/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}`, "x-forwarded-for": "192.0.2.8" },
    });
    expect(csv.status).toBe(200);
    expectDownload(csv, {
      contentType: "text/csv; charset=utf-8",
      disposition: `attachment; filename="applicants-${id}-monitoring-and-evaluation-specialist.csv"`,
    });
    // With the byte order mark the shortlists' CSV has, so that a spreadsheet reads accented names as UTF-8.
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")`);
    expect(text).toContain('"Declined"');
    expect(
      (
        await api.app.request(`/api/opportunities/${id}/interests/export.csv`, {
          headers: { authorization: `Bearer ${lan.token}`, "x-forwarded-for": "192.0.2.8" },
        })
      ).status,
    ).toBe(404);
  });

  it("tells a selected consultant in their language, the organization's own words left as written (issue 37)", async ({
    api,
  }) => {
    const { id, owner } = await organizationWithOpportunity(api);
    const lan = await consultant(api);
    await api.database.sql`update auth_users set locale = 'th' where id = ${lan.id}`;
    const sent = await express(api, id, lan.token);
    const path = `/api/opportunities/${id}/interests/${sent.json.id}`;
    expect((await call(api.app, "PATCH", path, { token: owner.token, body: { stage: "selected" } })).status).toBe(200);
    const mail = await api.smtp.waitForMail(lan.email);
    expect(mail.subject).toBe("การสมัครของคุณ: Monitoring and Evaluation Specialist");
    expect(mail.text).toMatch(/ข่าวดี: Water Alliance \w+ เลือกคุณสำหรับงาน "Monitoring and Evaluation Specialist"/);
    expect(mail.text).toContain("/th/my-applications");
    expect(mail.text).not.toMatch(/Hello|Good news|See My applications/);

    // The organization's own text is sent as written, inside the consultant's language.
    const other = await consultant(api);
    await api.database.sql`update auth_users set locale = 'vi' where id = ${other.id}`;
    const second = await express(api, id, other.token);
    const message = "We chose a consultant based in Can Tho. Thank you.";
    await call(api.app, "PATCH", `/api/opportunities/${id}/interests/${second.json.id}`, {
      token: owner.token,
      body: { stage: "declined", message },
    });
    const declined = await api.smtp.waitForMail(other.email);
    expect(declined.subject).toBe("Hồ sơ ứng tuyển của bạn: Monitoring and Evaluation Specialist");
    expect(declined.text).toContain(message);
    expect(declined.text).toContain("/vi/my-applications");
  });
});
