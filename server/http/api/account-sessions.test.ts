import { describe, expect, vi } from "vitest";
import { describeDevice, networkOf } from "#common/devices.ts";
import { hashPassword } from "#server/services/accounts/passwords.ts";
import { call } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// Issue 38 step 1: sessions you can see (ASVS 7.4.5, 7.5.2) and the idle and absolute timeouts
// (ASVS 7.3.1, 7.3.2), on the real app and database, with a fixed clock for the timeouts.

const it = apiTest();
const env = fileApi(it);

const PASSWORD = "kettle-harbour-59";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let counter = 0;
async function accountWithPassword(role: "user" | "admin" = "user") {
  counter += 1;
  const email = `sessions${counter}@example.org`;
  const [row] = await env.database.sql<{ id: number }[]>`
    insert into auth_users (email, name, hashed_password, role, is_email_verified)
    values (${email}, ${`Session Person ${counter}`}, ${await hashPassword(PASSWORD)}, ${role}, true) returning id`;
  return { id: row!.id, email };
}

async function signIn(email: string, userAgent: string, ip: string) {
  const response = await call(env.app, "POST", "/api/auth/login", {
    body: { email, password: PASSWORD },
    ip,
    headers: { "user-agent": userAgent },
  });
  expect(response.status, response.text).toBe(200);
  return response.json.sessionToken as string;
}

describe("the account's sessions", () => {
  it("lists each session with its device, network, first and last use, and marks this one", async () => {
    const { email } = await accountWithPassword();
    const laptop = await signIn(email, CHROME_WINDOWS, "203.0.113.7");
    await signIn(email, SAFARI_IPHONE, "2001:db8:85a3::8a2e:370:7334");
    const response = await call(env.app, "GET", "/api/account/sessions", { token: laptop });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const sessions = response.json.sessions as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => [session.device, session.network, session.isCurrent]).sort()).toEqual([
      ["Chrome on Windows", "203.0.113.x", true],
      ["Safari on iPhone", "2001:db8:85a3::/48", false],
    ]);
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(["createdAt", "device", "id", "isCurrent", "lastSeenAt", "network"]);
      expect(JSON.stringify(session)).not.toMatch(/203\.0\.113\.7|8a2e/);
    }
  });

  it("ends one session: its next request is 401, no browser stays trusted; another account's session is 'not found'", async () => {
    const { id, email } = await accountWithPassword();
    const first = await signIn(email, CHROME_WINDOWS, "203.0.113.8");
    const second = await signIn(email, SAFARI_IPHONE, "203.0.113.9");
    const list = await call(env.app, "GET", "/api/account/sessions", { token: first });
    const other = list.json.sessions.find((session: { isCurrent: boolean }) => !session.isCurrent);
    const stranger = await insertSignedInUser(env.database.db);
    const refused = await call(env.app, "DELETE", `/api/account/sessions/${other.id}`, { token: stranger.token });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe("Session not found");
    expect((await call(env.app, "GET", "/api/auth/me", { token: second })).status).toBe(200);
    await env.database
      .sql`insert into trusted_browsers (user_id, token_hash, expires_at) values (${id}, 'hash-of-the-lost-phone', now() + interval '30 days')`;
    const ended = await call(env.app, "DELETE", `/api/account/sessions/${other.id}`, { token: first });
    expect(ended.status).toBe(204);
    // The lost phone's saved password no longer signs in without the second step.
    const [trusted] = await env.database.sql`select count(*)::int as n from trusted_browsers where user_id = ${id}`;
    expect(trusted?.n).toBe(0);
    expect((await call(env.app, "GET", "/api/auth/me", { token: second })).status).toBe(401);
    expect((await call(env.app, "GET", "/api/auth/me", { token: first })).status).toBe(200);
    expect((await call(env.app, "DELETE", "/api/account/sessions/abc", { token: first })).status).toBe(404);
    expect((await call(env.app, "GET", "/api/account/sessions")).status).toBe(401);
  });

  it("ending this very session signs this browser out and clears its cookie, and keeps its trust as Sign out does", async () => {
    const { id, email } = await accountWithPassword();
    const token = await signIn(email, CHROME_WINDOWS, "203.0.113.10");
    const [mine] = (await call(env.app, "GET", "/api/account/sessions", { token })).json.sessions;
    await env.database
      .sql`insert into trusted_browsers (user_id, token_hash, expires_at) values (${id}, 'hash-of-this-browser', now() + interval '30 days')`;
    const response = await call(env.app, "DELETE", `/api/account/sessions/${mine.id}`, {
      cookie: `session=${token}`,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^session=; .*Max-Age=0/));
    expect((await call(env.app, "GET", "/api/auth/me", { token })).status).toBe(401);
    const [trusted] = await env.database.sql`select count(*)::int as n from trusted_browsers where user_id = ${id}`;
    expect(trusted?.n).toBe(1);
  });

  it("signs out everywhere else with ?others=1 and keeps this session; no browser stays trusted", async () => {
    const { id, email } = await accountWithPassword();
    const keep = await signIn(email, CHROME_WINDOWS, "203.0.113.11");
    const gone = [await signIn(email, SAFARI_IPHONE, "203.0.113.12"), await signIn(email, "curl/8.5.0", "203.0.113.13")];
    const refused = await call(env.app, "DELETE", "/api/account/sessions", { token: keep });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe("Say which sessions to end: others=1 ends every session but this one");
    await env.database
      .sql`insert into trusted_browsers (user_id, token_hash, expires_at) values (${id}, 'hash-of-a-lost-phone', now() + interval '30 days')`;
    const response = await call(env.app, "DELETE", "/api/account/sessions?others=1", { token: keep });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ ended: 2 });
    // A lost phone trusted for 30 days no longer skips the second step.
    const [trusted] = await env.database.sql`select count(*)::int as n from trusted_browsers where user_id = ${id}`;
    expect(trusted?.n).toBe(0);
    for (const token of gone) expect((await call(env.app, "GET", "/api/auth/me", { token })).status).toBe(401);
    expect((await call(env.app, "GET", "/api/auth/me", { token: keep })).status).toBe(200);
  });

  it("lets an admin end every session of a user, audited; others get 403", async () => {
    const { id, email } = await accountWithPassword();
    const tokens = [await signIn(email, CHROME_WINDOWS, "203.0.113.14"), await signIn(email, SAFARI_IPHONE, "203.0.113.15")];
    const admin = await insertSignedInUser(env.database.db, { role: "admin", name: "Admin Ana" });
    expect((await call(env.app, "DELETE", `/api/admin/users/${id}/sessions`, { token: tokens[0] })).status).toBe(403);
    expect((await call(env.app, "DELETE", `/api/admin/users/${id}/sessions`)).status).toBe(401);
    expect((await call(env.app, "DELETE", "/api/admin/users/999999/sessions", { token: admin.token })).status).toBe(404);
    await env.database
      .sql`insert into trusted_browsers (user_id, token_hash, expires_at) values (${id}, 'hash-of-a-stolen-laptop', now() + interval '30 days')`;
    const response = await call(env.app, "DELETE", `/api/admin/users/${id}/sessions`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: "2 sessions ended", ended: 2 });
    const [trusted] = await env.database.sql`select count(*)::int as n from trusted_browsers where user_id = ${id}`;
    expect(trusted?.n).toBe(0);
    for (const token of tokens) expect((await call(env.app, "GET", "/api/auth/me", { token })).status).toBe(401);
    const [entry] = await env.database.sql`
      select action, actor_name, target_type, target_id, changes from audit_log where action = 'end_sessions' and target_id = ${id}`;
    expect(entry).toMatchObject({
      action: "end_sessions",
      actor_name: "Admin Ana",
      target_type: "user",
      changes: { sessions: { from: 2, to: 0 } },
    });
    // An admin ending their own keeps the session they use.
    const own = await call(env.app, "DELETE", `/api/admin/users/${admin.id}/sessions`, { token: admin.token });
    expect(own.json.ended).toBe(0);
    expect((await call(env.app, "GET", "/api/auth/me", { token: admin.token })).status).toBe(200);
  });
});

describe("session timeouts (fixed clock)", () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;

  async function signInAt(moment: number, role: "user" | "admin") {
    vi.useFakeTimers({ toFake: ["Date"], now: moment });
    const { email } = await accountWithPassword(role);
    return signIn(email, CHROME_WINDOWS, "203.0.113.20");
  }
  const me = (token: string) => call(env.app, "GET", "/api/auth/me", { token });

  it("ends a user's session after 30 idle days, and renews it on use", async () => {
    const start = Date.now();
    const token = await signInAt(start, "user");
    vi.setSystemTime(start + 29 * DAY);
    expect((await me(token)).status).toBe(200);
    vi.setSystemTime(start + 58 * DAY);
    expect((await me(token)).status).toBe(200);
    vi.setSystemTime(start + 88 * DAY + HOUR);
    expect((await me(token)).status).toBe(401);
  });

  it("ends a user's session 90 days after it began however often it is used", async () => {
    const start = Date.now();
    const token = await signInAt(start, "user");
    for (let day = 20; day < 90; day += 20) {
      vi.setSystemTime(start + day * DAY);
      expect((await me(token)).status).toBe(200);
    }
    vi.setSystemTime(start + 89 * DAY);
    expect((await me(token)).status).toBe(200);
    vi.setSystemTime(start + 90 * DAY + 1000);
    expect((await me(token)).status).toBe(401);
  });

  it("ends an admin's session after 12 idle hours and 7 days in all", async () => {
    const start = Date.now();
    const idle = await signInAt(start, "admin");
    vi.setSystemTime(start + 11 * HOUR);
    expect((await me(idle)).status).toBe(200);
    vi.setSystemTime(start + 23 * HOUR + 30 * 60 * 1000);
    expect((await me(idle)).status).toBe(401);

    vi.setSystemTime(start);
    const busy = await signInAt(start, "admin");
    for (let hour = 10; hour < 7 * 24; hour += 10) {
      vi.setSystemTime(start + hour * HOUR);
      expect((await me(busy)).status, `hour ${hour}`).toBe(200);
    }
    vi.setSystemTime(start + 7 * DAY + 1000);
    expect((await me(busy)).status).toBe(401);
  });

  it("puts a user promoted to admin under the admin's idle timeout at once", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const { id, email } = await accountWithPassword("user");
    const token = await signIn(email, CHROME_WINDOWS, "203.0.113.21");
    await env.database.sql`update auth_users set role = 'admin' where id = ${id}`;
    vi.setSystemTime(start + 13 * HOUR);
    expect((await me(token)).status).toBe(401);
  });

  it("lists only the sessions that would still sign in: none left idle past the role's timeout", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const { id, email } = await accountWithPassword("user");
    await signIn(email, CHROME_WINDOWS, "203.0.113.22");
    await signIn(email, SAFARI_IPHONE, "203.0.113.23");
    // Made an admin by SQL (the app's promotion ends the sessions): the two are idle past 12 hours, unused since.
    await env.database.sql`update auth_users set role = 'admin' where id = ${id}`;
    vi.setSystemTime(start + 13 * HOUR);
    const fresh = await signIn(email, CHROME_WINDOWS, "203.0.113.24");
    const response = await call(env.app, "GET", "/api/account/sessions", { token: fresh });
    expect(response.status).toBe(200);
    expect(response.json.sessions.map((session: { isCurrent: boolean }) => session.isCurrent)).toEqual([true]);
  });
});

describe("describing a device", () => {
  it("names the browser and the system, and the network of an address", () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe("Chrome on Windows");
    expect(describeDevice(SAFARI_IPHONE)).toBe("Safari on iPhone");
    expect(describeDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox on Mac",
    );
    expect(
      describeDevice(
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0",
      ),
    ).toBe("Edge on Android");
    expect(describeDevice(null)).toBe("Unknown device");
    expect(networkOf("::ffff:192.0.2.33")).toBe("192.0.2.x");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("cli")).toBeNull();
    expect(networkOf("not an address")).toBeNull();
  });
});
