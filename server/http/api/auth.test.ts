import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { AUTH_LIMITS, RATE_LIMIT_MESSAGES } from "#server/services/accounts/limits.ts";
import { hashPassword, verifyPassword } from "#server/services/accounts/passwords.ts";
import { DUMMY_HASH } from "#server/services/accounts/registration.ts";
import { purgeExpired } from "#server/services/maintenance.ts";
import { call, cookieFrom } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { guessedAt, loginAccountKey } from "../../../tests/setup/users.ts";

const it = apiTest();

let counter = 0;
/** A fresh address and network per test, so neither accounts nor rate limits collide. */
function fresh() {
  counter += 1;
  return { email: `person${counter}@example.org`, ip: `198.51.100.${counter}` };
}

const USER_KEYS = ["createdAt", "email", "id", "isEmailVerified", "name", "role"];

describe("POST /api/auth/register", () => {
  it("creates the account, answers { sessionToken, user } and sets an httpOnly SameSite=Lax cookie", async ({ register }) => {
    const { json, headers, token } = await register({ email: "  Mai.Tran@Example.ORG ", name: "  Mai Tran " });
    expect(Object.keys(json).sort()).toEqual(["sessionToken", "user"]);
    expect(Object.keys(json.user).sort()).toEqual(USER_KEYS);
    expect(json.user).toMatchObject({ name: "Mai Tran", email: "mai.tran@example.org", role: "user", isEmailVerified: false });
    expect(token).toMatch(/^[\w-]{43}$/);
    const cookie = headers.getSetCookie().find((value) => value.startsWith("session="));
    expect(cookie).toContain(`session=${token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=259\d{4}(;|$)/); // 30 days, give or take the request
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("stores only the SHA-256 of the session token and an argon2id hash of the password", async ({ api, register }) => {
    const { json, token, body } = await register();
    const [session] = await api.database.sql`select session_token from auth_sessions where user_id = ${json.user.id}`;
    expect(session?.session_token).toBe(createHash("sha256").update(token).digest("hex"));
    const [user] = await api.database.sql`select hashed_password from auth_users where id = ${json.user.id}`;
    expect(user?.hashed_password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(body.password, user?.hashed_password)).toBe(true);
    expect(JSON.stringify(json)).not.toContain(user?.hashed_password);
  });

  it("answers 400 with the spec's messages, word for word, for each bad field", async ({ api }) => {
    const response = await call(api.app, "POST", "/api/auth/register", {
      body: { email: "not-an-email", password: "12345", name: "" },
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { path: "email", message: "Valid email address is required" },
      { path: "password", message: "Password must be at least 6 characters long" },
      { path: "name", message: "Name is required" },
    ]);
    expect(response.json.message).toBe("Valid email address is required");
    const missing = await call(api.app, "POST", "/api/auth/register", { body: {} });
    expect(missing.json.errors.map((error: { message: string }) => error.message)).toEqual([
      "Valid email address is required",
      "Password must be at least 6 characters long",
      "Name is required",
    ]);
    const blankName = await call(api.app, "POST", "/api/auth/register", {
      body: { email: "x@example.org", password: "kettle-harbour-59", name: "   " },
    });
    expect(blankName.json).toEqual({ message: "Name is required", errors: [{ path: "name", message: "Name is required" }] });
  });

  it("refuses a password that is easy to guess, saying why and how to choose a better one", async ({ api }) => {
    for (const password of ["password123", "qwerty123"]) {
      const response = await call(api.app, "POST", "/api/auth/register", {
        body: { email: fresh().email, password, name: "Lan" },
        ip: fresh().ip,
      });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        message: "This password is too easy to guess. This is a commonly used password. Add more words that are less common.",
        errors: [
          {
            path: "password",
            message: "This password is too easy to guess. This is a commonly used password. Add more words that are less common.",
          },
        ],
      });
    }
    for (const password of ["Qwerty123", "bangkok2024", "hanoi123", "nguyenlan1"]) {
      const { email } = fresh();
      const response = await call(api.app, "POST", "/api/auth/register", {
        body: { email, password, name: "Lan Nguyen" },
        ip: fresh().ip,
      });
      expect(response.status, password).toBe(400);
      expect(response.json.message).toMatch(/^This password is too easy to guess\. .*\w/);
      expect(response.json.errors).toEqual([{ path: "password", message: response.json.message }]);
      const [row] = await api.database.sql`select count(*)::int as n from auth_users where email = ${email}`;
      expect(row?.n).toBe(0);
    }
  });

  it("answers 409 for an e-mail already registered, in any case and with spaces", async ({ api, register }) => {
    await register({ email: "duplicate@example.org" });
    const response = await call(api.app, "POST", "/api/auth/register", {
      body: { email: " DUPLICATE@Example.org ", password: "another-strong-pass", name: "Someone Else" },
      ip: fresh().ip,
    });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      message: "An account with this email already exists",
      errors: [{ path: "email", message: "An account with this email already exists" }],
    });
    const [row] = await api.database.sql`select count(*)::int as n from auth_users where lower(email) = 'duplicate@example.org'`;
    expect(row?.n).toBe(1);
  });

  it("refuses a body that is not JSON", async ({ api }) => {
    const response = await api.app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": fresh().ip },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body must be JSON" });
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the e-mail in another case and answers { sessionToken, user }", async ({ api, register }) => {
    const { body } = await register({ email: "case@example.org" });
    const response = await call(api.app, "POST", "/api/auth/login", {
      body: { email: " CASE@example.org", password: body.password },
      ip: fresh().ip,
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json.user).sort()).toEqual(USER_KEYS);
    expect(response.json.user.email).toBe("case@example.org");
    expect(cookieFrom(response.headers)).toBe(`session=${response.json.sessionToken}`);
  });

  it("ends the session the browser held when it signs in again (a planted or copied token stops working)", async ({
    api,
    register,
  }) => {
    const planted = await register();
    const owner = await register();
    const signedIn = await call(api.app, "POST", "/api/auth/login", {
      body: owner.body,
      cookie: planted.cookie,
      ip: fresh().ip,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(signedIn.status).toBe(200);
    expect(cookieFrom(signedIn.headers)).toBe(`session=${signedIn.json.sessionToken}`);
    expect((await call(api.app, "GET", "/api/auth/me", { token: planted.token })).status).toBe(401);
    expect((await call(api.app, "GET", "/api/auth/me", { token: signedIn.json.sessionToken })).status).toBe(200);
    // The account's other sessions stay.
    expect((await call(api.app, "GET", "/api/auth/me", { token: owner.token })).status).toBe(200);
  });

  it("answers the same 401 for an unknown e-mail and for a wrong password", async ({ api, register }) => {
    const { body } = await register();
    const wrong = await call(api.app, "POST", "/api/auth/login", { body: { email: body.email, password: "wrong-password" } });
    const unknown = await call(api.app, "POST", "/api/auth/login", {
      body: { email: "nobody-here@example.org", password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ message: "Invalid email or password" });
    expect(unknown.text).toBe(wrong.text);
    expect(cookieFrom(wrong.headers)).toBeUndefined();
  });

  it("checks an unknown e-mail against a real argon2id hash with the same cost as a stored one", async () => {
    // The time an answer takes must not tell whether the account exists: both paths run one verification.
    const params = (hash: string) => hash.split("$").slice(1, 4).join("$");
    expect(params(DUMMY_HASH)).toBe(params(await hashPassword("anything at all")));
    expect(await verifyPassword("wrong-password", DUMMY_HASH)).toBe(false);
  });

  it("answers 400 with the spec's messages", async ({ api }) => {
    const response = await call(api.app, "POST", "/api/auth/login", { body: { email: "nope", password: "" } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { path: "email", message: "Valid email address is required" },
      { path: "password", message: "Password is required" },
    ]);
  });

  it("slows one address guessing an account with a 429 and Retry-After, and the owner elsewhere still signs in", async ({
    api,
    register,
  }) => {
    const { body } = await register();
    const attacker = "203.0.113.66";
    for (let i = 0; i < AUTH_LIMITS.loginPerAccountAndIp.limit; i++) {
      const response = await call(api.app, "POST", "/api/auth/login", {
        body: { email: ` ${body.email.toUpperCase()} `, password: `guess-${i}` },
        ip: attacker,
      });
      expect(response.status).toBe(401);
    }
    const limited = await call(api.app, "POST", "/api/auth/login", {
      body: { email: body.email, password: body.password },
      ip: attacker,
    });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ message: "Too many sign-in attempts. Please wait a few minutes and try again." });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(AUTH_LIMITS.loginPerAccountAndIp.windowSeconds);
    // The owner, from their own address, is not locked out by the attacker's failures.
    const owner = await call(api.app, "POST", "/api/auth/login", { body, ip: "198.51.100.10" });
    expect(owner.status).toBe(200);
  });

  it("limits guesses at one account spread over many addresses with a delay, not an hour's lockout", async ({
    api,
    register,
  }) => {
    const { body } = await register();
    await guessedAt(api.database.sql, body.email);
    const limited = await call(api.app, "POST", "/api/auth/login", { body, ip: "203.0.113.201" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(AUTH_LIMITS.loginPerAccount.maxDelaySeconds);
  });

  // Issue 35, item 4 (the operations review, failure 3): 101 wrong passwords from one IPv6 /64
  // locked the owner out for an hour (429, Retry-After 3596). Now each network counts once, and an
  // account under attack from many networks is slowed by growing delays, never locked for an hour.
  it("slows a flood of wrong passwords from many networks with growing delays; the owner waits at most minutes", async ({
    api,
    register,
  }) => {
    const { body } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await call(api.app, "POST", "/api/auth/login", {
        body: { email: body.email, password: `guess-${i}-wrong` },
        ip: `2001:db8:${(i + 1).toString(16)}:9::1`,
      });
      statuses.push(response.status);
    }
    const failed = statuses.filter((status) => status === 401).length;
    const delayed = statuses.filter((status) => status === 429).length;
    expect(failed + delayed).toBe(40);
    // Free attempts, then each must wait 1 s, 2 s, 4 s ... after the one before.
    expect(failed).toBeGreaterThanOrEqual(AUTH_LIMITS.loginPerAccount.freeAttempts);
    expect(failed).toBeLessThan(AUTH_LIMITS.loginPerAccount.freeAttempts + 10);
    const owner = await call(api.app, "POST", "/api/auth/login", { body, ip: "198.51.100.200" });
    expect(owner.status).toBe(429);
    expect(owner.json.message).toBe(RATE_LIMIT_MESSAGES.loginDelayed);
    const wait = Number(owner.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(AUTH_LIMITS.loginPerAccount.maxDelaySeconds);
    // Once the delay has run (moved back in the database, not waited for), the owner signs in.
    await api.database.sql`
      update rate_limits set window_start = window_start - make_interval(secs => ${wait})
      where key = ${loginAccountKey(body.email)}`;
    expect((await call(api.app, "POST", "/api/auth/login", { body, ip: "198.51.100.200" })).status).toBe(200);
  });

  // Issue 35, item 4: "a way in for the owner while the account is under attack". Without it the
  // owner waited up to 5 minutes an attempt for as long as the flood went on (a reset forgets the
  // delay, but the flood arms it again before the owner signs in).
  it("lets the owner in from their own browser while the account is being flooded; other browsers wait", async ({
    api,
    register,
  }) => {
    const { body, headers } = await register();
    const ownBrowser = cookieFrom(headers, "device");
    expect(ownBrowser).toMatch(/^device=[\w-]{43}$/);
    for (let i = 0; i < 30; i++) {
      await call(api.app, "POST", "/api/auth/login", {
        body: { email: body.email, password: `guess-${i}-wrong` },
        ip: `2001:db8:${(i + 1).toString(16)}:35::1`,
      });
    }
    const elsewhere = "198.51.100.235";
    const stranger = await call(api.app, "POST", "/api/auth/login", { body, ip: elsewhere });
    expect(stranger.status).toBe(429);
    expect(stranger.json.message).toBe(RATE_LIMIT_MESSAGES.loginDelayed);
    // A made-up device cookie is not the owner's browser.
    const forged = await call(api.app, "POST", "/api/auth/login", {
      body,
      ip: elsewhere,
      cookie: `device=${"A".repeat(43)}`,
    });
    expect(forged.status).toBe(429);
    // The owner's browser, on another network: its wrong password is told as wrong, the right one signs in.
    const typo = await call(api.app, "POST", "/api/auth/login", {
      body: { email: body.email, password: "kettle-harbour-95" },
      ip: elsewhere,
      cookie: ownBrowser,
    });
    expect(typo.status).toBe(401);
    const owner = await call(api.app, "POST", "/api/auth/login", { body, ip: elsewhere, cookie: ownBrowser });
    expect(owner.status, owner.text).toBe(200);
    // Its per-address limit still holds it like any other browser.
    await api.database.sql`
      insert into rate_limits (key, window_start, hits)
      values (${`login:account-ip:${body.email.toLowerCase()}:203.0.113.235`}, now(), ${AUTH_LIMITS.loginPerAccountAndIp.limit})`;
    const guessing = await call(api.app, "POST", "/api/auth/login", { body, ip: "203.0.113.235", cookie: ownBrowser });
    expect(guessing.status).toBe(429);
    expect(guessing.json.message).toBe(RATE_LIMIT_MESSAGES.login);
  });

  it("counts an IPv6 client by its /64 network: guesses from its many addresses are one address's guesses", async ({
    api,
    register,
  }) => {
    const { body } = await register();
    for (let i = 0; i < AUTH_LIMITS.loginPerAccountAndIp.limit; i++) {
      const response = await call(api.app, "POST", "/api/auth/login", {
        body: { email: body.email, password: `guess-${i}-wrong` },
        ip: `2001:db8:77:1:${i.toString(16)}::${(i + 1).toString(16)}`,
      });
      expect(response.status).not.toBe(200);
    }
    const next = await call(api.app, "POST", "/api/auth/login", { body, ip: "2001:db8:77:1:ffff::1" });
    expect(next.status).toBe(429);
    expect(next.json.message).toBe(RATE_LIMIT_MESSAGES.login);
    const pairs = await api.database.sql<{ key: string }[]>`
      select key from rate_limits where key like ${`login:account-ip:${body.email.toLowerCase()}:%`}`;
    expect(pairs.map((row) => row.key)).toEqual([`login:account-ip:${body.email.toLowerCase()}:2001:db8:77:1::/64`]);
  });

  it("forgets an account's failed attempts after a successful sign-in", async ({ api, register }) => {
    const { body } = await register();
    for (let i = 0; i < AUTH_LIMITS.loginPerAccountAndIp.limit - 1; i++) {
      await call(api.app, "POST", "/api/auth/login", { body: { email: body.email, password: "nope-nope" } });
    }
    expect((await call(api.app, "POST", "/api/auth/login", { body })).status).toBe(200);
    const again = await call(api.app, "POST", "/api/auth/login", { body: { email: body.email, password: "nope-nope" } });
    expect(again.status).toBe(401);
  });

  it("limits attempts per network address across accounts", async ({ api }) => {
    const ip = "203.0.113.250";
    await api.database.sql`
      insert into rate_limits (key, window_start, hits) values (${`login:ip:${ip}`}, now(), ${AUTH_LIMITS.loginPerIp.limit})`;
    const response = await call(api.app, "POST", "/api/auth/login", {
      body: { email: fresh().email, password: "whatever-pass" },
      ip,
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("registration limits", () => {
  it("limits registrations per network address", async ({ api }) => {
    const ip = "203.0.113.251";
    for (let i = 0; i < AUTH_LIMITS.registerPerIp.limit; i++) {
      // Invalid bodies are refused before counting; a duplicate e-mail counts like a real attempt.
      const response = await call(api.app, "POST", "/api/auth/register", {
        body: { email: "taken-for-limits@example.org", password: "kettle-harbour-59", name: "Limit" },
        ip,
      });
      expect([201, 409]).toContain(response.status);
    }
    const limited = await call(api.app, "POST", "/api/auth/register", {
      body: { email: fresh().email, password: "kettle-harbour-59", name: "Limit" },
      ip,
    });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe("Too many accounts were created from your network. Please try again later.");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("registration limits over IPv6", () => {
  it("counts 25 registrations from one /64 against one limit (the review: 25 x 201 with a limit of 20)", async ({ api }) => {
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i++) {
      const response = await call(api.app, "POST", "/api/auth/register", {
        body: { email: `six-four-${i}@example.org`, password: "kettle-harbour-59", name: "Lan Nguyen" },
        ip: `2001:db8:1:2::${i.toString(16)}`,
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(AUTH_LIMITS.registerPerIp.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - AUTH_LIMITS.registerPerIp.limit);
    // Another /64 is another network.
    const other = await call(api.app, "POST", "/api/auth/register", {
      body: { email: "six-four-other@example.org", password: "kettle-harbour-59", name: "Lan Nguyen" },
      ip: "2001:db8:1:3::1",
    });
    expect(other.status).toBe(201);
  });
});

describe("GET /api/auth/me and sessions", () => {
  it("answers the user for a Bearer token and for the cookie, and 401 without either", async ({ api, register }) => {
    const { token, cookie, json } = await register();
    const byBearer = await call(api.app, "GET", "/api/auth/me", { token });
    expect(byBearer.status).toBe(200);
    expect(byBearer.json).toEqual(json.user);
    const byCookie = await call(api.app, "GET", "/api/auth/me", { cookie });
    expect(byCookie.json).toEqual(json.user);
    expect(byBearer.headers.get("cache-control")).toBe("no-store");
    const none = await call(api.app, "GET", "/api/auth/me");
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ message: "You need to be signed in to do that" });
    const forged = await call(api.app, "GET", "/api/auth/me", { token: "A".repeat(43) });
    expect(forged.status).toBe(401);
  });

  it("refuses an expired session, clears its cookie, and the purge deletes it", async ({ api, register }) => {
    const { token, cookie, json } = await register();
    await api.database.sql`update auth_sessions set expires_at = now() - interval '1 second' where user_id = ${json.user.id}`;
    expect((await call(api.app, "GET", "/api/auth/me", { token })).status).toBe(401);
    const byCookie = await call(api.app, "GET", "/api/auth/me", { cookie });
    expect(byCookie.status).toBe(401);
    expect(byCookie.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^session=; .*Max-Age=0/));
    const purged = await purgeExpired(api.database.db);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    const [row] = await api.database.sql`select count(*)::int as n from auth_sessions where user_id = ${json.user.id}`;
    expect(row?.n).toBe(0);
  });

  it("renews the 30-day expiry on use, at most once a day, and sends the cookie again", async ({ api, register }) => {
    const { cookie, json } = await register();
    const untouched = await call(api.app, "GET", "/api/auth/me", { cookie });
    expect(untouched.headers.getSetCookie()).toEqual([]);
    await api.database.sql`update auth_sessions set expires_at = now() + interval '10 days' where user_id = ${json.user.id}`;
    const renewed = await call(api.app, "GET", "/api/auth/me", { cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie()).toContainEqual(expect.stringMatching(new RegExp(`^${cookie}; .*Max-Age=259\\d{4}`)));
    const [row] = await api.database.sql<{ days: number }[]>`
      select extract(epoch from expires_at - now()) / 86400 as days from auth_sessions where user_id = ${json.user.id}`;
    expect(Number(row?.days)).toBeGreaterThan(29.9);
  });
});

describe("POST /api/auth/logout", () => {
  it("deletes the session and clears the cookie", async ({ api, register }) => {
    const { token, cookie } = await register();
    const response = await call(api.app, "POST", "/api/auth/logout", { cookie, headers: { "sec-fetch-site": "same-origin" } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: "You have been logged out successfully" });
    expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^session=; .*Max-Age=0/));
    expect((await call(api.app, "GET", "/api/auth/me", { token })).status).toBe(401);
  });

  it("works with a Bearer token and ends only that session", async ({ api, register }) => {
    const first = await register();
    const second = await call(api.app, "POST", "/api/auth/login", { body: first.body });
    await call(api.app, "POST", "/api/auth/logout", { token: first.token });
    expect((await call(api.app, "GET", "/api/auth/me", { token: first.token })).status).toBe(401);
    expect((await call(api.app, "GET", "/api/auth/me", { token: second.json.sessionToken })).status).toBe(200);
  });
});

describe("PUT /api/auth/profile", () => {
  it("updates the name and e-mail; a new e-mail is Pending again", async ({ api, register }) => {
    const { token, json } = await register();
    await api.database.sql`update auth_users set is_email_verified = true where id = ${json.user.id}`;
    const email = fresh().email;
    const response = await call(api.app, "PUT", "/api/auth/profile", {
      token,
      body: { name: " Lan T. Nguyen ", email: email.toUpperCase() },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: json.user.id, name: "Lan T. Nguyen", email, isEmailVerified: false });
    expect((await call(api.app, "GET", "/api/auth/me", { token })).json).toEqual(response.json);
  });

  it("keeps the verified status when only the name (or the e-mail's case) changes", async ({ api, register }) => {
    const { token, json } = await register();
    await api.database.sql`update auth_users set is_email_verified = true where id = ${json.user.id}`;
    const response = await call(api.app, "PUT", "/api/auth/profile", {
      token,
      body: { name: "New Name", email: json.user.email.toUpperCase() },
    });
    expect(response.json).toMatchObject({ name: "New Name", email: json.user.email, isEmailVerified: true });
  });

  it("answers 400 with the spec's messages, 409 for an e-mail in use, 401 when signed out", async ({ api, register }) => {
    const other = await register();
    const { token } = await register();
    const invalid = await call(api.app, "PUT", "/api/auth/profile", { token, body: { name: "", email: "nope" } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toEqual([
      { path: "name", message: "Name is required" },
      { path: "email", message: "Valid email address is required" },
    ]);
    const taken = await call(api.app, "PUT", "/api/auth/profile", {
      token,
      body: { name: "X", email: other.body.email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe("An account with this email already exists");
    const anonymous = await call(api.app, "PUT", "/api/auth/profile", { body: { name: "X", email: "x@example.org" } });
    expect(anonymous.status).toBe(401);
  });
});

describe("PUT /api/auth/password", () => {
  it("changes the password and ends every other session of the user", async ({ api, register }) => {
    const { token, body } = await register();
    const otherDevice = (await call(api.app, "POST", "/api/auth/login", { body })).json.sessionToken;
    const response = await call(api.app, "PUT", "/api/auth/password", {
      token,
      body: { currentPassword: body.password, newPassword: "lantern-meadow-77" },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: "Password changed" });
    expect((await call(api.app, "GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await call(api.app, "GET", "/api/auth/me", { token: otherDevice })).status).toBe(401);
    expect((await call(api.app, "POST", "/api/auth/login", { body })).status).toBe(401);
    const login = await call(api.app, "POST", "/api/auth/login", { body: { email: body.email, password: "lantern-meadow-77" } });
    expect(login.status).toBe(200);
  });

  it("counts wrong current passwords on the sign-in's limits: a stolen session gains no second door to guess at", async ({
    api,
    register,
  }) => {
    const { token, body } = await register();
    const { ip } = fresh();
    for (let i = 0; i < 10; i++) {
      const wrong = await call(api.app, "PUT", "/api/auth/password", {
        token,
        ip,
        body: { currentPassword: `guess-${i}-harbour`, newPassword: "lantern-meadow-77" },
      });
      expect(wrong.status).toBe(400);
    }
    const login = await call(api.app, "POST", "/api/auth/login", { body, ip });
    expect(login.status).toBe(429);
    expect(login.json.message).toBe(RATE_LIMIT_MESSAGES.login);
  });

  it("answers 400 for a wrong current password, the spec's messages, and a common new password", async ({ api, register }) => {
    const { token, body } = await register();
    const wrong = await call(api.app, "PUT", "/api/auth/password", {
      token,
      body: { currentPassword: "not-my-password", newPassword: "lantern-meadow-77" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({
      message: "Current password is incorrect",
      errors: [{ path: "currentPassword", message: "Current password is incorrect" }],
    });
    const invalid = await call(api.app, "PUT", "/api/auth/password", {
      token,
      body: { currentPassword: "", newPassword: "short" },
    });
    expect(invalid.json.errors).toEqual([
      { path: "currentPassword", message: "Current password is required" },
      { path: "newPassword", message: "New password must be at least 6 characters long" },
    ]);
    const common = await call(api.app, "PUT", "/api/auth/password", {
      token,
      body: { currentPassword: body.password, newPassword: "sunshine1" },
    });
    expect(common.json.message).toMatch(/^This password is too easy to guess\. /);
    expect(common.json.errors).toEqual([{ path: "newPassword", message: common.json.message }]);
    expect(
      (await call(api.app, "PUT", "/api/auth/password", { body: { currentPassword: "a", newPassword: "abcdefgh" } })).status,
    ).toBe(401);
  });
});

describe("cross-site requests", () => {
  it("refuses a cookie-authenticated request from another site (Sec-Fetch-Site), changing nothing", async ({ api, register }) => {
    const { cookie, token, json } = await register();
    const logout = await call(api.app, "POST", "/api/auth/logout", { cookie, headers: { "sec-fetch-site": "cross-site" } });
    expect(logout.status).toBe(403);
    expect(logout.json).toEqual({ message: "This request came from another site and was refused." });
    const rename = await call(api.app, "PUT", "/api/auth/profile", {
      cookie,
      body: { name: "Hacked", email: json.user.email },
      headers: { "sec-fetch-site": "same-site" },
    });
    expect(rename.status).toBe(403);
    const me = await call(api.app, "GET", "/api/auth/me", { token });
    expect(me.json.name).toBe("Lan Nguyen");
  });

  it("falls back to the Origin header, and accepts the site's own origin", async ({ api, register }) => {
    const { cookie } = await register();
    const evil = await call(api.app, "PUT", "/api/auth/profile", {
      cookie,
      body: { name: "Hacked", email: fresh().email },
      headers: { origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    const own = await call(api.app, "PUT", "/api/auth/profile", {
      cookie,
      body: { name: "Still Me", email: fresh().email },
      headers: { origin: "http://devconsult.test", "sec-fetch-site": "same-origin" },
    });
    expect(own.status).toBe(200);
  });

  it("refuses a cross-site form posted to a page action (the pages' door) before it reaches React Router", async ({
    api,
    register,
  }) => {
    const { cookie, token } = await register();
    for (const path of ["/auth/logout", "/profile/manage", "/sign-in"]) {
      const response = await api.app.request(path, {
        method: "POST",
        headers: { cookie, "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
        body: "intent=profile&name=Hacked&email=hacked%40example.org",
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("This request came from another site and was refused.");
    }
    expect((await call(api.app, "GET", "/api/auth/me", { token })).json.name).toBe("Lan Nguyen");
  });

  it("refuses a cross-site sign-in form (login CSRF) but lets Bearer requests through", async ({ api, register }) => {
    const { body, token } = await register();
    const login = await call(api.app, "POST", "/api/auth/login", { body, headers: { "sec-fetch-site": "cross-site" } });
    expect(login.status).toBe(403);
    const bearer = await call(api.app, "PUT", "/api/auth/profile", {
      token,
      body: { name: "Via Bearer", email: body.email },
      headers: { "sec-fetch-site": "cross-site", origin: "https://client.example" },
    });
    expect(bearer.status).toBe(200);
  });
});
