import { z } from "zod";
import { authenticationResponseSchema } from "./passkeys.ts";
import { CODE_USED_MESSAGE, codeOrRecoveryCode } from "./second-factor.ts";

// Re-authentication ("sudo mode", issue 38, ASVS 7.5.1): the messages and the schema the API, the
// services and the page's dialog share.

export const REAUTH_MESSAGES = {
  required: "Please confirm it is you: enter your password or a code from your authenticator app again.",
  passwordOrCode: "Enter your password, or a code from your authenticator app",
  wrongPassword: "That password is not right.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  codeUsed: CODE_USED_MESSAGE,
  tooMany: "Too many attempts. Please wait a few minutes and try again.",
  noSession: "Re-authentication needs a signed-in session.",
} as const;

/**
 * POST /api/auth/reauthenticate: `{ password }`, or `{ code }` (the authenticator app's 6 digits,
 * or one of the recovery codes), or `{ passkey }` (a passkey's answer to the options of
 * POST /api/auth/passkey/options with `reauthenticate: true`).
 */
export const reauthenticateSchema = z.union(
  [
    z.strictObject({
      password: z.string({ error: REAUTH_MESSAGES.passwordOrCode }).min(1, REAUTH_MESSAGES.passwordOrCode).max(256),
    }),
    z.strictObject({
      code: codeOrRecoveryCode(REAUTH_MESSAGES.wrongCode),
    }),
    z.strictObject({ passkey: authenticationResponseSchema }),
  ],
  { error: REAUTH_MESSAGES.passwordOrCode },
);
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;
