import { describe, expect, vi } from "vitest";
import { ACCOUNT_DELETION_MESSAGES } from "#common/auth.ts";
import { REAUTH_MESSAGES } from "#common/reauthentication.ts";
import { call, cookieFrom } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";

// Issue 38: deleting one's own account (DELETE /api/account), a sudo-mode action. What goes (the
// account, its profile with the messages sent to it, its sessions), what stays (the messages it
// sent, without the link), the audit entry and the last e-mail; refused while it is the last admin
// or an organization's only owner.

const PASSWORD = "harbour-lantern-58";
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 28, 8, 0, 0);
const PHOTO = "/uploads/photos/AAAAAAAAAAAAAAAAAAAAAAAA-400.webp";

const it = apiTest();
const env = fileApi(it);

let counter = 0;
type Person = { id: number; email: string; token: string; ip: string };

/** An account registered through the API now (its sign-in is recent). */
async function registered(): Promise<Person> {
  counter += 1;
  const email = `leaving${counter}@example.org`;
  const ip = `203.0.113.${counter}`;
  const response = await call(env.app, "POST", "/api/auth/register", {
    body: { name: `Leaving Person ${counter}`, email, password: PASSWORD },
    ip,
  });
  expect(response.status, response.text).toBe(201);
  return { id: response.json.user.id as number, email, token: response.json.sessionToken as string, ip };
}

async function profileOf(userId: number | null, photo: string | null = null) {
  counter += 1;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status, profile_photo_url)
    values (${userId}, ${`Dara Keo ${counter}`}, 'Evaluator', ${`dara${counter}@example.org`}, 'Phnom Penh, Cambodia', 'Cambodia', 8,
            'Monitoring & Evaluation', 'Eight years of evaluations for donor programmes.', 'approved', ${photo})
    returning id`;
  return row!.id;
}

async function message(consultantId: number, senderUserId: number | null) {
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into messages (consultant_id, sender_user_id, sender_name, sender_email, subject, message)
    values (${consultantId}, ${senderUserId}, 'Mekong Partners', 'team@mekong.example.org', 'An evaluation', 'Would you lead our mid-term review?')
    returning id`;
  return row!.id;
}

async function organizationOwnedBy(ownerId: number, others: { userId: number; role: string }[] = []) {
  counter += 1;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into organizations (slug, name, kind, country, created_by)
    values (${`leaving-org-${counter}`}, ${`Delta Works ${counter}`}, 'ngo', 'KH', ${ownerId}) returning id`;
  for (const member of [{ userId: ownerId, role: "owner" }, ...others]) {
    await env.database.sql`
      insert into organization_members (organization_id, user_id, role) values (${row!.id}, ${member.userId}, ${member.role})`;
  }
  return row!.id;
}

const deleteAccount = (person: Person) => call(env.app, "DELETE", "/api/account", { token: person.token, ip: person.ip });
const exists = async (id: number) =>
  (await env.database.sql<{ n: number }[]>`select count(*)::int as n from auth_users where id = ${id}`)[0]!.n === 1;

describe("DELETE /api/account", () => {
  it("deletes the account, its profile and the messages sent to it; what it sent stays, unlinked", async () => {
    const person = await registered();
    const second = await call(env.app, "POST", "/api/auth/login", {
      body: { email: person.email, password: PASSWORD },
      ip: person.ip,
    });
    expect(second.status, second.text).toBe(200);
    const profile = await profileOf(person.id, PHOTO);
    await env.database.sql`insert into photo_uploads (photo_url, user_id) values (${PHOTO}, ${person.id})`;
    const received = await message(profile, null);
    const elsewhere = await profileOf(null);
    const sent = await message(elsewhere, person.id);

    const response = await deleteAccount(person);
    expect(response.status, response.text).toBe(204);
    // This browser is signed out; every other session ended with the account.
    expect(cookieFrom(response.headers)).toBe("session=");
    expect((await call(env.app, "GET", "/api/auth/me", { token: person.token })).status).toBe(401);
    expect((await call(env.app, "GET", "/api/auth/me", { token: second.json.sessionToken })).status).toBe(401);

    expect(await exists(person.id)).toBe(false);
    const [left] = await env.database.sql<{ profiles: number; received: number; sent: { sender_user_id: number | null }[] }[]>`
      select (select count(*)::int from consultants where id = ${profile}) as profiles,
             (select count(*)::int from messages where id = ${received}) as received,
             (select json_agg(json_build_object('sender_user_id', sender_user_id)) from messages where id = ${sent}) as sent`;
    expect(left).toEqual({ profiles: 0, received: 0, sent: [{ sender_user_id: null }] });

    // Audited with the person as actor (their name and address copied in), and e-mailed once more.
    const [audit] = await env.database.sql`
      select actor_id, actor_email, action, target_type, target_id, changes from audit_log
      where target_type = 'user' and target_id = ${person.id} and action = 'delete'`;
    expect(audit).toMatchObject({
      actor_id: null,
      actor_email: person.email,
      changes: { email: { from: person.email, to: null }, profile: { from: profile, to: null }, messages: { from: 1, to: 0 } },
    });
    const [mail] = await env.database.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job
      where name = 'mail' and data->>'to' = ${person.email} and data->>'subject' like '%account was deleted'`;
    expect(mail!.n).toBe(1);
    // The photo's files go by the clean-up job queued in the same transaction.
    const [cleanup] = await env.database.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name = 'photo-cleanup' and data->'photoUrls' ? ${PHOTO}`;
    expect(cleanup!.n).toBe(1);

    // The password no longer signs in; the address may register again.
    const login = await call(env.app, "POST", "/api/auth/login", { body: { email: person.email, password: PASSWORD } });
    expect(login.status).toBe(401);
    const again = await call(env.app, "POST", "/api/auth/register", {
      body: { name: "Back Again", email: person.email, password: PASSWORD },
      ip: "198.51.100.200",
    });
    expect(again.status, again.text).toBe(201);
  });

  it("leaves the consultant its conversation with the deleted account: read, answered, reported", async () => {
    const consultant = await registered();
    const profile = await profileOf(consultant.id);
    const leaving = await registered();
    const messageId = await message(profile, leaving.id);
    expect((await deleteAccount(leaving)).status).toBe(204);

    const as = { token: consultant.token, ip: consultant.ip };
    const list = await call(env.app, "GET", "/api/conversations?box=received", as);
    expect(list.status, list.text).toBe(200);
    const [conversation] = await env.database.sql<{ id: number; sender_user_id: number | null }[]>`
      select id, sender_user_id from conversations where consultant_id = ${profile}`;
    expect(conversation?.sender_user_id).toBeNull();
    const opened = await call(env.app, "GET", `/api/conversations/${conversation?.id}`, as);
    expect(opened.status, opened.text).toBe(200);
    const answered = await call(env.app, "POST", `/api/conversations/${conversation?.id}/messages`, {
      ...as,
      body: { message: "Thank you, I am available from March." },
    });
    expect(answered.status, answered.text).toBe(201);
    // The message keeps the name and address it was sent under: the answer can still be e-mailed.
    const [kept] = await env.database.sql`select sender_name, sender_email from messages where id = ${messageId}`;
    expect(kept).toEqual({ sender_name: "Mekong Partners", sender_email: "team@mekong.example.org" });
    const reported = await call(env.app, "POST", `/api/conversations/${conversation?.id}/report`, {
      ...as,
      body: { reason: "Asks for bank details." },
    });
    expect(reported.status, reported.text).toBe(201);
  });

  it("asks for a recent sign-in: 403 reauthenticate after 10 minutes, deleted after the password", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    try {
      const person = await registered();
      vi.setSystemTime(T0 + 10.5 * MINUTE);
      const refused = await deleteAccount(person);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json).toEqual({ message: REAUTH_MESSAGES.required, reauthenticate: true });
      expect(await exists(person.id)).toBe(true);
      const proof = await call(env.app, "POST", "/api/auth/reauthenticate", {
        token: person.token,
        body: { password: PASSWORD },
        ip: person.ip,
      });
      expect(proof.status, proof.text).toBe(204);
      expect((await deleteAccount(person)).status).toBe(204);
      expect(await exists(person.id)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses an organization's only owner (409) until another member is an owner; the organization stays", async () => {
    const person = await registered();
    const colleague = await registered();
    const shared = await organizationOwnedBy(person.id, [{ userId: colleague.id, role: "member" }]);
    const refused = await deleteAccount(person);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toEqual({ message: ACCOUNT_DELETION_MESSAGES.lastOwner });
    expect(await exists(person.id)).toBe(true);

    // Alone in an organization is refused too: deleting it is the owner's own, separate decision.
    const other = await registered();
    await organizationOwnedBy(other.id);
    expect((await deleteAccount(other)).status).toBe(409);

    await env.database
      .sql`update organization_members set role = 'owner' where organization_id = ${shared} and user_id = ${colleague.id}`;
    expect((await deleteAccount(person)).status).toBe(204);
    const members = await env.database.sql`select user_id, role from organization_members where organization_id = ${shared}`;
    expect(members).toEqual([{ user_id: colleague.id, role: "owner" }]);
  });

  it("refuses the last admin (409) and lets an admin go when another remains", async () => {
    const person = await registered();
    await env.database.sql`update auth_users set role = 'user' where role = 'admin'`;
    await env.database.sql`update auth_users set role = 'admin' where id = ${person.id}`;
    const refused = await deleteAccount(person);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toEqual({ message: ACCOUNT_DELETION_MESSAGES.lastAdmin });

    const colleague = await registered();
    await env.database.sql`update auth_users set role = 'admin' where id = ${colleague.id}`;
    expect((await deleteAccount(person)).status).toBe(204);
    expect(await exists(colleague.id)).toBe(true);
  });

  it("lets only one of the last two admins go when both delete themselves at the same moment", async () => {
    const [first, second] = [await registered(), await registered()];
    await env.database.sql`update auth_users set role = 'user' where role = 'admin'`;
    await env.database.sql`update auth_users set role = 'admin' where id in ${env.database.sql([first.id, second.id])}`;
    // Each counts the admins under lockAdmins' lock (8e14ca6): the second waits for the first, then counts one.
    const statuses = (await Promise.all([deleteAccount(first), deleteAccount(second)])).map((response) => response.status);
    expect(statuses.sort()).toEqual([204, 409]);
    const [left] = await env.database.sql<{ n: number }[]>`select count(*)::int as n from auth_users where role = 'admin'`;
    expect(left?.n).toBe(1);
  });

  it("asks a visitor to sign in", async () => {
    expect((await call(env.app, "DELETE", "/api/account")).status).toBe(401);
  });
});
