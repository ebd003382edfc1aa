import { describe, expect } from "vitest";
import { SHORTLIST_TEXTS } from "#common/shortlists.ts";
import { call } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { sharedShortlistSchema, shortlistDetailSchema, shortlistListSchema } from "../openapi/hiring.ts";

// Team shortlists (issue 31) through the JSON API on a real database: every member of the
// organization sees and edits the list, with stages and internal notes; nobody else sees it.

const it = apiTest();
const env = fileApi(it);

async function organizationWith(roles: ("owner" | "admin" | "member")[]) {
  const [org] = await env.database.sql<{ id: number; name: string }[]>`
    insert into organizations (slug, name, kind, country) values (${`team-${unique()}`}, ${`Team ${unique()}`}, 'ngo', 'TH')
    returning id, name`;
  const people = [];
  for (const role of roles) {
    const user = await insertSignedInUser(env.database.db, { name: `${role} ${unique()}` });
    await env.database
      .sql`insert into organization_members (organization_id, user_id, role) values (${org!.id}, ${user.id}, ${role})`;
    people.push(user);
  }
  return { organization: org!, people };
}

async function insertConsultant(name: string) {
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into consultants (name, title, email, location, country, years_experience, primary_specialization, bio, status, languages)
    values (${name}, 'Evaluation Specialist', ${`c-${unique()}@example.org`}, 'Phnom Penh, Cambodia', 'Cambodia', 12,
            'Governance', 'Twelve years of evaluations across the Mekong.', 'approved', ${["English", "Khmer"]})
    returning id`;
  return row!.id;
}

async function teamList(token: string, organizationId: number, name = "Mekong evaluation — team leader") {
  const response = await call(env.app, "POST", "/api/shortlists", { token, body: { name, organizationId } });
  expect(response.status, response.text).toBe(201);
  return shortlistDetailSchema.parse(response.json);
}

describe("team shortlists", () => {
  it("are seen and edited by every member, with stages and internal notes signed by their author", async () => {
    const { organization, people } = await organizationWith(["owner", "member"]);
    const [ploy, dara] = people as [(typeof people)[0], (typeof people)[0]];
    const list = await teamList(ploy.token, organization.id);
    expect(list.organization).toEqual({ id: organization.id, name: organization.name, verified: false, logoUrl: null });
    const consultant = await insertConsultant("Sophea Chan");

    // Dara, a member, sees the list among hers and adds a consultant to it.
    const lists = shortlistListSchema.parse((await call(env.app, "GET", "/api/shortlists", { token: dara.token })).json);
    expect(lists.shortlists.map((l) => l.id)).toContain(list.id);
    await call(env.app, "PUT", `/api/shortlists/${list.id}/consultants/${consultant}`, { token: dara.token });
    const moved = await call(env.app, "PATCH", `/api/shortlists/${list.id}/consultants/${consultant}`, {
      token: ploy.token,
      body: { stage: "interview" },
    });
    expect(moved.status, moved.text).toBe(200);
    const entry = shortlistDetailSchema.parse(moved.json).entries[0];
    expect(entry).toMatchObject({ stage: "interview", addedBy: dara.name });

    const note = await call(env.app, "POST", `/api/shortlists/${list.id}/consultants/${consultant}/notes`, {
      token: dara.token,
      body: { text: "Strong on the Khmer-language field work; ask about availability in March." },
    });
    expect(note.status).toBe(201);
    expect(note.json).toMatchObject({
      author: dara.name,
      text: "Strong on the Khmer-language field work; ask about availability in March.",
    });
    const notes = await call(env.app, "GET", `/api/shortlists/${list.id}/consultants/${consultant}/notes`, { token: ploy.token });
    expect(notes.json.notes).toHaveLength(1);
    const seen = shortlistDetailSchema.parse(
      (await call(env.app, "GET", `/api/shortlists/${list.id}`, { token: ploy.token })).json,
    );
    expect(seen.entries[0]?.notes.map((n) => n.author)).toEqual([dara.name]);

    // The share link shows neither notes nor stages, and carries the organization.
    const shared = await call(env.app, "POST", `/api/shortlists/${list.id}/share`, { token: dara.token });
    const view = await call(env.app, "GET", `/api/shared-shortlists/${shared.json.token}`);
    // A team list is shared by its organization, not by the member who made the link.
    expect(sharedShortlistSchema.parse(view.json).sharedBy).toBeNull();
    expect(sharedShortlistSchema.parse(view.json).organization).toEqual({
      id: organization.id,
      name: organization.name,
      verified: false,
      logoUrl: null,
    });
    expect(view.text).not.toContain("Khmer-language field work");
    expect(view.text).not.toContain("interview");
  });

  it("answer 404 to outsiders and site admins, and to a member at the first request after removal", async () => {
    const { organization, people } = await organizationWith(["owner", "admin", "member"]);
    const [owner, orgAdmin, member] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const list = await teamList(owner.token, organization.id);
    const consultant = await insertConsultant("Vanna Sok");
    const outsider = await insertSignedInUser(env.database.db);
    const siteAdmin = await insertSignedInUser(env.database.db, { role: "admin" });
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/shortlists/${list.id}`],
      ["PATCH", `/api/shortlists/${list.id}`, { name: "Renamed" }],
      ["PUT", `/api/shortlists/${list.id}/consultants/${consultant}`, {}],
      ["PATCH", `/api/shortlists/${list.id}/consultants/${consultant}`, { stage: "contacted" }],
      ["GET", `/api/shortlists/${list.id}/consultants/${consultant}/notes`],
      ["POST", `/api/shortlists/${list.id}/consultants/${consultant}/notes`, { text: "A note" }],
      ["GET", `/api/shortlists/${list.id}/export.csv`],
      ["POST", `/api/shortlists/${list.id}/share`],
      ["DELETE", `/api/shortlists/${list.id}`],
    ];
    for (const who of [owner, orgAdmin, member]) {
      for (const [method, path, body] of routes.slice(0, 7)) {
        const response = await call(env.app, method, path, { token: who.token, body });
        expect([200, 201], `${method} ${path} as a member`).toContain(response.status);
      }
    }
    for (const who of [outsider, siteAdmin]) {
      for (const [method, path, body] of routes) {
        expect((await call(env.app, method, path, { token: who.token, body })).status, `${method} ${path}`).toBe(404);
      }
    }
    for (const [method, path, body] of routes) {
      expect((await call(env.app, method, path, { body })).status).toBe(401);
    }
    await env.database
      .sql`delete from organization_members where organization_id = ${organization.id} and user_id = ${member.id}`;
    expect((await call(env.app, "GET", `/api/shortlists/${list.id}`, { token: member.token })).status).toBe(404);
    const theirs = await call(env.app, "GET", "/api/shortlists", { token: member.token });
    expect(theirs.json.shortlists).toEqual([]);
  });

  it("are deleted only by whoever made them or by the organization's owners and admins", async () => {
    const { organization, people } = await organizationWith(["owner", "admin", "member", "member"]);
    const [owner, orgAdmin, maker, other] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    const byMaker = await teamList(maker.token, organization.id);
    expect(byMaker.canDelete).toBe(true);
    const seenByOther = await call(env.app, "GET", `/api/shortlists/${byMaker.id}`, { token: other.token });
    expect(seenByOther.json.canDelete).toBe(false);
    const refused = await call(env.app, "DELETE", `/api/shortlists/${byMaker.id}`, { token: other.token });
    expect([refused.status, refused.json.message]).toEqual([403, SHORTLIST_TEXTS.deleteTeamList]);
    expect((await call(env.app, "DELETE", `/api/shortlists/${byMaker.id}`, { token: maker.token })).status).toBe(200);
    for (const manager of [owner, orgAdmin]) {
      const list = await teamList(other.token, organization.id);
      expect((await call(env.app, "DELETE", `/api/shortlists/${list.id}`, { token: manager.token })).status).toBe(200);
    }
  });

  it("refuse an organization the person is not in, and a bad stage, note or entry", async () => {
    const { organization } = await organizationWith(["owner"]);
    const { organization: mine, people } = await organizationWith(["member"]);
    const [member] = people as [(typeof people)[0]];
    const wrong = await call(env.app, "POST", "/api/shortlists", {
      token: member.token,
      body: { name: "Not mine", organizationId: organization.id },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([{ path: "organizationId", message: SHORTLIST_TEXTS.organizationId }]);
    const list = await teamList(member.token, mine.id);
    const consultant = await insertConsultant("Bopha Keo");
    const notOnList = await call(env.app, "PATCH", `/api/shortlists/${list.id}/consultants/${consultant}`, {
      token: member.token,
      body: { stage: "contacted" },
    });
    expect(notOnList.status).toBe(404);
    await call(env.app, "PUT", `/api/shortlists/${list.id}/consultants/${consultant}`, { token: member.token });
    const cases: [unknown, string][] = [
      [{ stage: "hired" }, SHORTLIST_TEXTS.stage],
      [{}, SHORTLIST_TEXTS.nothingToChange],
      [{ note: "n".repeat(2001) }, SHORTLIST_TEXTS.noteTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await call(env.app, "PATCH", `/api/shortlists/${list.id}/consultants/${consultant}`, {
        token: member.token,
        body,
      });
      expect([response.status, response.json.message]).toEqual([400, message]);
    }
    const blank = await call(env.app, "POST", `/api/shortlists/${list.id}/consultants/${consultant}/notes`, {
      token: member.token,
      body: { text: "   " },
    });
    expect([blank.status, blank.json.message]).toEqual([400, SHORTLIST_TEXTS.noteText]);
  });

  it("export stages always and the notes only when asked for", async () => {
    const { organization, people } = await organizationWith(["owner"]);
    const [owner] = people as [(typeof people)[0]];
    const list = await teamList(owner.token, organization.id, "Export");
    const consultant = await insertConsultant("Chanthy Lim");
    await call(env.app, "PUT", `/api/shortlists/${list.id}/consultants/${consultant}`, { token: owner.token });
    await call(env.app, "PATCH", `/api/shortlists/${list.id}/consultants/${consultant}`, {
      token: owner.token,
      body: { stage: "selected" },
    });
    await call(env.app, "POST", `/api/shortlists/${list.id}/consultants/${consultant}/notes`, {
      token: owner.token,
      body: { text: "=cmd|'/c calc'!A1 is not a formula here" },
    });
    const plain = await (
      await env.app.request(`/api/shortlists/${list.id}/export.csv`, { headers: { authorization: `Bearer ${owner.token}` } })
    ).text();
    expect(plain).toContain('"Selected"');
    expect(plain).not.toContain("calc");
    const withNotes = await (
      await env.app.request(`/api/shortlists/${list.id}/export.csv?notes=1`, {
        headers: { authorization: `Bearer ${owner.token}` },
      })
    ).text();
    expect(withNotes).toContain(`"${owner.name} (`);
    expect(withNotes).toContain("=cmd|'/c calc'!A1 is not a formula here");
    // A cell that starts a formula is neutralised: the internal notes cell starts with the author.
    expect(withNotes).not.toMatch(/,"=cmd/);
  });
});
