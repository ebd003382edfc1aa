import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  accountProfileSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "#common/auth.ts";
import { passkeyOptionsSchema, passkeySignInSchema } from "#common/passkeys.ts";
import { reauthenticateSchema as reauthenticateBodySchema } from "#common/reauthentication.ts";
import { loginMfaSchema } from "#common/second-factor.ts";
import { passkeyRequestOptions } from "#server/http/openapi/accounts.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { messageOnly, noBody, responseSchemas, signedIn } from "#server/http/openapi/schemas.ts";
import { changePassword, getAccount, updateAccountProfile } from "#server/services/accounts/account.ts";
import { completeMfaSignIn } from "#server/services/accounts/login-challenge.ts";
import { passkeySignInOptions, signInWithPasskey } from "#server/services/accounts/passkeys.ts";
import { requestPasswordReset, resetPassword } from "#server/services/accounts/password-reset.ts";
import { reauthenticate } from "#server/services/accounts/reauthentication.ts";
import { registerAccount, signIn } from "#server/services/accounts/registration.ts";
import { resendVerificationEmail, verifyEmail } from "#server/services/accounts/verification.ts";
import { deleteSession, type SignedIn } from "#server/services/sessions.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import {
  bearerToken,
  clearSessionCookie,
  readCookie,
  sessionCookie,
  trustedBrowserCookie,
  trustedBrowserCookieName,
} from "../cookies.ts";
import { actorFrom, readJson } from "../request.ts";
import { noInput, saying, serviceCalls, visitorCalls } from "./service-call.ts";

// /api/auth/*: the spec's contract (section 7), plus the e-mail link endpoints product.md adds.
// Sign-in and registration answer { sessionToken, user } and also set the session cookie.

const describeRoute = describeRoutesIn("Accounts");

export function createAuthApi(httpDeps: HttpDeps) {
  const { db, config } = httpDeps;
  const api = new Hono<HttpEnv>();
  const deps = (c: Context<HttpEnv>) => apiServiceDeps(httpDeps, c);

  // Answers about who is signed in are never stored by browsers or proxies.
  api.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  const call = serviceCalls(httpDeps, actorFrom);
  const visit = visitorCalls(httpDeps);

  // Every way in answers alike: the session's cookie for a browser, { sessionToken, user } for any
  // client, and secondFactorSetupRequired when ENFORCE_SECOND_FACTOR wants a factor set up first.
  const signedInAs = (c: Context<HttpEnv>, session: SignedIn, status: 200 | 201 = 200) => {
    const { user, sessionToken, expiresAt, secondFactorSetupRequired } = session;
    c.header("Set-Cookie", sessionCookie(config, sessionToken, expiresAt), { append: true });
    return c.json({ sessionToken, user, ...(secondFactorSetupRequired ? { secondFactorSetupRequired } : {}) }, status);
  };

  api.post(
    "/register",
    describeRoute({
      summary: "Create an account and sign in",
      body: registerSchema,
      response: signedIn,
      status: 201,
    }),
    visit(registerAccount, readJson, (c, session) => signedInAs(c, session, 201)),
  );

  // With a second factor the password answers { mfaRequired: true, challenge } and no session;
  // /login/mfa completes it (issue 38). A browser trusted for 30 days skips the second step.
  api.post(
    "/login",
    describeRoute({
      summary:
        "Sign in (with a second factor: { mfaRequired, challenge, methods } for POST /auth/login/mfa, or a passkey through POST /auth/passkey/options with the challenge)",
      body: loginSchema,
      response: z.union([
        signedIn,
        z.strictObject({ mfaRequired: z.literal(true), challenge: z.string(), methods: z.array(z.enum(["totp", "passkey"])) }),
      ]),
    }),
    async (c) => {
      const trustedBrowserToken = readCookie(c.req.header("cookie"), trustedBrowserCookieName(config));
      const result = await signIn(deps(c), await readJson(c), { trustedBrowserToken });
      // methods: "totp" (a code, or a recovery code, at /login/mfa), "passkey" (/passkey/options with the challenge).
      if ("mfaRequired" in result) return c.json({ mfaRequired: true, challenge: result.challenge, methods: result.methods });
      return signedInAs(c, result);
    },
  );

  api.post(
    "/login/mfa",
    describeRoute({
      summary: "Complete a sign-in with a code or a recovery code (the challenge is single-use, 5 minutes)",
      body: loginMfaSchema,
      response: signedIn,
    }),
    visit(completeMfaSignIn, readJson, (c, { trustedBrowser, ...session }) => {
      if (trustedBrowser) {
        c.header("Set-Cookie", trustedBrowserCookie(config, trustedBrowser.token, trustedBrowser.expiresAt), { append: true });
      }
      return signedInAs(c, session);
    }),
  );

  // Issue 38: signing in with a passkey instead of the password. The options (a challenge kept on
  // the server for 5 minutes, used once) for navigator.credentials.get(); the answer then signs in
  // and answers as /login does.
  api.post(
    "/passkey/options",
    describeRoute({
      summary:
        "Options for navigator.credentials.get() (a challenge kept on the server: single-use, 5 minutes): {} to sign in with a passkey instead of the password; { challenge } (the sign-in's) for the second step; { reauthenticate: true } (signed in) to re-authenticate",
      body: passkeyOptionsSchema.unwrap(),
      response: passkeyRequestOptions,
    }),
    call(passkeySignInOptions, (c) => readJson(c, { allowEmpty: true })),
  );

  api.post(
    "/passkey/verify",
    describeRoute({
      summary:
        "Sign in with a passkey: { response }, the authenticator's answer to the options (as @simplewebauthn/browser gives it); answers as /auth/login does. A replayed, expired or foreign answer is 400",
      body: passkeySignInSchema,
      response: signedIn,
    }),
    visit(signInWithPasskey, readJson, signedInAs),
  );

  // Issue 38: the password or a second-factor code again; sensitive changes then pass for
  // REAUTHENTICATE_MINUTES (they answer 403 { message, reauthenticate: true } without it).
  api.post(
    "/reauthenticate",
    describeRoute({
      summary:
        "Re-authenticate this session ({ password }, { code }: the authenticator app's or a recovery code, or { passkey }: a passkey's answer to POST /auth/passkey/options with reauthenticate); sensitive changes then pass for REAUTHENTICATE_MINUTES",
      auth: "session",
      body: reauthenticateBodySchema,
      response: noBody,
      status: 204,
    }),
    async (c) => {
      // A browser's session (the cookie) gets a new token with its new proof (ASVS 7.2.4); a
      // Bearer client keeps its own (the answer has no body to carry another).
      const renewToken = bearerToken(c.req.header("authorization")) === undefined;
      const renewed = await reauthenticate(deps(c), await actorFrom(c), await readJson(c), { renewToken });
      if (renewed) c.header("Set-Cookie", sessionCookie(config, renewed.sessionToken, renewed.expiresAt), { append: true });
      return c.body(null, 204);
    },
  );

  api.post(
    "/logout",
    describeRoute({
      summary: "Sign out (ends this session)",
      auth: "session",
      response: messageOnly,
    }),
    async (c) => {
      const session = await c.get("getSession")();
      if (session) await deleteSession(db, session.tokenHash);
      c.header("Set-Cookie", clearSessionCookie(config), { append: true });
      return c.json({ message: "You have been logged out successfully" });
    },
  );

  api.get(
    "/me",
    describeRoute({
      summary: "The signed-in account",
      auth: "session",
      response: responseSchemas.user,
    }),
    async (c) => {
      return c.json(getAccount(await c.get("getSession")()));
    },
  );

  api.put(
    "/profile",
    describeRoute({
      summary: "Change name and e-mail",
      auth: "session",
      body: accountProfileSchema,
      response: responseSchemas.user,
      reauthenticate: true,
    }),
    call(updateAccountProfile, readJson, (c, { user }) => c.json(user)),
  );

  api.put(
    "/password",
    describeRoute({
      summary: "Change the password",
      auth: "session",
      body: changePasswordSchema,
      response: messageOnly,
    }),
    call(changePassword, readJson, saying("Password changed")),
  );

  api.post(
    "/resend-verification",
    describeRoute({
      summary: "Send the verification e-mail again",
      auth: "session",
      response: messageOnly,
    }),
    call(resendVerificationEmail, noInput, (c, { email }) => c.json({ message: `We sent a verification link to ${email}` })),
  );

  api.post(
    "/verify-email",
    describeRoute({
      summary: "Verify an e-mail address with the link's token",
      body: verifyEmailSchema,
      response: z.strictObject({ message: z.string(), email: z.string() }),
    }),
    visit(verifyEmail, readJson, (c, { email }) => c.json({ message: "Your email address is verified", email })),
  );

  api.post(
    "/forgot-password",
    describeRoute({
      summary: "Send a password reset link",
      body: forgotPasswordSchema,
      response: messageOnly,
    }),
    visit(
      requestPasswordReset,
      readJson,
      saying("If an account exists for that email address, we sent a link to reset the password."),
    ),
  );

  api.post(
    "/reset-password",
    describeRoute({
      summary: "Set a new password with the link's token",
      body: resetPasswordSchema,
      response: messageOnly,
    }),
    visit(resetPassword, readJson, saying("Your password has been changed. Please sign in with your new password.")),
  );

  return api;
}
