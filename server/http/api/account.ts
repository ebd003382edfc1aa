import type { Context } from "hono";
import { z } from "zod";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { addPasskeySchema, PASSKEY_MESSAGES, renamePasskeySchema } from "#common/passkeys.ts";
import { confirmTotpSchema } from "#common/second-factor.ts";
import { accountSessionSchema, passkeyCreationOptions, passkeySchema } from "#server/http/openapi/accounts.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { noBody } from "#server/http/openapi/schemas.ts";
import { deleteOwnAccount } from "#server/services/accounts/account-deletion.ts";
import {
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
  SESSION_MESSAGES,
} from "#server/services/accounts/account-sessions.ts";
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  removePasskey,
  renamePasskey,
} from "#server/services/accounts/passkeys.ts";
import {
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  secondFactorStatus,
  startTotpEnrolment,
} from "#server/services/accounts/second-factor.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { clearSessionCookie } from "../cookies.ts";
import { SMALL_BODY_LIMIT } from "../middleware/body-limit.ts";
import { accountActor, pathId, readJson } from "../request.ts";
import { idAndBody, noInput, notStored, queryParams, serviceApi } from "./service-call.ts";

// /api/account/*: the signed-in person's own security (issue 38): their sessions and second factor,
// and deleting the account.

const describeRoute = describeRoutesIn("Accounts");

export function createAccountApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, accountActor(AUTH_MESSAGES.signInRequired), SMALL_BODY_LIMIT);
  api.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  const sessionId = (c: Context<HttpEnv>) => pathId(c, "id", SESSION_MESSAGES.notFound);

  api.get(
    "/sessions",
    describeRoute({
      summary: "The signed-in account's sessions (device, network, first and last use; this one marked)",
      auth: "session",
      response: z.strictObject({ sessions: z.array(accountSessionSchema) }),
    }),
    call(listAccountSessions, noInput, notStored),
  );
  // ?others=1: every session but this one ("Sign out everywhere else").
  api.delete(
    "/sessions",
    describeRoute({
      summary: "Sign out everywhere else (?others=1: every session but this one)",
      auth: "session",
      query: z.object({ others: z.enum(["1", "true"]) }),
      response: z.strictObject({ ended: z.number().int() }),
    }),
    call(endOtherAccountSessions, queryParams),
  );
  api.delete(
    "/sessions/:id",
    describeRoute({
      summary: "End one of the account's own sessions",
      auth: "session",
      response: noBody,
      status: 204,
    }),
    call(endAccountSession, sessionId, (c, { isCurrent }) => {
      // Ending the session of this very request signs this browser out: its cookie goes too.
      if (isCurrent) c.header("Set-Cookie", clearSessionCookie(deps.config), { append: true });
      return c.body(null, 204);
    }),
  );
  // The second factor (issue 38): status, the authenticator app's set-up and removal, new recovery codes.
  api.get(
    "/mfa",
    describeRoute({
      summary: "The second factor: authenticator app on, recovery codes left, available on this server",
      auth: "session",
      response: z.strictObject({ totp: z.boolean(), recoveryCodesLeft: z.number().int(), available: z.boolean() }),
    }),
    call(secondFactorStatus, noInput, notStored),
  );
  api.post(
    "/mfa/totp",
    describeRoute({
      summary: "Start setting up an authenticator app: its secret, otpauth URL and QR code (SVG)",
      auth: "session",
      response: z.strictObject({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
      reauthenticate: true,
    }),
    call(startTotpEnrolment, noInput, notStored),
  );
  api.post(
    "/mfa/totp/confirm",
    describeRoute({
      summary: "Confirm the authenticator app with a code; answers 10 recovery codes, shown once",
      auth: "session",
      body: confirmTotpSchema,
      response: z.strictObject({ recoveryCodes: z.array(z.string()) }),
    }),
    call(confirmTotpEnrolment, readJson, notStored),
  );
  api.delete(
    "/mfa/totp",
    describeRoute({
      summary: "Turn the authenticator app off (its recovery codes and trusted browsers go too)",
      auth: "session",
      response: noBody,
      status: 204,
      reauthenticate: true,
    }),
    call(disableTotp, noInput, (c) => c.body(null, 204)),
  );
  api.post(
    "/mfa/recovery-codes",
    describeRoute({
      summary: "A new set of 10 recovery codes (the old set stops working)",
      auth: "session",
      response: z.strictObject({ recoveryCodes: z.array(z.string()) }),
      reauthenticate: true,
    }),
    call(regenerateRecoveryCodes, noInput, notStored),
  );
  // Passkeys (WebAuthn): the options for navigator.credentials.create(), then the authenticator's
  // answer with a name stores one; several per account; renamed; removed (re-authentication).
  const passkeyId = (c: Context<HttpEnv>) => pathId(c, "id", PASSKEY_MESSAGES.notFound);
  api.get(
    "/passkeys",
    describeRoute({
      summary: "The account's passkeys: name, when added and last used",
      auth: "session",
      response: z.strictObject({ passkeys: z.array(passkeySchema) }),
    }),
    call(listPasskeys, noInput, notStored),
  );
  api.post(
    "/passkeys/options",
    describeRoute({
      summary:
        "Options for navigator.credentials.create() to add a passkey (a discoverable credential that verifies its user; the challenge is single-use, 5 minutes)",
      auth: "session",
      response: passkeyCreationOptions,
      reauthenticate: true,
    }),
    call(passkeyRegistrationOptions, noInput, notStored),
  );
  api.post(
    "/passkeys",
    describeRoute({
      summary: "Add a passkey: { name, response }, the authenticator's answer to the options; 20 at most",
      auth: "session",
      body: addPasskeySchema,
      response: z.strictObject({ passkey: passkeySchema }),
      status: 201,
    }),
    call(addPasskey, readJson, (c, result) => notStored(c, result, 201)),
  );
  api.patch(
    "/passkeys/:id",
    describeRoute({
      summary: "Rename a passkey",
      auth: "session",
      body: renamePasskeySchema,
      response: z.strictObject({ passkey: passkeySchema }),
    }),
    call(renamePasskey, idAndBody(passkeyId), notStored),
  );
  api.delete(
    "/passkeys/:id",
    describeRoute({
      summary: "Remove a passkey (audited, e-mailed)",
      auth: "session",
      response: noBody,
      status: 204,
      reauthenticate: true,
    }),
    call(removePasskey, passkeyId, (c) => c.body(null, 204)),
  );
  // Deleting the account (re-authentication; refused while it is the last admin or an
  // organization's only owner): its sessions end with it, this browser's cookie too.
  api.delete(
    "/",
    describeRoute({
      summary:
        "Delete the signed-in account: its consultant profile (with the messages sent to it), lists, saved searches, reviews, factors and sessions go; messages it sent stay with their consultants. 409 while it is the last admin or an organization's only owner",
      auth: "session",
      response: noBody,
      status: 204,
      reauthenticate: true,
    }),
    call(deleteOwnAccount, noInput, (c) => {
      c.header("Set-Cookie", clearSessionCookie(deps.config), { append: true });
      return c.body(null, 204);
    }),
  );
  return api;
}
