import { z } from "zod";

// Passkeys (WebAuthn, issue 38): the messages and the schemas the API, the pages and the browser
// share. The WebAuthn responses themselves are checked by @simplewebauthn/server on the server;
// here they are bounded (a response is a few kilobytes at most) and shaped enough to be read.

export const PASSKEY_MESSAGES = {
  nameRequired: "Give the passkey a name (1 to 60 characters), such as the device it is on",
  responseInvalid: "The passkey's answer could not be read. Please try again.",
  challengeExpired: "This passkey request has expired or was already used. Please try again.",
  wrongOrigin: "This passkey answer was made for another website, not this one.",
  registrationFailed: "The passkey could not be verified. Please try again.",
  alreadyRegistered: "This passkey is already registered.",
  tooMany: "You have 20 passkeys, the most an account can have. Remove one first.",
  notFound: "Passkey not found",
  signInFailed: "That passkey is not registered here, or it could not be verified.",
  noPasskeys: "This account has no passkey.",
} as const;

export const PASSKEY_NAME_MAX = 60;
export const PASSKEYS_PER_ACCOUNT = 20;

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameRequired);

const base64url = z
  .string()
  .max(16_000)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** A WebAuthn response as @simplewebauthn/browser gives it (RegistrationResponseJSON / AuthenticationResponseJSON). */
const webAuthnResponse = <Fields extends z.ZodRawShape>(fields: Fields) =>
  z.object(
    {
      id: base64url.min(1),
      rawId: base64url.min(1),
      type: z.literal("public-key"),
      response: z.looseObject({ clientDataJSON: base64url.min(1), ...fields }),
      clientExtensionResults: z.looseObject({}).default({}),
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    },
    { error: PASSKEY_MESSAGES.responseInvalid },
  );

export const registrationResponseSchema = webAuthnResponse({
  attestationObject: base64url.min(1),
  transports: z.array(z.string().max(20)).max(10).optional(),
});

export const authenticationResponseSchema = webAuthnResponse({
  authenticatorData: base64url.min(1),
  signature: base64url.min(1),
  userHandle: base64url.optional(),
});

/** POST /api/account/passkeys: the authenticator's answer to the registration options, and the passkey's name. */
export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });

/** PATCH /api/account/passkeys/{id} */
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });

/** POST /api/auth/passkey/verify (and the sign-in page's passkey form, the response as JSON text). */
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });

/**
 * POST /api/auth/passkey/options: nothing (sign in with a passkey instead of the password), or the
 * sign-in's `challenge` (the password was right: the passkey is the second step, one of that
 * account's), or `reauthenticate: true` (signed in: one of one's own passkeys proves it is you again).
 */
export const passkeyOptionsSchema = z
  .strictObject({
    challenge: z.string().min(1).max(100).optional(),
    reauthenticate: z.literal(true).optional(),
  })
  .optional();

/** What the account page and GET /api/account/passkeys show of a passkey. */
export type PasskeySummary = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/** A page form's `response` field (the answer as JSON text) as the object the schemas read; unreadable is null (refused by them). */
export function responseFromField(value: unknown): unknown {
  if (typeof value !== "string" || value.length > 20_000) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
