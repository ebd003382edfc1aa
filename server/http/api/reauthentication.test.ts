import * as OTPAuth from "otpauth";
import { describe, expect, vi } from "vitest";
import { REAUTH_MESSAGES } from "#common/reauthentication.ts";
import { hashPassword } from "#server/services/accounts/passwords.ts";
import { call, cookieFrom } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { guessedAt } from "../../../tests/setup/users.ts";

// Issue 38, re-authentication ("sudo mode"): every sensitive change answers 403
// { message, reauthenticate: true } when the session's last password or second factor is older
// than REAUTHENTICATE_MINUTES (10 here, the default), passes after POST /api/auth/reauthenticate
// for the next 10 minutes, and is refused again after them. The clock is fixed (the app compares
// times in the application); the database, the limiter and the app are real.

const SECRETS_KEY = "test-secrets-key-0123456789abcdefghijklmnop";
const PASSWORD = "lantern-orchid-73";
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 27, 8, 0, 0);

// Plain admins (no second factor): sudo mode is tested here, ENFORCE_SECOND_FACTOR in second-factor-enforcement.test.ts.
const it = apiTest({ SECRETS_KEY, ENFORCE_SECOND_FACTOR: "none" });
const env = fileApi(it);

let counter = 0;
type Person = { id: number; email: string; ip: string; token: string };

/** An account with a known password, signed in through the API now (the fixed clock's now). */
async function signedInPerson(role: "user" | "admin" = "user"): Promise<Person> {
  counter += 1;
  const email = `sudo${counter}.${Date.now()}@example.org`;
  const ip = `203.0.113.${counter}`;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into auth_users (email, name, hashed_password, is_email_verified, role)
    values (${email}, ${`Sudo Person ${counter}`}, ${await hashPassword(PASSWORD)}, true, ${role}) returning id`;
  const login = await call(env.app, "POST", "/api/auth/login", { body: { email, password: PASSWORD }, ip });
  expect(login.status, login.text).toBe(200);
  return { id: row!.id, email, ip, token: login.json.sessionToken as string };
}

async function plainUser(name = "Plain") {
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into auth_users (email, name, hashed_password)
    values (${`${name.toLowerCase()}${++counter}@example.org`}, ${name}, 'not-a-hash') returning id`;
  return row!.id;
}

async function consultantOf(userId: number) {
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status)
    values (${userId}, 'Dara Keo', 'Evaluator', ${`dara${++counter}@example.org`}, 'Phnom Penh, Cambodia', 'Cambodia', 8,
            'Monitoring & Evaluation', 'Eight years of evaluations for donor programmes.', 'approved')
    returning id`;
  return row!.id;
}

async function organization(ownerId: number, verified = true) {
  const slug = `sudo-org-${++counter}`;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into organizations (slug, name, kind, country, verified_at, verification_method, created_by)
    values (${slug}, ${`Mekong Partners ${counter}`}, 'ngo', 'KH', ${verified ? new Date(T0).toISOString() : null}, ${verified ? "admin" : null}, ${ownerId})
    returning id`;
  await env.database
    .sql`insert into organization_members (organization_id, user_id, role) values (${row!.id}, ${ownerId}, 'owner')`;
  return row!.id;
}

async function report(values: { senderUserId?: number; organizationId?: number }) {
  const reporter = await plainUser("Reporter");
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into conversation_reports (reporter_id, sender_user_id, organization_id, sender_name, subject, reason)
    values (${reporter}, ${values.senderUserId ?? null}, ${values.organizationId ?? null}, 'Quick Riches', 'Opportunity', 'Asks for bank details.')
    returning id`;
  return row!.id;
}

const at = (minutes: number) => vi.setSystemTime(T0 + minutes * MINUTE);

function reauthenticate(person: Person, body: Record<string, unknown>, ip = person.ip) {
  return call(env.app, "POST", "/api/auth/reauthenticate", { token: person.token, body, ip });
}

type Privileged = {
  name: string;
  role: "user" | "admin";
  /** Sets up what the call acts on (a fresh target each time); answers the call. */
  prepare: (person: Person) => Promise<() => ReturnType<typeof call>>;
  /** The change did not happen (checked after each refusal). */
  unchanged?: (person: Person) => Promise<void>;
  status?: number;
};

const roleOf = async (id: number) =>
  (await env.database.sql<{ role: string }[]>`select role from auth_users where id = ${id}`)[0]?.role;

/** Each person's target of the privileged call: the row its set-up made (a user, a profile, …). */
const targets = new Map<number, number>();

/** The person's `method` on `path`, after `setUp` (when given) made what it acts on. */
const calls =
  (method: string, path: string, setUp?: (person: Person) => Promise<unknown>) =>
  async (person: Person): Promise<() => ReturnType<typeof call>> => {
    await setUp?.(person);
    return () => call(env.app, method, path, { token: person.token });
  };

/** Makes the person's target (`make` answers its id, kept in `targets`), then `method` on its `path`, with `body`. */
const onTarget =
  (make: (person: Person) => Promise<number>, method: string, path: (id: number) => string, body?: Record<string, unknown>) =>
  async (person: Person): Promise<() => ReturnType<typeof call>> => {
    const id = await make(person);
    targets.set(person.id, id);
    return () => call(env.app, method, path(id), { token: person.token, ...(body ? { body } : {}) });
  };

/** After a refusal, `table` still holds `count` rows of the person (`user_id`), or of its target (`id`). */
const keepsRows = (table: string, of: "person" | "target", count: number) => async (person: Person) => {
  const { sql } = env.database;
  const [column, id] = of === "person" ? ["user_id", person.id] : ["id", targets.get(person.id)!];
  expect(await sql`select 1 from ${sql(table)} where ${sql(column)} = ${id}`).toHaveLength(count);
};

/** `column` of the person's target row in `table`. */
async function targetValue(table: string, column: string, person: Person) {
  const { sql } = env.database;
  const [row] = await sql<
    { value: unknown }[]
  >`select ${sql(column)} as value from ${sql(table)} where id = ${targets.get(person.id)!}`;
  return row!.value;
}

/**
 * `PUT /api/admin/users/{id}/<action>` by a site admin on a plain account of its own, made an admin
 * or blocked first as the action needs.
 */
function onUser(action: "promote" | "demote" | "block" | "unblock"): Pick<Privileged, "name" | "role" | "prepare"> {
  const make = async () => {
    const target = await plainUser();
    if (action === "demote") await env.database.sql`update auth_users set role = 'admin' where id = ${target}`;
    if (action === "unblock") await env.database.sql`update auth_users set blocked_at = now() where id = ${target}`;
    return target;
  };
  return {
    name: `PUT /api/admin/users/{id}/${action}`,
    role: "admin",
    prepare: onTarget(make, "PUT", (id) => `/api/admin/users/${id}/${action}`),
  };
}

const PRIVILEGED: Privileged[] = [
  {
    name: "PUT /api/auth/profile (a new e-mail address)",
    role: "user",
    prepare: async (person) => {
      const email = `new${++counter}@example.org`;
      return () => call(env.app, "PUT", "/api/auth/profile", { token: person.token, body: { name: "Sudo Person", email } });
    },
    unchanged: async (person) => {
      const [row] = await env.database.sql<{ email: string }[]>`select email from auth_users where id = ${person.id}`;
      expect(row!.email).toBe(person.email);
    },
  },
  {
    name: "POST /api/account/mfa/totp (start setting up an app)",
    role: "user",
    prepare: calls("POST", "/api/account/mfa/totp"),
    unchanged: keepsRows("user_totp", "person", 0),
  },
  {
    name: "DELETE /api/account/mfa/totp (turn the app off)",
    role: "user",
    prepare: calls("DELETE", "/api/account/mfa/totp", enrol),
    unchanged: keepsRows("user_totp", "person", 1),
    status: 204,
  },
  {
    name: "POST /api/account/mfa/recovery-codes (a new set)",
    role: "user",
    prepare: calls("POST", "/api/account/mfa/recovery-codes", async (person) => {
      const enrolled = await env.database.sql`select 1 from user_totp where user_id = ${person.id} and confirmed_at is not null`;
      if (enrolled.length === 0) await enrol(person);
    }),
  },
  {
    name: "POST /api/account/passkeys/options (add a passkey)",
    role: "user",
    prepare: calls("POST", "/api/account/passkeys/options"),
    unchanged: keepsRows("passkey_challenges", "person", 0),
  },
  {
    name: "DELETE /api/account/passkeys/{id} (remove a passkey)",
    role: "user",
    prepare: onTarget(
      async (person) => {
        // A passkey as registration leaves it (tests/e2e/passkeys.test.ts registers real ones).
        const [row] = await env.database.sql<{ id: number }[]>`
          insert into passkeys (user_id, credential_id, public_key, counter, transports, name)
          values (${person.id}, ${`credential-${++counter}`}, 'cHVibGljLWtleQ', 0, '{internal}', 'Phone') returning id`;
        return row!.id;
      },
      "DELETE",
      (id) => `/api/account/passkeys/${id}`,
    ),
    unchanged: keepsRows("passkeys", "target", 1),
    status: 204,
  },
  { ...onUser("promote"), unchanged: async (admin) => expect(await roleOf(targets.get(admin.id)!)).toBe("user") },
  { ...onUser("demote"), unchanged: async (admin) => expect(await roleOf(targets.get(admin.id)!)).toBe("admin") },
  { ...onUser("block"), unchanged: async (admin) => expect(await targetValue("auth_users", "blocked_at", admin)).toBeNull() },
  onUser("unblock"),
  {
    name: "DELETE /api/admin/consultants/{id}",
    role: "admin",
    prepare: onTarget(
      async () => consultantOf(await plainUser()),
      "DELETE",
      (id) => `/api/admin/consultants/${id}`,
    ),
    unchanged: keepsRows("consultants", "target", 1),
  },
  {
    name: "DELETE /api/organizations/{id}/verify (unverify, by a site admin)",
    role: "admin",
    prepare: onTarget(
      async () => organization(await plainUser()),
      "DELETE",
      (id) => `/api/organizations/${id}/verify`,
    ),
    unchanged: async (admin) => expect(await targetValue("organizations", "verified_at", admin)).not.toBeNull(),
  },
  {
    name: "DELETE /api/organizations/{id} (by its owner)",
    role: "user",
    prepare: onTarget(
      (owner) => organization(owner.id, false),
      "DELETE",
      (id) => `/api/organizations/${id}`,
    ),
    unchanged: keepsRows("organizations", "target", 1),
  },
  {
    name: "PUT /api/admin/reports/{id} { action: block }",
    role: "admin",
    prepare: onTarget(
      async () => report({ senderUserId: await plainUser("Spammer") }),
      "PUT",
      (id) => `/api/admin/reports/${id}`,
      {
        action: "block",
      },
    ),
    unchanged: async (admin) => expect(await targetValue("conversation_reports", "status", admin)).toBe("open"),
  },
  {
    name: "PUT /api/admin/reports/{id} { action: unverify }",
    role: "admin",
    prepare: onTarget(
      async () => report({ organizationId: await organization(await plainUser()) }),
      "PUT",
      (id) => `/api/admin/reports/${id}`,
      { action: "unverify" },
    ),
  },
];

function codeAt(secret: string, timestamp: number) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp,
  });
}

/** Turns the authenticator app on (just after sign-in, so the session is recent). */
async function enrol(person: Person) {
  const started = await call(env.app, "POST", "/api/account/mfa/totp", { token: person.token });
  expect(started.status, started.text).toBe(200);
  const confirmed = await call(env.app, "POST", "/api/account/mfa/totp/confirm", {
    token: person.token,
    body: { code: codeAt(started.json.secret, Date.now()) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret: started.json.secret as string, recoveryCodes: confirmed.json.recoveryCodes as string[] };
}

describe("sudo mode on each privileged endpoint", () => {
  for (const endpoint of PRIVILEGED) {
    it(`${endpoint.name}: 403 after 10 minutes, done after the password, 403 again 10 minutes later`, async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: T0 });
      const person = await signedInPerson(endpoint.role);
      const request = await endpoint.prepare(person);

      at(10.5);
      const refused = await request();
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json).toEqual({ message: REAUTH_MESSAGES.required, reauthenticate: true });
      await endpoint.unchanged?.(person);

      at(11);
      expect((await reauthenticate(person, { password: PASSWORD })).status).toBe(204);
      at(20.5);
      const done = await request();
      expect(done.status, done.text).toBe(endpoint.status ?? 200);

      // Ten minutes after the re-authentication, the next sensitive change asks again.
      const next = await endpoint.prepare(person);
      at(21.5);
      const again = await next();
      expect(again.status, again.text).toBe(403);
      expect(again.json.reauthenticate).toBe(true);
    });
  }

  it("counts a sign-in as recent for exactly REAUTHENTICATE_MINUTES (promote at 9:59 passes, at 10:01 not)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const admin = await signedInPerson("admin");
    const [first, second] = [await plainUser(), await plainUser()];
    at(9 + 59 / 60);
    expect((await call(env.app, "PUT", `/api/admin/users/${first}/promote`, { token: admin.token })).status).toBe(200);
    at(10 + 1 / 60);
    expect((await call(env.app, "PUT", `/api/admin/users/${second}/promote`, { token: admin.token })).status).toBe(403);
    expect(await roleOf(second)).toBe("user");
  });

  it("asks a non-admin for nothing but the role: 403 without reauthenticate, even when recent", async () => {
    const user = await signedInPerson("user");
    const target = await plainUser();
    const response = await call(env.app, "PUT", `/api/admin/users/${target}/promote`, { token: user.token });
    expect(response.status).toBe(403);
    expect(response.json.reauthenticate).toBeUndefined();
  });

  it("leaves what is not sensitive alone: a name change, the password change (it asks the current password itself)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const person = await signedInPerson("user");
    at(60);
    const renamed = await call(env.app, "PUT", "/api/auth/profile", {
      token: person.token,
      body: { name: "Renamed Person", email: person.email },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const changed = await call(env.app, "PUT", "/api/auth/password", {
      token: person.token,
      body: { currentPassword: PASSWORD, newPassword: "another-lantern-88" },
    });
    expect(changed.status, changed.text).toBe(200);
  });

  it("counts the second step of a sign-in as the session's authentication", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const person = await signedInPerson("user");
    const { secret } = await enrol(person);
    at(30);
    const password = await call(env.app, "POST", "/api/auth/login", {
      body: { email: person.email, password: PASSWORD },
      ip: person.ip,
    });
    expect(password.json.mfaRequired).toBe(true);
    const second = await call(env.app, "POST", "/api/auth/login/mfa", {
      body: { challenge: password.json.challenge, code: codeAt(secret, Date.now()) },
      ip: person.ip,
    });
    expect(second.status, second.text).toBe(200);
    at(35);
    const codes = await call(env.app, "POST", "/api/account/mfa/recovery-codes", { token: second.json.sessionToken });
    expect(codes.status, codes.text).toBe(200);
    // The older session of the same account is not made recent by the new one.
    expect((await call(env.app, "POST", "/api/account/mfa/recovery-codes", { token: person.token })).status).toBe(403);
  });
});

describe("POST /api/auth/reauthenticate", () => {
  it("takes the password (204) and refuses a wrong one (400, field error), a visitor (401) and odd bodies (400)", async () => {
    const person = await signedInPerson();
    const wrong = await reauthenticate(person, { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: REAUTH_MESSAGES.wrongPassword, errors: [{ path: "password" }] });
    expect((await reauthenticate(person, { password: PASSWORD })).status).toBe(204);
    expect((await call(env.app, "POST", "/api/auth/reauthenticate", { body: { password: PASSWORD } })).status).toBe(401);
    for (const body of [{}, { password: "" }, { password: PASSWORD, code: "123456" }, { code: "12" }, { password: 5 }]) {
      const response = await reauthenticate(person, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("gives a browser's session a new token and ends the old one (ASVS 7.2.4); a Bearer client keeps its own", async () => {
    const person = await signedInPerson();
    const me = (cookie?: string, token?: string) => call(env.app, "GET", "/api/auth/me", { cookie, token, ip: person.ip });
    const done = await call(env.app, "POST", "/api/auth/reauthenticate", {
      cookie: `session=${person.token}`,
      body: { password: PASSWORD },
      ip: person.ip,
    });
    expect(done.status).toBe(204);
    const renewed = cookieFrom(done.headers);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(`session=${person.token}`);
    expect((await me(`session=${person.token}`)).status).toBe(401);
    expect((await me(renewed)).status).toBe(200);
    // Recent, under the new token: a sensitive change passes without asking again.
    const [session] = await env.database.sql<{ recent: boolean }[]>`
      select authenticated_at > now() - interval '1 minute' as recent from auth_sessions where user_id = ${person.id}`;
    expect(session?.recent).toBe(true);

    const client = await signedInPerson();
    const bearer = await reauthenticate(client, { password: PASSWORD });
    expect(bearer.status).toBe(204);
    expect(cookieFrom(bearer.headers)).toBeUndefined();
    expect((await me(undefined, client.token)).status).toBe(200);
  });

  it("takes a code of the authenticator app once (a replay fails) and a recovery code once", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const person = await signedInPerson();
    const { secret, recoveryCodes } = await enrol(person);
    at(15);
    const code = codeAt(secret, Date.now());
    expect((await reauthenticate(person, { code })).status).toBe(204);
    expect(await call(env.app, "DELETE", "/api/account/mfa/totp", { token: person.token })).toMatchObject({ status: 204 });
    // The app is off now; a fresh one for the rest.
    const again = await enrol(person);
    at(40);
    const fresh = codeAt(again.secret, Date.now());
    expect((await reauthenticate(person, { code: fresh })).status).toBe(204);
    const replay = await reauthenticate(person, { code: fresh });
    expect(replay.status).toBe(400);
    // Right but used: the person is told to wait for the next code, not that it is wrong.
    expect(replay.json).toMatchObject({
      message:
        "That code was already used. Wait for the next code in your authenticator app (a new one every 30 seconds) and enter it.",
      errors: [{ path: "code", message: REAUTH_MESSAGES.codeUsed }],
    });
    const recovery = again.recoveryCodes[0]!;
    expect((await reauthenticate(person, { code: recovery })).status).toBe(204);
    expect((await reauthenticate(person, { code: recovery })).status).toBe(400);
    expect(recoveryCodes).toHaveLength(10);
  });

  it("limits wrong passwords with the sign-in's limiter: the 11th try from one address is 429, even when right", async () => {
    const person = await signedInPerson();
    for (let i = 0; i < 10; i++) expect((await reauthenticate(person, { password: `wrong-${i}` })).status).toBe(400);
    const limited = await reauthenticate(person, { password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe(REAUTH_MESSAGES.tooMany);
    // The sign-in counts the same tries: a guesser gains nothing by switching doors.
    const login = await call(env.app, "POST", "/api/auth/login", {
      body: { email: person.email, password: PASSWORD },
      ip: person.ip,
    });
    expect(login.status).toBe(429);
    // Another address still gets in, and its right answer resets the account's count.
    expect((await reauthenticate(person, { password: PASSWORD }, "192.0.2.77")).status).toBe(204);
  });

  // Issue 35, item 4: an owner under a flood of guesses who has got in from their own browser
  // must be able to prove themselves there too (to add a second factor, say), not wait minutes.
  it("takes the password from the owner's own browser while the account is flooded; another browser waits", async () => {
    const person = await signedInPerson();
    const login = await call(env.app, "POST", "/api/auth/login", {
      body: { email: person.email, password: PASSWORD },
      ip: person.ip,
    });
    const ownBrowser = cookieFrom(login.headers, "device");
    expect(ownBrowser).toMatch(/^device=/);
    await guessedAt(env.database.sql, person.email);
    const elsewhere = await reauthenticate(person, { password: PASSWORD });
    expect(elsewhere.status).toBe(429);
    const own = await call(env.app, "POST", "/api/auth/reauthenticate", {
      token: person.token,
      cookie: ownBrowser,
      body: { password: PASSWORD },
      ip: person.ip,
    });
    expect(own.status, own.text).toBe(204);
  });

  it("limits wrong codes with the second step's limiter: the 11th try is 429", async () => {
    const person = await signedInPerson();
    await enrol(person);
    for (let i = 0; i < 10; i++) expect((await reauthenticate(person, { code: "000000" })).status).toBe(400);
    const limited = await reauthenticate(person, { code: "000000" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
