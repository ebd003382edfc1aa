import { describe, expect } from "vitest";
import { AUTH_LIMITS } from "#server/services/accounts/limits.ts";
import { call, PUBLIC_URL } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { findLink } from "../../../tests/setup/smtp.ts";
import { guessedAt } from "../../../tests/setup/users.ts";

const it = apiTest();
/** The reset link's mail, found by its subject: a sign-in may send a security mail before it. */
const RESET_SUBJECT = /^Reset your DevConsult SEA password$/;

let counter = 0;
function fresh() {
  counter += 1;
  return { email: `mail${counter}@example.org`, ip: `198.51.100.${counter}` };
}

describe("e-mail verification", () => {
  it("registration sends a verification link naming the site; following it once verifies the address", async ({
    api,
    register,
  }) => {
    const { body, token } = await register({ name: "Mai Tran" });
    const mail = await api.smtp.waitForMail(body.email);
    expect(mail.subject).toBe("Verify your email address for DevConsult SEA");
    expect(mail.text).toContain("Hello Mai Tran,");
    expect(mail.text).toContain("expires in 24 hours");
    expect(mail.text).toContain("DevConsult SEA");
    expect(mail.html).toContain("Verify email address");
    const link = findLink(mail, "/verify-email");
    expect(link.origin).toBe(PUBLIC_URL);
    const verifyToken = link.searchParams.get("token")!;
    const [stored] = await api.database
      .sql`select token_hash from auth_tokens where purpose = 'verify_email' and email = ${body.email}`;
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toBe(verifyToken);

    expect((await call(api.app, "GET", "/api/auth/me", { token })).json.isEmailVerified).toBe(false);
    const verified = await call(api.app, "POST", "/api/auth/verify-email", { body: { token: verifyToken } });
    expect(verified.status).toBe(200);
    expect(verified.json).toEqual({ message: "Your email address is verified", email: body.email });
    expect((await call(api.app, "GET", "/api/auth/me", { token })).json.isEmailVerified).toBe(true);
  });

  it("refuses an unknown or expired link", async ({ api, register }) => {
    const { body } = await register();
    const link = findLink(await api.smtp.waitForMail(body.email), "/verify-email");
    const unknown = await call(api.app, "POST", "/api/auth/verify-email", { body: { token: "x".repeat(43) } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe("This link is invalid or has expired");
    await api.database.sql`update auth_tokens set expires_at = now() - interval '1 second' where email = ${body.email}`;
    const expired = await call(api.app, "POST", "/api/auth/verify-email", { body: { token: link.searchParams.get("token") } });
    expect(expired.status).toBe(400);
    const [user] = await api.database.sql`select is_email_verified from auth_users where email = ${body.email}`;
    expect(user?.is_email_verified).toBe(false);
  });

  it("a changed e-mail address is Pending again, gets its own link, and the old link stops working", async ({
    api,
    register,
  }) => {
    const { body, token } = await register();
    const oldLink = findLink(await api.smtp.waitForMail(body.email), "/verify-email");
    const newEmail = fresh().email;
    const updated = await call(api.app, "PUT", "/api/auth/profile", { token, body: { name: "Lan", email: newEmail } });
    expect(updated.json.isEmailVerified).toBe(false);
    const old = await call(api.app, "POST", "/api/auth/verify-email", { body: { token: oldLink.searchParams.get("token") } });
    expect(old.status).toBe(400);
    const newLink = findLink(await api.smtp.waitForMail(newEmail), "/verify-email");
    expect(
      (await call(api.app, "POST", "/api/auth/verify-email", { body: { token: newLink.searchParams.get("token") } })).status,
    ).toBe(200);
    expect((await call(api.app, "GET", "/api/auth/me", { token })).json).toMatchObject({
      email: newEmail,
      isEmailVerified: true,
    });
  });

  it("a used link answers 'already verified' while the address stays verified, and cannot verify anything else", async ({
    api,
    register,
  }) => {
    const { body } = await register();
    const link = findLink(await api.smtp.waitForMail(body.email), "/verify-email");
    const token = link.searchParams.get("token");
    await call(api.app, "POST", "/api/auth/verify-email", { body: { token } });
    const again = await call(api.app, "POST", "/api/auth/verify-email", { body: { token } });
    expect(again.status).toBe(200);
    await api.database.sql`update auth_users set is_email_verified = false where email = ${body.email}`;
    expect((await call(api.app, "POST", "/api/auth/verify-email", { body: { token } })).status).toBe(400);
  });

  it("resends the link on request, limited per account, and not once verified", async ({ api, register }) => {
    const { body, token } = await register();
    await api.smtp.waitForMail(body.email);
    const resent = await call(api.app, "POST", "/api/auth/resend-verification", { token });
    expect(resent.status).toBe(200);
    expect(resent.json.message).toBe(`We sent a verification link to ${body.email}`);
    const verifications = () => api.smtp.mailTo(body.email).filter((mail) => mail.text.includes("/verify-email"));
    const second = await api.smtp.waitForMailAbout(body.email, (mail) => verifications().indexOf(mail) === 1);
    expect(findLink(second, "/verify-email").searchParams.get("token")).not.toBe(
      findLink(api.smtp.mailTo(body.email)[0]!, "/verify-email").searchParams.get("token"),
    );
    for (let i = 1; i < AUTH_LIMITS.verificationPerAccount.limit; i++) {
      expect((await call(api.app, "POST", "/api/auth/resend-verification", { token, ip: fresh().ip })).status).toBe(200);
    }
    const limited = await call(api.app, "POST", "/api/auth/resend-verification", { token, ip: fresh().ip });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe("Too many verification emails were requested. Please wait a while and try again.");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);

    const other = await register();
    const link = findLink(await api.smtp.waitForMail(other.body.email), "/verify-email");
    await call(api.app, "POST", "/api/auth/verify-email", { body: { token: link.searchParams.get("token") } });
    const already = await call(api.app, "POST", "/api/auth/resend-verification", { token: other.token });
    expect(already.status).toBe(409);
    expect((await call(api.app, "POST", "/api/auth/resend-verification")).status).toBe(401);
  });
});

describe("password reset", () => {
  const ANSWER = { message: "If an account exists for that email address, we sent a link to reset the password." };

  it("answers the same for a known and an unknown address, and mails only the known one", async ({ api, register }) => {
    const { body } = await register();
    const known = await call(api.app, "POST", "/api/auth/forgot-password", { body: { email: body.email.toUpperCase() } });
    const unknown = await call(api.app, "POST", "/api/auth/forgot-password", { body: { email: "ghost@example.org" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(ANSWER);
    expect(unknown.text).toBe(known.text);
    const mail = await api.smtp.waitForMailAbout(body.email, RESET_SUBJECT);
    expect(mail.text).toContain("expires in 1 hour");
    expect(findLink(mail, "/reset-password").origin).toBe(PUBLIC_URL);
    expect(api.smtp.mailTo("ghost@example.org")).toEqual([]);
  });

  // Issue 35, item 4: while an account is being guessed at, the reset link is the owner's way in
  // (the delay's message says so): a reset forgets the account's failed attempts.
  it("lets the owner of an account under attack sign in right after a reset, without the delay", async ({ api, register }) => {
    const { body } = await register();
    await guessedAt(api.database.sql, body.email);
    const delayed = await call(api.app, "POST", "/api/auth/login", { body, ip: "192.0.2.60" });
    expect(delayed.status).toBe(429);
    await call(api.app, "POST", "/api/auth/forgot-password", { body: { email: body.email } });
    const resetToken = findLink(await api.smtp.waitForMailAbout(body.email, RESET_SUBJECT), "/reset-password").searchParams.get(
      "token",
    );
    const reset = await call(api.app, "POST", "/api/auth/reset-password", {
      body: { token: resetToken, password: "lighthouse-quarry-47" },
    });
    expect(reset.status, reset.text).toBe(200);
    const login = await call(api.app, "POST", "/api/auth/login", {
      body: { email: body.email, password: "lighthouse-quarry-47" },
      ip: "192.0.2.60",
    });
    expect(login.status, login.text).toBe(200);
  });

  it("sets a new password once, ends every session, and the link cannot be used again", async ({ api, register }) => {
    const { body, token } = await register();
    await call(api.app, "POST", "/api/auth/forgot-password", { body: { email: body.email } });
    const resetToken = findLink(await api.smtp.waitForMailAbout(body.email, RESET_SUBJECT), "/reset-password").searchParams.get(
      "token",
    );

    const common = await call(api.app, "POST", "/api/auth/reset-password", {
      body: { token: resetToken, password: "password1" },
    });
    expect(common.status).toBe(400);
    expect(common.json.errors).toEqual([
      {
        path: "password",
        message: "This password is too easy to guess. This is a commonly used password. Add more words that are less common.",
      },
    ]);
    const short = await call(api.app, "POST", "/api/auth/reset-password", { body: { token: resetToken, password: "abc" } });
    expect(short.json.errors).toEqual([{ path: "password", message: "Password must be at least 6 characters long" }]);

    const reset = await call(api.app, "POST", "/api/auth/reset-password", {
      body: { token: resetToken, password: "orchard-violin-31" },
    });
    expect(reset.status).toBe(200);
    expect((await call(api.app, "GET", "/api/auth/me", { token })).status).toBe(401);
    expect((await call(api.app, "POST", "/api/auth/login", { body })).status).toBe(401);
    const login = await call(api.app, "POST", "/api/auth/login", { body: { email: body.email, password: "orchard-violin-31" } });
    expect(login.status).toBe(200);
    // Following the link proved the person reads that mailbox.
    expect(login.json.user.isEmailVerified).toBe(true);

    const reuse = await call(api.app, "POST", "/api/auth/reset-password", {
      body: { token: resetToken, password: "another-fine-pass" },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.json.message).toBe("This link is invalid or has expired");
  });

  it("refuses an expired link", async ({ api, register }) => {
    const { body } = await register();
    await call(api.app, "POST", "/api/auth/forgot-password", { body: { email: body.email } });
    const resetToken = findLink(await api.smtp.waitForMailAbout(body.email, RESET_SUBJECT), "/reset-password").searchParams.get(
      "token",
    );
    await api.database.sql`
      update auth_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password' and email = ${body.email}`;
    const expired = await call(api.app, "POST", "/api/auth/reset-password", {
      body: { token: resetToken, password: "orchard-violin-31" },
    });
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe("This link is invalid or has expired");
  });

  it("a password change on the account page retires outstanding reset links", async ({ api, register }) => {
    const { body, token } = await register();
    await call(api.app, "POST", "/api/auth/forgot-password", { body: { email: body.email } });
    const resetToken = findLink(await api.smtp.waitForMailAbout(body.email, RESET_SUBJECT), "/reset-password").searchParams.get(
      "token",
    );
    await call(api.app, "PUT", "/api/auth/password", {
      token,
      body: { currentPassword: body.password, newPassword: "lantern-meadow-77" },
    });
    const stale = await call(api.app, "POST", "/api/auth/reset-password", {
      body: { token: resetToken, password: "orchard-violin-31" },
    });
    expect(stale.status).toBe(400);
  });

  it("limits reset e-mails per address with a 429, whether or not the account exists", async ({ api, register }) => {
    for (const email of [(await register()).body.email, "nobody-at-all@example.org"]) {
      for (let i = 0; i < AUTH_LIMITS.resetPerAccount.limit; i++) {
        expect((await call(api.app, "POST", "/api/auth/forgot-password", { body: { email }, ip: fresh().ip })).status).toBe(200);
      }
      const limited = await call(api.app, "POST", "/api/auth/forgot-password", { body: { email }, ip: fresh().ip });
      expect(limited.status).toBe(429);
      expect(limited.json.message).toBe("Too many password reset requests. Please wait a while and try again.");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("answers 400 with the spec's message for a bad address", async ({ api }) => {
    const response = await call(api.app, "POST", "/api/auth/forgot-password", { body: { email: "nope" } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: "email", message: "Valid email address is required" }]);
  });
});
