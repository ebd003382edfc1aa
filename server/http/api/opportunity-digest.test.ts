import { describe, expect } from "vitest";
import { MATCH_TEXTS } from "#common/opportunity-match.ts";
import {
  queueDueOpportunityDigests,
  sendOpportunityDigest,
  sendOpportunityDigests,
  unsubscribeOpportunityDigest,
} from "#server/services/opportunities/digest.ts";
import { call, sentMailJobs, settledJobs, startSecondInstanceJobs, type TestApi } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { postOpportunity, verifiedOrganization } from "../../../tests/setup/opportunities.ts";
import { findLink } from "../../../tests/setup/smtp.ts";
import { unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

const it = apiTest();

// The opportunities digest (issue 32) on the real job queue and SMTP server: newly published
// matching opportunities, never the same one twice, no e-mail when nothing is new, unsubscribe
// without signing in, the consultant's choice of frequency, and one e-mail when two app instances
// run it at once.

/** A consultant with an account and a listed Agriculture profile that worked in Cambodia for FAO. */
async function consultant(api: TestApi) {
  const user = await insertSignedInUser(api.database.db, { name: `Sokha Chan ${unique()}` });
  const [row] = await api.database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, languages, primary_specialization, bio, status)
    values (${user.id}, ${user.name}, 'Rice value chain adviser', ${`c-${unique()}@example.org`}, 'Phnom Penh, Cambodia', 'Cambodia',
            9, ${["Khmer", "English"]}, 'Agriculture', 'Nine years of rice value chains with farmer cooperatives.', 'approved')
    returning id`;
  await api.database.sql`
    insert into consultant_assignments (consultant_id, position, title, organization, donors, countries, start_date, end_date)
    values (${row!.id}, 0, 'Rice export study', 'Ministry of Agriculture', ${["FAO"]}, ${["Cambodia"]}, '2021-01-01', '2022-01-01')`;
  return { ...user, consultantId: row!.id };
}

/** A verified organization's owner, who posts and publishes opportunities through the API. */
async function poster(api: TestApi) {
  const organization = await verifiedOrganization(api, { name: "Harvest Trust", country: "KH" });
  return (title: string, specialization: string) =>
    postOpportunity(api, organization, {
      title,
      description: "Support the ministry's programme with farmer cooperatives across four provinces.",
      specializations: [specialization],
      countries: ["Cambodia"],
      donors: ["FAO"],
      languages: ["Khmer"],
      minYearsExperience: 5,
      duration: { value: 2, unit: "months" },
    });
}

const mailJobsTo = async (api: TestApi, address: string) => {
  const [row] = await api.database.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = ${address}`;
  return row?.n ?? 0;
};

describe("the opportunities digest", () => {
  it("announces new matches once, sends nothing when nothing is new, and stops from its link", async ({ api }) => {
    const deps = { db: api.database.db, config: api.config, jobs: api.jobs };
    const publish = await poster(api);
    const sokha = await consultant(api);
    // A title carrying markup (stored XSS): text in the e-mail's HTML, never a tag.
    const rice = `Rice seed systems adviser <img src=x onerror=alert(1)> ${unique()}`;
    await publish(rice, "Agriculture");
    const clinic = `Clinic survey lead ${unique()}`;
    await publish(clinic, "Healthcare");

    expect(await sendOpportunityDigest(deps, sokha.consultantId)).toEqual({ kind: "sent", announced: 1 });
    const mail = await api.smtp.waitForMail(sokha.email);
    expect(mail.subject).toContain("New opportunities for you");
    expect(mail.text).toContain(rice);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&#60;img src=x onerror=alert(1)&#62;");
    expect(mail.text).toContain("match 100/100");
    expect(mail.text).not.toContain(clinic);

    // Not due again until its period has passed.
    expect(await sendOpportunityDigest(deps, sokha.consultantId)).toEqual({ kind: "not-due" });
    // Due again (as if never sent): the rice opportunity was announced already, so nothing is new and no e-mail goes.
    await api.database.sql`update opportunity_digests set last_sent_at = null where consultant_id = ${sokha.consultantId}`;
    expect(await sendOpportunityDigest(deps, sokha.consultantId)).toEqual({ kind: "nothing-new" });
    expect(await mailJobsTo(api, sokha.email)).toBe(1);

    // A week later, a new match: only it is announced.
    const seeds = `Seed cooperative review ${unique()}`;
    await publish(seeds, "Agriculture");
    const weekLater = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    expect(await sendOpportunityDigest(deps, sokha.consultantId, weekLater)).toEqual({ kind: "sent", announced: 1 });
    const second = await api.smtp.waitForMail(sokha.email, 2);
    expect(second.text).toContain(seeds);
    expect(second.text).not.toContain(rice);

    // The unsubscribe link works without signing in; a forged one does not.
    const link = findLink(second, "/opportunity-digest/unsubscribe");
    const c = link.searchParams.get("c");
    const t = link.searchParams.get("t");
    // Forged: the last character changed (a 32-byte HMAC's last base64url character is one of 16, "A" among them).
    const forged = `${t?.slice(0, -1)}${t?.endsWith("A") ? "E" : "A"}`;
    await expect(unsubscribeOpportunityDigest(deps, { id: c, token: forged })).rejects.toThrow(MATCH_TEXTS.unsubscribeInvalid);
    expect(await unsubscribeOpportunityDigest(deps, { id: c, token: t })).toEqual({ frequency: "off" });
    await publish(`Irrigation study ${unique()}`, "Agriculture");
    const monthLater = new Date(Date.now() + 30 * 86_400_000);
    expect(await sendOpportunityDigest(deps, sokha.consultantId, monthLater)).toEqual({ kind: "not-due" });
    expect(await mailJobsTo(api, sokha.email)).toBe(2);
  });

  it("is weekly unless the consultant chooses daily or off", async ({ api }) => {
    const sokha = await consultant(api);
    const path = "/api/my-consultant-profile/opportunity-digest";
    expect((await call(api.app, "GET", path, { token: sokha.token })).json).toEqual({ frequency: "weekly" });
    const daily = await call(api.app, "PUT", path, { token: sokha.token, body: { frequency: "daily" } });
    expect(daily.status, daily.text).toBe(200);
    expect((await call(api.app, "GET", path, { token: sokha.token })).json).toEqual({ frequency: "daily" });
    const wrong = await call(api.app, "PUT", path, { token: sokha.token, body: { frequency: "hourly" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0]).toEqual({ path: "frequency", message: MATCH_TEXTS.frequency });
    const nobody = await insertSignedInUser(api.database.db);
    expect((await call(api.app, "GET", path, { token: nobody.token })).status).toBe(404);
    expect((await call(api.app, "PUT", path, { body: { frequency: "off" } })).status).toBe(401);

    // Daily: due again a day later (weekly would not be).
    const deps = { db: api.database.db, config: api.config, jobs: api.jobs };
    const publish = await poster(api);
    await publish(`Cassava market study ${unique()}`, "Agriculture");
    expect((await sendOpportunityDigest(deps, sokha.consultantId)).kind).toBe("sent");
    await publish(`Fisheries co-management ${unique()}`, "Agriculture");
    const dayLater = new Date(Date.now() + 86_400_000 + 60_000);
    expect(await sendOpportunityDigest(deps, sokha.consultantId, dayLater)).toEqual({ kind: "sent", announced: 1 });
  });

  it("sends one e-mail per consultant when two app instances run it at once, in batched jobs", async ({ api }) => {
    const publish = await poster(api);
    await publish(`Rural finance and farming adviser ${unique()}`, "Agriculture");
    const people = [await consultant(api), await consultant(api), await consultant(api)];
    const second = await startSecondInstanceJobs(api);
    try {
      const deps = { db: api.database.db, config: api.config, jobs: api.jobs };
      const ids = people.map((person) => person.consultantId);
      const [queuedHere, queuedThere] = await Promise.all([
        queueDueOpportunityDigests(deps),
        queueDueOpportunityDigests({ ...deps, jobs: second }),
        sendOpportunityDigests(deps, ids),
        sendOpportunityDigests({ ...deps, jobs: second }, ids),
      ]);
      expect(queuedHere).toBeGreaterThanOrEqual(0);
      expect(queuedThere).toBeGreaterThanOrEqual(0);
      const batches = await api.jobs.boss.findJobs<{ ids: number[] }>("opportunity-digest-batch", {});
      expect(batches.length).toBeGreaterThan(0);
      for (const person of people) await api.smtp.waitForMail(person.email);
      // Let every queued batch finish, then count.
      const settled = await settledJobs(api, "opportunity-digest-batch");
      expect(settled.filter((job) => job.state === "failed")).toEqual([]);
      for (const person of people) {
        expect(await sentMailJobs(api, person.email)).toHaveLength(1);
        expect(api.smtp.mailTo(person.email)).toHaveLength(1);
      }
    } finally {
      await second.stop();
    }
  });
});
