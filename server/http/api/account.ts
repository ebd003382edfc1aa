import type { Context } from "hono";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { PASSKEY_MESSAGES } from "#common/passkeys.ts";
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

export function createAccountApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, accountActor(AUTH_MESSAGES.signInRequired), SMALL_BODY_LIMIT);
  api.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  const sessionId = (c: Context<HttpEnv>) => pathId(c, "id", SESSION_MESSAGES.notFound);

  api.get("/sessions", call(listAccountSessions, noInput, notStored));
  // ?others=1: every session but this one ("Sign out everywhere else").
  api.delete("/sessions", call(endOtherAccountSessions, queryParams));
  api.delete(
    "/sessions/:id",
    call(endAccountSession, sessionId, (c, { isCurrent }) => {
      // Ending the session of this very request signs this browser out: its cookie goes too.
      if (isCurrent) c.header("Set-Cookie", clearSessionCookie(deps.config), { append: true });
      return c.body(null, 204);
    }),
  );
  // The second factor (issue 38): status, the authenticator app's set-up and removal, new recovery codes.
  api.get("/mfa", call(secondFactorStatus, noInput, notStored));
  api.post("/mfa/totp", call(startTotpEnrolment, noInput, notStored));
  api.post("/mfa/totp/confirm", call(confirmTotpEnrolment, readJson, notStored));
  api.delete(
    "/mfa/totp",
    call(disableTotp, noInput, (c) => c.body(null, 204)),
  );
  api.post("/mfa/recovery-codes", call(regenerateRecoveryCodes, noInput, notStored));
  // Passkeys (WebAuthn): the options for navigator.credentials.create(), then the authenticator's
  // answer with a name stores one; several per account; renamed; removed (re-authentication).
  const passkeyId = (c: Context<HttpEnv>) => pathId(c, "id", PASSKEY_MESSAGES.notFound);
  api.get("/passkeys", call(listPasskeys, noInput, notStored));
  api.post("/passkeys/options", call(passkeyRegistrationOptions, noInput, notStored));
  api.post(
    "/passkeys",
    call(addPasskey, readJson, (c, result) => notStored(c, result, 201)),
  );
  api.patch("/passkeys/:id", call(renamePasskey, idAndBody(passkeyId), notStored));
  api.delete(
    "/passkeys/:id",
    call(removePasskey, passkeyId, (c) => c.body(null, 204)),
  );
  // Deleting the account (re-authentication; refused while it is the last admin or an
  // organization's only owner): its sessions end with it, this browser's cookie too.
  api.delete(
    "/",
    call(deleteOwnAccount, noInput, (c) => {
      c.header("Set-Cookie", clearSessionCookie(deps.config), { append: true });
      return c.body(null, 204);
    }),
  );
  return api;
}
