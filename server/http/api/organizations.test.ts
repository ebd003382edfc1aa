import { describe, expect } from "vitest";
import { ORGANIZATION_LIMITS, ORGANIZATION_TEXTS } from "#common/organizations.ts";
import { createSession, hashToken, newToken } from "#server/services/sessions.ts";
import { call } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { solidPng } from "../../../tests/setup/images.ts";
import { unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import {
  actingAnswerSchema,
  hiddenFromAnswerSchema,
  invitationAnswerSchema,
  memberSchema,
  organizationSchema,
} from "../openapi/organizations.ts";

// Organizations through the JSON API on a real database, mail delivered to a real SMTP server
// (issue 31): roles against every endpoint, invitations, the last owner, verification.

const it = apiTest();
const env = fileApi(it);

type Person = Awaited<ReturnType<typeof insertSignedInUser>>;

async function person(options: { role?: "user" | "admin"; name?: string; email?: string; verified?: boolean } = {}) {
  const user = await insertSignedInUser(env.database.db, { role: options.role, name: options.name ?? `Person ${unique()}` });
  const email = options.email ?? user.email;
  await env.database
    .sql`update auth_users set email = ${email}, is_email_verified = ${options.verified ?? true} where id = ${user.id}`;
  return { ...user, email };
}

async function newOrganization(owner: Person, body: Record<string, unknown> = {}) {
  const response = await call(env.app, "POST", "/api/organizations", {
    token: owner.token,
    body: {
      name: `Mekong Water Alliance ${unique()}`,
      kind: "ngo",
      country: "TH",
      website: "https://mekong-water.example",
      ...body,
    },
  });
  expect(response.status, response.text).toBe(201);
  return organizationSchema.parse(response.json);
}

/** A member with `role`, added straight to the database (the invitation path is tested on its own). */
async function addMember(organizationId: number, role: "owner" | "admin" | "member", options: Parameters<typeof person>[0] = {}) {
  const member = await person(options);
  await env.database
    .sql`insert into organization_members (organization_id, user_id, role) values (${organizationId}, ${member.id}, ${role})`;
  return member;
}

/** An invitation waiting for `email`, written straight to the table; its link's token. */
async function waitingInvitation(organizationId: number, email: string): Promise<string> {
  const token = newToken();
  await env.database.sql`insert into organization_invitations (organization_id, email, role, token_hash, expires_at)
    values (${organizationId}, ${email}, 'member', ${hashToken(token)}, now() + interval '7 days')`;
  return token;
}

/** The invitation link of the first mail to `to`. */
async function invitationToken(to: string): Promise<string> {
  const mail = await env.smtp.waitForMail(to);
  const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail.text}`);
  return token;
}

describe("creating and reading an organization", () => {
  it("makes the creator its owner, acting for it, with a slug from its name, and audits it", async () => {
    const owner = await person();
    const organization = await newOrganization(owner, {
      name: "Mekong Water Alliance",
      website: "www.mekong-water.example/about",
    });
    expect(organization).toMatchObject({
      name: "Mekong Water Alliance",
      kind: "ngo",
      country: "TH",
      website: "https://www.mekong-water.example/about",
      domain: "mekong-water.example",
      verified: false,
      role: "owner",
      acting: true,
      memberCount: 1,
    });
    expect(organization.slug).toMatch(/^mekong-water-alliance(-\d+)?$/);
    const again = await newOrganization(owner, { name: "Mekong Water Alliance" });
    expect(again.slug).not.toBe(organization.slug);
    const acting = actingAnswerSchema.parse(
      (await call(env.app, "GET", "/api/acting-organization", { token: owner.token })).json,
    );
    expect(acting.acting?.id).toBe(again.id);
    const audit = await env.database
      .sql`select action, actor_id from audit_log where target_type = 'organization' and target_id = ${organization.id}`;
    expect(audit).toEqual([{ action: "create", actor_id: owner.id }]);
  });

  it("answers 400 naming each field that is wrong", async () => {
    const owner = await person();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: "ngo", country: "TH" }, "name", ORGANIZATION_TEXTS.name],
      [{ name: "A", kind: "ngo", country: "TH" }, "name", ORGANIZATION_TEXTS.nameShort],
      [{ name: "x".repeat(161), kind: "ngo", country: "TH" }, "name", ORGANIZATION_TEXTS.nameTooLong],
      [{ name: "Alliance", kind: "club", country: "TH" }, "kind", ORGANIZATION_TEXTS.kind],
      [{ name: "Alliance", kind: "ngo", country: "Thailand" }, "country", ORGANIZATION_TEXTS.country],
      [{ name: "Alliance", kind: "ngo", country: "TH", website: "not a site" }, "website", ORGANIZATION_TEXTS.website],
      [
        { name: "Alliance", kind: "ngo", country: "TH", website: "ftp://files.example.org" },
        "website",
        ORGANIZATION_TEXTS.website,
      ],
      [
        { name: "Alliance", kind: "ngo", country: "TH", description: "d".repeat(1001) },
        "description",
        ORGANIZATION_TEXTS.descriptionTooLong,
      ],
      [
        { name: "Alliance", kind: "ngo", country: "TH", logoUrl: "/uploads/photos/someone-else.webp" },
        "logoUrl",
        ORGANIZATION_TEXTS.logoUrl,
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await call(env.app, "POST", "/api/organizations", { token: owner.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.errors ?? [{ path, message: response.json.message }]).toContainEqual({ path, message });
    }
    expect((await call(env.app, "POST", "/api/organizations", { token: owner.token })).status).toBe(400);
    expect(
      (await call(env.app, "POST", "/api/organizations", { body: { name: "Alliance", kind: "ngo", country: "TH" } })).status,
    ).toBe(401);
  });

  it("keeps a person to 50 organizations (409 beyond)", async () => {
    const owner = await person();
    const ids = await env.database.sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country)
      select 'bulk-' || ${unique()} || '-' || n, 'Bulk organization ' || n, 'ngo', 'TH'
      from generate_series(1, ${ORGANIZATION_LIMITS.perUser}) n returning id`;
    await env.database.sql`insert into organization_members (organization_id, user_id, role)
      select unnest(${ids.map((row) => row.id)}::int[]), ${owner.id}, 'member'`;
    const response = await call(env.app, "POST", "/api/organizations", {
      token: owner.token,
      body: { name: "One too many", kind: "ngo", country: "TH" },
    });
    expect(response.status).toBe(409);
    expect(response.json.message).toBe(ORGANIZATION_TEXTS.tooManyOrganizations);
    // Nor does accepting an invitation take them past 50: the invitation stays unanswered.
    const other = await newOrganization(await person());
    const token = await waitingInvitation(other.id, owner.email);
    const accept = await call(env.app, "POST", `/api/invitations/${token}/accept`, { token: owner.token });
    expect([accept.status, accept.json.message]).toEqual([409, ORGANIZATION_TEXTS.tooManyOrganizations]);
    expect((await call(env.app, "GET", `/api/invitations/${token}`)).status).toBe(200);
  });

  it("lists the caller's organizations, and finds organizations by name for the hide-from picker", async () => {
    const owner = await person();
    const stranger = await person();
    const organization = await newOrganization(owner, { name: `Lao Rural Health Network ${unique()}` });
    const mine = await call(env.app, "GET", "/api/organizations", { token: owner.token });
    expect(mine.json.organizations).toEqual([expect.objectContaining({ id: organization.id, role: "owner" })]);
    expect((await call(env.app, "GET", "/api/organizations", { token: stranger.token })).json.organizations).toEqual([]);
    const found = await call(env.app, "GET", `/api/organizations?search=${encodeURIComponent("rural health")}`, {
      token: stranger.token,
    });
    expect(found.json.organizations).toContainEqual(
      expect.objectContaining({ id: organization.id, role: null, verified: false }),
    );
    const tooLong = await call(env.app, "GET", `/api/organizations?search=${"x".repeat(101)}`, { token: stranger.token });
    expect(tooLong.status).toBe(400);
    expect((await call(env.app, "GET", "/api/organizations")).status).toBe(401);
  });
});

describe("roles against every endpoint", () => {
  it("answers each of outsider, member, admin of the organization, owner and site admin as the rules say", async () => {
    type Who = "visitor" | "outsider" | "member" | "orgAdmin" | "owner" | "siteAdmin";
    const expected: [string, (ids: Ids) => [string, string, unknown?], Record<Who, number>, { atDomain?: boolean }?][] = [
      [
        "read",
        (i) => ["GET", `/api/organizations/${i.org}`],
        { visitor: 404, outsider: 404, member: 200, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "edit",
        (i) => ["PATCH", `/api/organizations/${i.org}`, { description: "Water and sanitation in the Mekong basin." }],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "members",
        (i) => ["GET", `/api/organizations/${i.org}/members`],
        { visitor: 401, outsider: 404, member: 200, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "role",
        (i) => ["PATCH", `/api/organizations/${i.org}/members/${i.target}`, { role: "admin" }],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "owner role",
        (i) => ["PATCH", `/api/organizations/${i.org}/members/${i.target}`, { role: "owner" }],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 403, owner: 200, siteAdmin: 404 },
      ],
      [
        "invitations",
        (i) => ["GET", `/api/organizations/${i.org}/invitations`],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "invite",
        (i) => ["POST", `/api/organizations/${i.org}/invitations`, { email: `new-${unique()}@example.org`, role: "member" }],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 201, owner: 201, siteAdmin: 404 },
      ],
      [
        "invite owner",
        (i) => ["POST", `/api/organizations/${i.org}/invitations`, { email: `new-${unique()}@example.org`, role: "owner" }],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 403, owner: 201, siteAdmin: 404 },
      ],
      [
        "remove",
        (i) => ["DELETE", `/api/organizations/${i.org}/members/${i.target}`],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "verify by hand",
        (i) => ["POST", `/api/organizations/${i.org}/verify`, { method: "admin" }],
        { visitor: 401, outsider: 403, member: 403, orgAdmin: 403, owner: 403, siteAdmin: 200 },
      ],
      [
        "unverify",
        (i) => ["DELETE", `/api/organizations/${i.org}/verify`],
        { visitor: 401, outsider: 403, member: 403, orgAdmin: 403, owner: 403, siteAdmin: 200 },
      ],
      [
        "delete",
        (i) => ["DELETE", `/api/organizations/${i.org}`],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "list mine",
        () => ["GET", "/api/organizations"],
        { visitor: 401, outsider: 200, member: 200, orgAdmin: 200, owner: 200, siteAdmin: 200 },
      ],
      [
        "create",
        () => ["POST", "/api/organizations", { name: `Delta Research ${unique()}`, kind: "research", country: "VN" }],
        { visitor: 401, outsider: 201, member: 201, orgAdmin: 201, owner: 201, siteAdmin: 201 },
      ],
      [
        // Everyone's sign-in address is at the organization's domain here: only membership decides.
        "verify by domain",
        (i) => ["POST", `/api/organizations/${i.org}/verify`, { method: "domain" }],
        { visitor: 401, outsider: 404, member: 200, orgAdmin: 200, owner: 200, siteAdmin: 404 },
        { atDomain: true },
      ],
      [
        "withdraw invitation",
        (i) => ["DELETE", `/api/organizations/${i.org}/invitations/${i.invitation}`],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "allow to post",
        (i) => ["PATCH", `/api/organizations/${i.org}/members/${i.target}`, { canPost: true }],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        // One's own id: leaving. The only owner may not (409).
        "leave",
        (i) => ["DELETE", `/api/organizations/${i.org}/members/${i.self}`],
        { visitor: 401, outsider: 404, member: 200, orgAdmin: 200, owner: 409, siteAdmin: 404 },
      ],
      [
        "remove logo",
        (i) => ["DELETE", `/api/organizations/${i.org}/logo`],
        { visitor: 401, outsider: 404, member: 403, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "act for it",
        (i) => ["PUT", "/api/acting-organization", { organizationId: i.org }],
        { visitor: 401, outsider: 404, member: 200, orgAdmin: 200, owner: 200, siteAdmin: 404 },
      ],
      [
        "team shortlist",
        (i) => ["POST", "/api/shortlists", { name: "Mekong evaluation", organizationId: i.org }],
        { visitor: 401, outsider: 400, member: 201, orgAdmin: 201, owner: 201, siteAdmin: 400 },
      ],
    ];
    type Ids = { org: number; target: number; invitation: number; self: number };
    const whos: Who[] = ["visitor", "outsider", "member", "orgAdmin", "owner", "siteAdmin"];
    const failures: string[] = [];
    for (const [name, request, statuses, options] of expected) {
      // The six callers of one row side by side, each on an organization of its own.
      await Promise.all(
        whos.map(async (who) => {
          // A fresh organization for each try, so one try's change never decides another's answer.
          const at = options?.atDomain ? () => ({ email: `p-${unique()}@mekong-water.example` }) : () => ({});
          const owner = await person(at());
          const organization = await newOrganization(owner);
          const member = await addMember(organization.id, "member", at());
          const orgAdmin = await addMember(organization.id, "admin", at());
          const target = await addMember(organization.id, "member");
          const people: Record<Who, Person | undefined> = {
            visitor: undefined,
            outsider: await person(at()),
            member,
            orgAdmin,
            owner,
            siteAdmin: await person({ role: "admin", ...at() }),
          };
          const [invitation] = await env.database.sql<{ id: number }[]>`
          insert into organization_invitations (organization_id, email, role, token_hash, expires_at)
          values (${organization.id}, ${`invited-${unique()}@example.org`}, 'member', ${`hash-${unique()}`}, now() + interval '7 days')
          returning id`;
          const ids = { org: organization.id, target: target.id, invitation: invitation!.id, self: people[who]?.id ?? target.id };
          const [method, path, body] = request(ids);
          const response = await call(env.app, method, path, { token: people[who]?.token, body });
          if (response.status !== statuses[who])
            failures.push(`${name} as ${who}: ${response.status} (${response.text.slice(0, 120)})`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("shows a verified organization's record to anyone, and a malformed or unknown id is 404", async () => {
    const owner = await person();
    const organization = await newOrganization(owner);
    await env.database
      .sql`update organizations set verified_at = now(), verification_method = 'admin' where id = ${organization.id}`;
    const seen = await call(env.app, "GET", `/api/organizations/${organization.id}`);
    expect(seen.status).toBe(200);
    expect(organizationSchema.parse(seen.json)).toMatchObject({ verified: true, role: null, acting: false });
    expect(
      (await call(env.app, "GET", `/api/organizations/${organization.id}/members`, { token: (await person()).token })).status,
    ).toBe(404);
    for (const id of ["abc", "0", "99999999999", "2147483647"]) {
      expect((await call(env.app, "GET", `/api/organizations/${id}`, { token: owner.token })).status).toBe(404);
    }
  });
});

describe("members", () => {
  it("keeps the last owner: they cannot leave or be demoted (409); with a second owner they can", async () => {
    const owner = await person();
    const organization = await newOrganization(owner);
    const leave = await call(env.app, "DELETE", `/api/organizations/${organization.id}/members/${owner.id}`, {
      token: owner.token,
    });
    expect(leave.status).toBe(409);
    expect(leave.json.message).toBe(ORGANIZATION_TEXTS.lastOwner);
    const demote = await call(env.app, "PATCH", `/api/organizations/${organization.id}/members/${owner.id}`, {
      token: owner.token,
      body: { role: "admin" },
    });
    expect(demote.status).toBe(409);
    const second = await addMember(organization.id, "member");
    const promoted = await call(env.app, "PATCH", `/api/organizations/${organization.id}/members/${second.id}`, {
      token: owner.token,
      body: { role: "owner" },
    });
    expect(memberSchema.parse(promoted.json)).toMatchObject({ role: "owner" });
    // An admin cannot demote or remove an owner.
    const orgAdmin = await addMember(organization.id, "admin");
    const refused = await call(env.app, "DELETE", `/api/organizations/${organization.id}/members/${second.id}`, {
      token: orgAdmin.token,
    });
    expect(refused.status).toBe(403);
    const left = await call(env.app, "DELETE", `/api/organizations/${organization.id}/members/${owner.id}`, {
      token: owner.token,
    });
    expect(left.json).toEqual({ left: true });
    const members = await call(env.app, "GET", `/api/organizations/${organization.id}/members`, { token: second.token });
    expect(members.json.members.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [second.id, "owner"],
      [orgAdmin.id, "admin"],
    ]);
    const audit = await env.database
      .sql`select action from audit_log where target_id = ${organization.id} and target_type = 'organization' order by id`;
    expect(audit.map((row) => row.action)).toEqual(["create", "change_role", "leave"]);
  });

  it("lets two owners demote each other at once only one at a time: one owner always remains", async () => {
    const owner = await person();
    const organization = await newOrganization(owner);
    const other = await addMember(organization.id, "owner");
    const [a, b] = await Promise.all([
      call(env.app, "PATCH", `/api/organizations/${organization.id}/members/${owner.id}`, {
        token: owner.token,
        body: { role: "member" },
      }),
      call(env.app, "PATCH", `/api/organizations/${organization.id}/members/${other.id}`, {
        token: other.token,
        body: { role: "member" },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [owners] = await env.database
      .sql`select count(*)::int as n from organization_members where organization_id = ${organization.id} and role = 'owner'`;
    expect(owners?.n).toBe(1);
  });

  it("takes access away from a removed member at their next request, and their acting-for with it", async () => {
    const owner = await person();
    const organization = await newOrganization(owner);
    const member = await addMember(organization.id, "member");
    await call(env.app, "PUT", "/api/acting-organization", { token: member.token, body: { organizationId: organization.id } });
    expect((await call(env.app, "GET", `/api/organizations/${organization.id}/members`, { token: member.token })).status).toBe(
      200,
    );
    const removed = await call(env.app, "DELETE", `/api/organizations/${organization.id}/members/${member.id}`, {
      token: owner.token,
    });
    expect(removed.json).toEqual({ left: false });
    expect((await call(env.app, "GET", `/api/organizations/${organization.id}/members`, { token: member.token })).status).toBe(
      404,
    );
    expect((await call(env.app, "GET", `/api/organizations/${organization.id}`, { token: member.token })).status).toBe(404);
    const acting = await call(env.app, "GET", "/api/acting-organization", { token: member.token });
    expect(acting.json).toEqual({ acting: null, organizations: [] });
  });

  it("lets a member choose to be listed on the public page, and nobody else choose for them", async () => {
    const owner = await person();
    const organization = await newOrganization(owner);
    const member = await addMember(organization.id, "member");
    const own = await call(env.app, "PATCH", `/api/organizations/${organization.id}/members/${member.id}`, {
      token: member.token,
      body: { listed: true },
    });
    expect(own.json).toMatchObject({ listed: true, role: "member" });
    const forThem = await call(env.app, "PATCH", `/api/organizations/${organization.id}/members/${member.id}`, {
      token: owner.token,
      body: { listed: false },
    });
    expect(forThem.status).toBe(403);
    const empty = await call(env.app, "PATCH", `/api/organizations/${organization.id}/members/${member.id}`, {
      token: owner.token,
      body: {},
    });
    expect(empty.status).toBe(400);
  });

  it("switches the organization one acts for, refusing one the person is not in", async () => {
    const owner = await person();
    const first = await newOrganization(owner);
    const second = await newOrganization(owner);
    const stranger = await newOrganization(await person());
    const none = await call(env.app, "PUT", "/api/acting-organization", { token: owner.token, body: { organizationId: null } });
    expect(actingAnswerSchema.parse(none.json).acting).toBeNull();
    const one = await call(env.app, "PUT", "/api/acting-organization", {
      token: owner.token,
      body: { organizationId: first.id },
    });
    expect(one.json.acting).toMatchObject({ id: first.id, role: "owner" });
    expect(one.json.organizations.filter((o: { acting: boolean }) => o.acting)).toHaveLength(1);
    // Remembered: the person's next sign-in (another session, another browser) acts for it too.
    const { token: nextSignIn } = await createSession(env.database.db, owner.id);
    const remembered = await call(env.app, "GET", "/api/acting-organization", { token: nextSignIn });
    expect(actingAnswerSchema.parse(remembered.json).acting?.id).toBe(first.id);
    expect(
      (await call(env.app, "PUT", "/api/acting-organization", { token: owner.token, body: { organizationId: stranger.id } }))
        .status,
    ).toBe(404);
    expect(
      (await call(env.app, "PUT", "/api/acting-organization", { token: owner.token, body: { organizationId: "x" } })).status,
    ).toBe(400);
    expect(second.id).toBeGreaterThan(first.id);
  });
});

describe("invitations", () => {
  it("invites by e-mail with a single-use link that the invited account accepts", async () => {
    const owner = await person({ name: "Ploy Srisuk" });
    const organization = await newOrganization(owner, { name: `Bangkok Evaluation Group ${unique()}` });
    const colleague = await person({ email: `colleague-${unique()}@example.org`, name: "Dara Chan" });
    const invited = await call(env.app, "POST", `/api/organizations/${organization.id}/invitations`, {
      token: owner.token,
      body: { email: colleague.email.toUpperCase(), role: "admin" },
    });
    expect(invited.status, invited.text).toBe(201);
    expect(invitationAnswerSchema.parse(invited.json)).toMatchObject({ role: "admin", invitedBy: "Ploy Srisuk" });
    // The link lasts 7 days.
    const lasts = Date.parse(invited.json.expiresAt) - Date.now();
    expect(Math.abs(lasts - 7 * 86_400_000)).toBeLessThan(120_000);
    const token = await invitationToken(colleague.email.toUpperCase());
    const preview = await call(env.app, "GET", `/api/invitations/${token}`);
    expect(preview.json).toMatchObject({
      organization: { id: organization.id, verified: false },
      role: "admin",
      invitedBy: "Ploy Srisuk",
    });

    // Someone else holding the link cannot use it to join.
    const other = await person();
    const wrong = await call(env.app, "POST", `/api/invitations/${token}/accept`, { token: other.token });
    expect(wrong.status).toBe(403);
    expect(wrong.json.message).toBe(ORGANIZATION_TEXTS.invitationOtherAddress);
    expect((await call(env.app, "POST", `/api/invitations/${token}/accept`)).status).toBe(401);

    const accepted = await call(env.app, "POST", `/api/invitations/${token}/accept`, { token: colleague.token });
    expect(accepted.status).toBe(200);
    expect(organizationSchema.parse(accepted.json)).toMatchObject({
      id: organization.id,
      role: "admin",
      acting: true,
      memberCount: 2,
    });
    // Single use.
    expect((await call(env.app, "POST", `/api/invitations/${token}/accept`, { token: colleague.token })).status).toBe(404);
    expect((await call(env.app, "GET", `/api/invitations/${token}`)).status).toBe(404);
    // Already a member: 409.
    const again = await call(env.app, "POST", `/api/organizations/${organization.id}/invitations`, {
      token: owner.token,
      body: { email: colleague.email },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(ORGANIZATION_TEXTS.alreadyMember);
  });

  it("lets whoever holds the link decline, without an account; expired and guessed links are 404", async () => {
    const owner = await person();
    const organization = await newOrganization(owner);
    const address = `decline-${unique()}@example.org`;
    await call(env.app, "POST", `/api/organizations/${organization.id}/invitations`, {
      token: owner.token,
      body: { email: address },
    });
    const token = await invitationToken(address);
    const declined = await call(env.app, "POST", `/api/invitations/${token}/decline`);
    expect(declined.json).toEqual({ message: "Invitation declined" });
    expect((await call(env.app, "POST", `/api/invitations/${token}/decline`)).status).toBe(404);

    const late = `late-${unique()}@example.org`;
    await call(env.app, "POST", `/api/organizations/${organization.id}/invitations`, {
      token: owner.token,
      body: { email: late },
    });
    const lateToken = await invitationToken(late);
    await env.database
      .sql`update organization_invitations set expires_at = now() - interval '1 second' where lower(email) = ${late}`;
    expect((await call(env.app, "GET", `/api/invitations/${lateToken}`)).status).toBe(404);
    for (const guess of ["short", "A".repeat(43), `${"a".repeat(42)}!`]) {
      expect((await call(env.app, "GET", `/api/invitations/${guess}`)).status).toBe(404);
    }
    const stored = await env.database
      .sql`select token_hash from organization_invitations where organization_id = ${organization.id}`;
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it("keeps at most 20 invitations waiting and 200 members (409), and lets an invitation be withdrawn", async () => {
    const owner = await person();
    const organization = await newOrganization(owner);
    await env.database.sql`insert into organization_invitations (organization_id, email, role, token_hash, expires_at)
      select ${organization.id}, 'waiting-' || n || '@example.org', 'member', md5(random()::text || n), now() + interval '7 days'
      from generate_series(1, ${ORGANIZATION_LIMITS.pendingInvitations}) n`;
    const over = await call(env.app, "POST", `/api/organizations/${organization.id}/invitations`, {
      token: owner.token,
      body: { email: `one-more-${unique()}@example.org` },
    });
    expect(over.status).toBe(409);
    expect(over.json.message).toBe(ORGANIZATION_TEXTS.tooManyInvitations);
    // Inviting an address that is already waiting replaces its link: not one more.
    const replaced = await call(env.app, "POST", `/api/organizations/${organization.id}/invitations`, {
      token: owner.token,
      body: { email: "waiting-1@example.org" },
    });
    expect(replaced.status).toBe(201);
    const list = await call(env.app, "GET", `/api/organizations/${organization.id}/invitations`, { token: owner.token });
    expect(list.json.invitations).toHaveLength(ORGANIZATION_LIMITS.pendingInvitations);
    const withdrawn = await call(env.app, "DELETE", `/api/organizations/${organization.id}/invitations/${replaced.json.id}`, {
      token: owner.token,
    });
    expect(withdrawn.status).toBe(200);
    expect(
      (await call(env.app, "GET", `/api/organizations/${organization.id}/invitations`, { token: owner.token })).json.invitations,
    ).toHaveLength(ORGANIZATION_LIMITS.pendingInvitations - 1);

    const full = await newOrganization(owner);
    await env.database.sql`with people as (
        insert into auth_users (email, hashed_password, name)
        select 'full-' || ${unique()} || '-' || n || '@example.org', 'x', 'Member ' || n
        from generate_series(1, ${ORGANIZATION_LIMITS.members - 1}) n returning id)
      insert into organization_members (organization_id, user_id, role) select ${full.id}, id, 'member' from people`;
    const tooMany = await call(env.app, "POST", `/api/organizations/${full.id}/invitations`, {
      token: owner.token,
      body: { email: `extra-${unique()}@example.org` },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe(ORGANIZATION_TEXTS.tooManyMembers);
    // An invitation sent before the organization filled up cannot take it past 200 either.
    const late = await person();
    const token = await waitingInvitation(full.id, late.email);
    const accept = await call(env.app, "POST", `/api/invitations/${token}/accept`, { token: late.token });
    expect([accept.status, accept.json.message]).toEqual([409, ORGANIZATION_TEXTS.tooManyMembers]);
  });

  it("answers 400 for a bad address or role", async () => {
    const owner = await person();
    const organization = await newOrganization(owner);
    const bad = await call(env.app, "POST", `/api/organizations/${organization.id}/invitations`, {
      token: owner.token,
      body: { email: "not-an-address", role: "boss" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([
      { path: "email", message: ORGANIZATION_TEXTS.email },
      { path: "role", message: ORGANIZATION_TEXTS.role },
    ]);
  });
});

describe("verification", () => {
  async function verifyByDomain(member: Person, organizationId: number) {
    return call(env.app, "POST", `/api/organizations/${organizationId}/verify`, {
      token: member.token,
      body: { method: "domain" },
    });
  }

  it("verifies by a member's confirmed e-mail at the domain or a subdomain of it, and audits it", async () => {
    const domain = `ngo-${unique()}.example`;
    const owner = await person({ email: `ploy@th.${domain}` });
    const organization = await newOrganization(owner, { website: `https://www.${domain}/en` });
    const verified = await verifyByDomain(owner, organization.id);
    expect(verified.status, verified.text).toBe(200);
    expect(organizationSchema.parse(verified.json)).toMatchObject({ verified: true, verificationMethod: "domain" });
    const [entry] = await env.database
      .sql`select changes from audit_log where target_id = ${organization.id} and action = 'verify'`;
    expect(entry?.changes).toMatchObject({ verified: { to: "domain" }, domain: { to: domain } });
  });

  it("refuses free-mail domains, unconfirmed addresses, other domains and a missing website", async () => {
    const domain = `ngo-${unique()}.example`;
    const cases: [Parameters<typeof person>[0], Record<string, unknown>, number, string][] = [
      [{ email: `ploy.${unique()}@gmail.com` }, { website: "https://gmail.com" }, 403, ORGANIZATION_TEXTS.verifyFreeMail],
      [{ email: `ploy.${unique()}@yahoo.co.th` }, { website: `https://${domain}` }, 403, ORGANIZATION_TEXTS.verifyFreeMail],
      [{ email: `ploy.${unique()}@outlook.com` }, { website: "https://outlook.com" }, 403, ORGANIZATION_TEXTS.verifyFreeMail],
      [
        { email: `unconfirmed@${domain}`, verified: false },
        { website: `https://${domain}` },
        403,
        ORGANIZATION_TEXTS.verifyEmailNotVerified,
      ],
      [{ email: `ploy@other-${domain}` }, { website: `https://${domain}` }, 403, ORGANIZATION_TEXTS.verifyOtherDomain],
      [{ email: `ploy@not${domain}` }, { website: `https://${domain}` }, 403, ORGANIZATION_TEXTS.verifyOtherDomain],
      [{ email: `no-website@${domain}` }, { website: null }, 409, ORGANIZATION_TEXTS.verifyNeedsWebsite],
    ];
    for (const [who, organizationFields, status, message] of cases) {
      const member = await person(who);
      const organization = await newOrganization(member, organizationFields);
      const refused = await verifyByDomain(member, organization.id);
      expect([refused.status, refused.json.message], `${who?.email} for ${JSON.stringify(organizationFields)}`).toEqual([
        status,
        message,
      ]);
    }
    const owner = await person({ email: `ploy@${domain}` });
    const organization = await newOrganization(owner, { website: `https://${domain}` });
    expect((await verifyByDomain(await person({ email: `x@${domain}` }), organization.id)).status).toBe(404);
    expect(
      (
        await call(env.app, "POST", `/api/organizations/${organization.id}/verify`, {
          token: owner.token,
          body: { method: "dns" },
        })
      ).status,
    ).toBe(400);
  });

  it("takes the verification back when the name or the website changes", async () => {
    const domain = `ngo-${unique()}.example`;
    const owner = await person({ email: `ploy@${domain}` });
    const organization = await newOrganization(owner, { website: `https://${domain}` });
    await verifyByDomain(owner, organization.id);
    const described = await call(env.app, "PATCH", `/api/organizations/${organization.id}`, {
      token: owner.token,
      body: { description: "Rural water supply in Laos and Cambodia." },
    });
    expect(described.json).toMatchObject({ verified: true });
    const renamed = await call(env.app, "PATCH", `/api/organizations/${organization.id}`, {
      token: owner.token,
      body: { name: "UNICEF Thailand" },
    });
    expect(renamed.json).toMatchObject({ name: "UNICEF Thailand", verified: false, verificationMethod: null });
    const [entry] = await env.database
      .sql`select changes from audit_log where target_id = ${organization.id} and action = 'edit' order by id desc limit 1`;
    expect(entry?.changes).toMatchObject({ name: { to: "UNICEF Thailand" }, verified: { from: "domain", to: null } });
  });

  it("lets a site admin verify by hand and take it back, both audited", async () => {
    const owner = await person();
    const admin = await person({ role: "admin" });
    const organization = await newOrganization(owner);
    const verified = await call(env.app, "POST", `/api/organizations/${organization.id}/verify`, {
      token: admin.token,
      body: { method: "admin" },
    });
    expect(verified.json).toMatchObject({ verified: true, verificationMethod: "admin", role: null });
    const taken = await call(env.app, "DELETE", `/api/organizations/${organization.id}/verify`, { token: admin.token });
    expect(taken.json).toEqual({ id: organization.id, verified: false });
    const entries = await env.database
      .sql`select action, actor_id from audit_log where target_id = ${organization.id} and target_type = 'organization' order by id`;
    expect(entries).toEqual([
      { action: "create", actor_id: owner.id },
      { action: "verify", actor_id: admin.id },
      { action: "unverify", actor_id: admin.id },
    ]);
    expect(
      (await call(env.app, "POST", "/api/organizations/99999/verify", { token: admin.token, body: { method: "admin" } })).status,
    ).toBe(404);
  });
});

describe("hiding a profile from organizations", () => {
  it("keeps the consultant's list, refusing unknown organizations and more than 50", async () => {
    const consultant = await person();
    await env.database
      .sql`insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status)
      values (${consultant.id}, 'Lan Nguyen', 'WASH Specialist', ${consultant.email}, 'Hanoi, Vietnam', 'Vietnam', 9, 'Healthcare', 'Nine years of rural water supply.', 'approved')`;
    const employer = await newOrganization(await person(), { name: `Current Employer ${unique()}` });
    const empty = await call(env.app, "GET", "/api/my-consultant-profile/hidden-from", { token: consultant.token });
    expect(hiddenFromAnswerSchema.parse(empty.json)).toEqual({ organizations: [] });
    const put = await call(env.app, "PUT", "/api/my-consultant-profile/hidden-from", {
      token: consultant.token,
      body: { organizationIds: [employer.id, employer.id] },
    });
    expect(put.json).toEqual({ organizations: [{ id: employer.id, name: employer.name, verified: false }] });
    const unknown = await call(env.app, "PUT", "/api/my-consultant-profile/hidden-from", {
      token: consultant.token,
      body: { organizationIds: [employer.id, 2_000_000_000] },
    });
    expect([unknown.status, unknown.json.message]).toEqual([400, ORGANIZATION_TEXTS.hiddenFromUnknown]);
    const many = await call(env.app, "PUT", "/api/my-consultant-profile/hidden-from", {
      token: consultant.token,
      body: { organizationIds: Array.from({ length: 51 }, (_, i) => i + 1) },
    });
    expect([many.status, many.json.message]).toEqual([400, ORGANIZATION_TEXTS.hiddenFromTooMany]);
    const noProfile = await call(env.app, "GET", "/api/my-consultant-profile/hidden-from", { token: (await person()).token });
    expect(noProfile.status).toBe(404);
  });
});

describe("the logo", () => {
  async function uploadLogo(token: string): Promise<string> {
    const body = new FormData();
    body.set("profilePhoto", new File([Buffer.from(await solidPng())], "logo.png", { type: "image/png" }));
    const response = await env.app.request("/api/upload-photo", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "192.0.2.77" },
    });
    const json = (await response.json()) as { photoUrl: string };
    return json.photoUrl;
  }

  it("takes a photo its editor uploaded, and keeps it from the clean-up of abandoned uploads", async () => {
    const owner = await person();
    const logoUrl = await uploadLogo(owner.token);
    const organization = await newOrganization(owner, { logoUrl });
    expect(organization.logoUrl).toBe(logoUrl);
    // Another upload by the same person removes uploads nothing shows: not the logo.
    await uploadLogo(owner.token);
    expect(await env.database.sql`select 1 from photo_uploads where photo_url = ${logoUrl}`).toHaveLength(1);
    // Nobody else may claim it, for an organization or a profile.
    const other = await person();
    const stolen = await call(env.app, "POST", "/api/organizations", {
      token: other.token,
      body: { name: "Copycat", kind: "ngo", country: "TH", logoUrl },
    });
    expect(stolen.status).toBe(400);
  });
});
