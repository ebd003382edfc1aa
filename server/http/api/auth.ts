import { type Context, Hono } from "hono";
import {
  accountProfileSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "../../../common/auth.ts";
import {
  type AccountDeps,
  changePassword,
  getAccount,
  registerAccount,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  signIn,
  updateAccountProfile,
  verifyEmail,
} from "../../services/accounts.ts";
import { deleteSession } from "../../services/sessions.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { limitBody, readJson } from "../request.ts";
import { clearSessionCookie, sessionCookie } from "../session.ts";

// /api/auth/*: the spec's contract (section 7), plus the e-mail link endpoints product.md adds.
// Sign-in and registration answer { sessionToken, user } and also set the session cookie.

export function createAuthApi({ db, mailer, config }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const deps = (c: Context<HttpEnv>): AccountDeps => ({ db, mailer, config, log: c.get("log") });
  const requestFacts = (c: Context<HttpEnv>) => ({ ip: c.get("clientIp") });

  // Answers about who is signed in are never stored by browsers or proxies.
  api.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  api.use(limitBody(16 * 1024));

  api.post("/register", async (c) => {
    const input = registerSchema.parse(await readJson(c));
    const { user, sessionToken, expiresAt } = await registerAccount(deps(c), requestFacts(c), input);
    c.header("Set-Cookie", sessionCookie(config, sessionToken, expiresAt), { append: true });
    return c.json({ sessionToken, user }, 201);
  });

  api.post("/login", async (c) => {
    const input = loginSchema.parse(await readJson(c));
    const { user, sessionToken, expiresAt } = await signIn(deps(c), requestFacts(c), input);
    c.header("Set-Cookie", sessionCookie(config, sessionToken, expiresAt), { append: true });
    return c.json({ sessionToken, user });
  });

  api.post("/logout", async (c) => {
    const session = await c.get("getSession")();
    if (session) await deleteSession(db, session.tokenHash);
    c.header("Set-Cookie", clearSessionCookie(config), { append: true });
    return c.json({ message: "You have been logged out successfully" });
  });

  api.get("/me", async (c) => {
    return c.json(getAccount(await c.get("getSession")()));
  });

  api.put("/profile", async (c) => {
    const session = await c.get("getSession")();
    const input = accountProfileSchema.parse(await readJson(c));
    const { user } = await updateAccountProfile(deps(c), session, requestFacts(c), input);
    return c.json(user);
  });

  api.put("/password", async (c) => {
    const session = await c.get("getSession")();
    const input = changePasswordSchema.parse(await readJson(c));
    await changePassword(deps(c), session, input);
    return c.json({ message: "Password changed" });
  });

  api.post("/resend-verification", async (c) => {
    const { email } = await resendVerificationEmail(deps(c), await c.get("getSession")(), requestFacts(c));
    return c.json({ message: `We sent a verification link to ${email}` });
  });

  api.post("/verify-email", async (c) => {
    const { token } = verifyEmailSchema.parse(await readJson(c));
    const result = await verifyEmail(deps(c), token);
    return c.json({ message: "Your email address is verified", email: result.email });
  });

  api.post("/forgot-password", async (c) => {
    const input = forgotPasswordSchema.parse(await readJson(c));
    await requestPasswordReset(deps(c), requestFacts(c), input);
    return c.json({ message: "If an account exists for that email address, we sent a link to reset the password." });
  });

  api.post("/reset-password", async (c) => {
    const input = resetPasswordSchema.parse(await readJson(c));
    await resetPassword(deps(c), input);
    return c.json({ message: "Your password has been changed. Please sign in with your new password." });
  });

  return api;
}
