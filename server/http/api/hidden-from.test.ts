import { describe, expect } from "vitest";
import { call } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// "Hide my profile from these organizations" (issue 31): the members of a listed organization
// get 404 on the profile and never see it in search, shortlists or exports; everyone else
// (other organizations' members, visitors) sees it as before.

const it = apiTest();
const env = fileApi(it);

type User = Awaited<ReturnType<typeof insertSignedInUser>>;

async function organizationOf(...people: User[]) {
  const [org] = await env.database.sql<{ id: number }[]>`
    insert into organizations (slug, name, kind, country) values (${`employer-${unique()}`}, ${`Employer ${unique()}`}, 'ngo', 'LA')
    returning id`;
  for (const person of people) {
    await env.database
      .sql`insert into organization_members (organization_id, user_id, role) values (${org!.id}, ${person.id}, 'member')`;
  }
  return org!.id;
}

/** A listed consultant with an account, found by a word of their bio nobody else uses. */
async function consultantHidingFrom(organizationIds: number[]) {
  const owner = await insertSignedInUser(env.database.db, { name: "Khamla Vongsa" });
  const word = `hydrogeology${unique().replace(/\d/g, "x")}`;
  const id = await insertListedConsultant(env.database.db, {
    name: "Khamla Vongsa",
    userId: owner.id,
    country: "Laos",
    bio: `Groundwater surveys and ${word} for rural water supply in southern Laos.`,
  });
  const put = await call(env.app, "PUT", "/api/my-consultant-profile/hidden-from", {
    token: owner.token,
    body: { organizationIds },
  });
  expect(put.status, put.text).toBe(200);
  return { id, owner, word };
}

async function found(word: string, token?: string): Promise<number[]> {
  const response = await call(env.app, "GET", `/api/consultants?keywords=${word}`, { token });
  expect(response.status, response.text).toBe(200);
  return response.json.consultants.map((c: { id: number }) => c.id);
}

describe("hiding a profile from organizations", () => {
  it("hides it from members of a listed organization, in search, on the profile and its CV, and from nobody else", async () => {
    const colleague = await insertSignedInUser(env.database.db);
    const employer = await organizationOf(colleague);
    const stranger = await insertSignedInUser(env.database.db);
    await organizationOf(stranger);
    const admin = await insertSignedInUser(env.database.db, { role: "admin" });
    await env.database
      .sql`insert into organization_members (organization_id, user_id, role) values (${employer}, ${admin.id}, 'member')`;
    const { id, owner, word } = await consultantHidingFrom([employer]);

    expect(await found(word)).toEqual([id]);
    expect(await found(word, stranger.token)).toEqual([id]);
    expect(await found(word, colleague.token)).toEqual([]);
    expect((await call(env.app, "GET", `/api/consultants/${id}`)).status).toBe(200);
    expect((await call(env.app, "GET", `/api/consultants/${id}`, { token: stranger.token })).status).toBe(200);
    expect((await call(env.app, "GET", `/api/consultants/${id}`, { token: colleague.token })).status).toBe(404);
    expect((await call(env.app, "GET", `/api/consultants/${id}/cv.pdf`, { token: colleague.token })).status).toBe(404);
    // The owner always sees their profile; an admin moderates it whatever their memberships.
    expect((await call(env.app, "GET", `/api/consultants/${id}`, { token: owner.token })).status).toBe(200);
    expect((await call(env.app, "GET", `/api/consultants/${id}`, { token: admin.token })).status).toBe(200);
    // Nor can a member write to them.
    const message = await call(env.app, "POST", `/api/consultants/${id}/messages`, {
      token: colleague.token,
      body: {
        senderName: "Colleague",
        senderEmail: "colleague@example.org",
        subject: "An assignment",
        message: "We would like to talk to you about an assignment.",
      },
    });
    expect(message.status).toBe(404);

    // Leaving the organization, the colleague sees the profile again at the next request.
    await env.database.sql`delete from organization_members where organization_id = ${employer} and user_id = ${colleague.id}`;
    expect(await found(word, colleague.token)).toEqual([id]);
    expect((await call(env.app, "GET", `/api/consultants/${id}`, { token: colleague.token })).status).toBe(200);
  });

  it("leaves the profile out of the members' shortlists, their counts, exports and share links, and refuses adding it", async () => {
    const colleague = await insertSignedInUser(env.database.db);
    const employer = await organizationOf(colleague);
    const outsider = await insertSignedInUser(env.database.db);
    const { id } = await consultantHidingFrom([]);
    const other = await insertListedConsultant(env.database.db, { name: "Bounmy Phommachanh" });
    const team = await call(env.app, "POST", "/api/shortlists", {
      token: colleague.token,
      body: { name: "Team", organizationId: employer },
    });
    const own = await call(env.app, "POST", "/api/shortlists", { token: colleague.token, body: { name: "Own" } });
    const outside = await call(env.app, "POST", "/api/shortlists", { token: outsider.token, body: { name: "Elsewhere" } });
    for (const [list, token] of [
      [team, colleague.token],
      [own, colleague.token],
      [outside, outsider.token],
    ] as const) {
      await call(env.app, "PUT", `/api/shortlists/${list.json.id}/consultants/${id}`, { token });
      await call(env.app, "PUT", `/api/shortlists/${list.json.id}/consultants/${other}`, { token });
    }
    const teamShare = await call(env.app, "POST", `/api/shortlists/${team.json.id}/share`, { token: colleague.token });
    const ownShare = await call(env.app, "POST", `/api/shortlists/${own.json.id}/share`, { token: colleague.token });

    // Now the consultant hides from the colleague's employer.
    const [profile] = await env.database.sql<{ user_id: number }[]>`select user_id from consultants where id = ${id}`;
    await env.database.sql`insert into consultant_hidden_from (consultant_id, organization_id) values (${id}, ${employer})`;
    expect(profile).toBeDefined();

    for (const list of [team, own]) {
      const seen = await call(env.app, "GET", `/api/shortlists/${list.json.id}`, { token: colleague.token });
      expect(seen.json.entries.map((e: { consultant: { id: number } }) => e.consultant.id)).toEqual([other]);
      expect(seen.json.count).toBe(1);
      const csv = await (
        await env.app.request(`/api/shortlists/${list.json.id}/export.csv?notes=1`, {
          headers: { authorization: `Bearer ${colleague.token}` },
        })
      ).text();
      expect(csv).not.toContain("Khamla");
      expect(csv).toContain("Bounmy");
    }
    const all = await call(env.app, "GET", "/api/shortlists", { token: colleague.token });
    expect(all.json.shortlists.map((l: { count: number }) => l.count)).toEqual([1, 1]);
    for (const share of [teamShare, ownShare]) {
      const view = await call(env.app, "GET", `/api/shared-shortlists/${share.json.token}`);
      expect(view.text).not.toContain("Khamla");
    }
    const add = await call(env.app, "PUT", `/api/shortlists/${own.json.id}/consultants/${id}`, { token: colleague.token });
    expect(add.status).toBe(404);
    const stage = await call(env.app, "PATCH", `/api/shortlists/${own.json.id}/consultants/${id}`, {
      token: colleague.token,
      body: { stage: "contacted" },
    });
    expect(stage.status).toBe(404);

    // Someone outside the organization keeps seeing the consultant on their own list.
    const theirs = await call(env.app, "GET", `/api/shortlists/${outside.json.id}`, { token: outsider.token });
    expect(theirs.json.entries.map((e: { consultant: { id: number } }) => e.consultant.id)).toEqual([id, other]);
  });
});
