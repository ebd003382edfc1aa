import { describe, expect } from "vitest";
import { seedDemoDirectory } from "#server/db/seed/demo.ts";
import { DEMO_ACCOUNT_PASSWORD } from "#server/db/seed/demo-reviews.ts";
import { generateOpportunities } from "#server/db/seed/opportunities.ts";
import {
  DEMO_OPPORTUNITIES,
  SEED_ORGANIZATION_PREFIX,
  seedDemoOpportunities,
  seedManyOpportunities,
} from "#server/services/opportunities/seed.ts";
import { createSession } from "#server/services/sessions.ts";
import { call } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";

// The demo directory has opportunities (issue 32): on a demo's first start its organizations post
// a few dozen ToRs dated from that day, and demo consultants have expressed interest in some, so a
// new visitor finds the feature at /opportunities, and an organization's member and a consultant
// find their matches.

const it = apiTest();
const silent = { info: () => {} };

type Listed = { id: number; title: string; deadline: string; status: string; organization: { id: number } };

describe("the demo's opportunities", () => {
  it("are generated the same way for the same seed and day", () => {
    const organizations = [
      { id: 1, name: "UNICEF Viet Nam", country: "VN", verified: true, posterId: 10 },
      { id: 2, name: "Oxfam in Cambodia", country: "KH", verified: false, posterId: 11 },
    ];
    const now = new Date("2026-12-01T08:00:00Z");
    const first = [...generateOpportunities({ count: 12, organizations, now, seed: 5 })];
    expect([...generateOpportunities({ count: 12, organizations, now, seed: 5 })]).toEqual(first);
    expect([...generateOpportunities({ count: 12, organizations, now, seed: 6 })]).not.toEqual(first);
    // The unverified organization's open ones wait for approval, at most three (its posting limit).
    const unverified = first.filter((item) => item.organizationId === 2 && item.status !== "closed" && item.status !== "filled");
    expect(unverified.every((item) => item.status === "pending" && item.publishedAt === null)).toBe(true);
    expect(unverified.length).toBeLessThanOrEqual(3);
  });

  it("are published by the demo organizations, found at /opportunities, and matched both ways", async ({ api }) => {
    const { db, sql } = api.database;
    await seedDemoDirectory(db, sql, silent);
    const now = new Date();
    const seeded = await seedDemoOpportunities(db, now);
    expect(seeded.opportunities).toBe(DEMO_OPPORTUNITIES);
    expect(seeded.interests).toBeGreaterThan(10);
    // Once: a second start (or a database with opportunities) adds none.
    expect(await seedDemoOpportunities(db, now)).toEqual({ opportunities: 0, interests: 0 });

    const rows = await sql<{ status: string; n: number }[]>`select status, count(*)::int as n from opportunities group by status`;
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.n]));
    expect(byStatus.published).toBeGreaterThanOrEqual(24);
    expect((byStatus.closed ?? 0) + (byStatus.filled ?? 0)).toBeGreaterThanOrEqual(2);
    // Posted by demo organizations only (their owners are demo accounts, which cannot sign in).
    const [posters] = await sql<{ others: number }[]>`
      select count(*)::int as others from opportunities o
      join auth_users u on u.id = o.created_by where u.hashed_password <> ${DEMO_ACCOUNT_PASSWORD}`;
    expect(posters?.others).toBe(0);

    // The list a visitor sees (/opportunities reads the same service): every published one, still open.
    const listed = await call(api.app, "GET", "/api/opportunities?sort=deadline");
    expect(listed.status).toBe(200);
    expect(listed.json.total).toBe(byStatus.published);
    const first = listed.json.opportunities as Listed[];
    expect(first).toHaveLength(12);
    for (const item of first) {
      expect(item.status).toBe("published");
      expect(new Date(item.deadline).getTime()).toBeGreaterThan(now.getTime());
    }
    // Real ToRs: the region's fields are there and found by their words.
    const titles = (await sql<{ title: string }[]>`select title from opportunities`).map((row) => row.title).join("\n");
    for (const topic of [/evaluation/i, /PEFA|expenditure|budget/i, /water|WASH/i, /gender-based violence/i, /disaster risk/i]) {
      expect(titles).toMatch(topic);
    }
    const searched = await call(api.app, "GET", "/api/opportunities?keywords=evaluation");
    expect(searched.json.total).toBeGreaterThan(0);
    const page = await call(api.app, "GET", `/api/opportunities/${first[0]?.id}`);
    expect(page.status).toBe(200);
    expect(page.json.descriptionHtml).toContain("<h3>Background</h3>");

    // Suggested consultants for a member of the posting organization: demo profiles.
    const opportunity = first[0] as Listed;
    const [owner] = await sql<{ user_id: number }[]>`
      select user_id from organization_members where organization_id = ${opportunity.organization.id} and role = 'owner'`;
    const { token } = await createSession(db, owner?.user_id as number);
    const suggested = await call(api.app, "GET", `/api/opportunities/${opportunity.id}/suggestions`, { token });
    expect(suggested.status).toBe(200);
    expect(suggested.json.suggestions.length).toBeGreaterThan(0);

    // Opportunities for you: a demo consultant of a field the demo posts for finds some.
    const [consultant] = await sql<{ id: number }[]>`
      select c.id from consultants c
      where exists (select 1 from opportunities o where o.status = 'published' and c.primary_specialization = any(o.specializations))
      order by c.id limit 1`;
    const [user] = await sql<{ id: number }[]>`
      insert into auth_users (email, name, hashed_password, is_email_verified)
      values ('demo-reader@example.org', 'Demo reader', 'x', true) returning id`;
    await sql`update consultants set user_id = ${user?.id as number} where id = ${consultant?.id as number}`;
    const reader = await createSession(db, user?.id as number);
    const forYou = await call(api.app, "GET", "/api/my-consultant-profile/opportunities", { token: reader.token });
    expect(forYou.status).toBe(200);
    expect(forYou.json.opportunities.length).toBeGreaterThan(0);

    // Demo consultants' expressions of interest: at several stages; a filled one has its selected consultant.
    const stages = await sql<{ stage: string }[]>`select distinct stage from opportunity_interests`;
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const [filled] = await sql<{ selected: number }[]>`
      select count(*)::int as selected from opportunity_interests i join opportunities o on o.id = i.opportunity_id
      where o.status = 'filled' and i.stage = 'selected'`;
    expect(filled?.selected).toBeGreaterThan(0);
    const applicants = await call(api.app, "GET", `/api/opportunities/${opportunity.id}/interests`, { token });
    expect(applicants.status).toBe(200);
  });

  it("npm run seed -- --opportunities N: N more, under the posting limit, replacing the earlier generated set", async ({
    api,
  }) => {
    const { db, sql } = api.database;
    const before = await sql<{ n: number }[]>`select count(*)::int as n from opportunities`;
    expect(await seedManyOpportunities(db, { count: 300, seed: 1, now: new Date() })).toBe(300);
    expect(await seedManyOpportunities(db, { count: 200, seed: 2, now: new Date() })).toBe(200);
    const [after] = await sql<{ n: number; seeded: number; overLimit: number }[]>`
      select count(*)::int as n,
             (count(*) filter (where g.slug like ${`${SEED_ORGANIZATION_PREFIX}%`}))::int as seeded,
             (select count(*)::int from (select organization_id from opportunities where status in ('pending', 'published')
                group by organization_id having count(*) > 50) crowded) as "overLimit"
      from opportunities o join organizations g on g.id = o.organization_id`;
    expect(after).toEqual({ n: (before[0]?.n ?? 0) + 200, seeded: 200, overLimit: 0 });
    const found = await call(api.app, "GET", "/api/opportunities?keywords=PEFA");
    expect(found.json.total).toBeGreaterThan(0);
  });
});
