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
import { addPasskeySchema, passkeyOptionsSchema, passkeySignInSchema, renamePasskeySchema } from "#common/passkeys.ts";
import { reauthenticateSchema as reauthenticateBodySchema } from "#common/reauthentication.ts";
import { confirmTotpSchema, loginMfaSchema } from "#common/second-factor.ts";
import { type ApiRoute, messageOnly, noContent, responseSchemas, signedIn } from "./schemas.ts";

const accountSessionSchema = z
  .object({
    id: z.number().int(),
    device: z.string(),
    network: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    isCurrent: z.boolean(),
  })
  .strict();

const passkeySchema = z
  .object({ id: z.number().int(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .strict();

// What navigator.credentials.get() / create() take, as @simplewebauthn/server writes them (WebAuthn's JSON forms).
const credentialDescriptor = z
  .object({
    id: z.string(),
    type: z.literal("public-key"),
    transports: z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])).optional(),
  })
  .strict();
const userVerification = z.enum(["discouraged", "preferred", "required"]);
const webAuthnExtensions = z.object({ credProps: z.boolean().optional() }).strict();
const passkeyRequestOptions = z
  .object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: userVerification.optional(),
    extensions: webAuthnExtensions.optional(),
  })
  .strict();
const passkeyCreationOptions = z
  .object({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }).strict(),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }).strict(),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal("public-key") }).strict()),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(["cross-platform", "platform"]).optional(),
        residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: userVerification.optional(),
      })
      .strict()
      .optional(),
    hints: z.array(z.enum(["hybrid", "security-key", "client-device"])).optional(),
    attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
    attestationFormats: z.array(z.string()).optional(),
    extensions: webAuthnExtensions.optional(),
  })
  .strict();

// The documented routes of the API: registration, sign-in, the account, e-mail verification and password reset.

export const accountsRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/auth/register",
    tag: "Accounts",
    summary: "Create an account and sign in",
    body: registerSchema,
    response: signedIn,
    status: 201,
  },
  {
    method: "POST",
    path: "/auth/login",
    tag: "Accounts",
    summary:
      "Sign in (with a second factor: { mfaRequired, challenge, methods } for POST /auth/login/mfa, or a passkey through POST /auth/passkey/options with the challenge)",
    body: loginSchema,
    response: z.union([
      signedIn,
      z.object({ mfaRequired: z.literal(true), challenge: z.string(), methods: z.array(z.enum(["totp", "passkey"])) }).strict(),
    ]),
  },
  {
    method: "POST",
    path: "/auth/login/mfa",
    tag: "Accounts",
    summary: "Complete a sign-in with a code or a recovery code (the challenge is single-use, 5 minutes)",
    body: loginMfaSchema,
    response: signedIn,
  },
  {
    method: "POST",
    path: "/auth/passkey/options",
    tag: "Accounts",
    summary:
      "Options for navigator.credentials.get() (a challenge kept on the server: single-use, 5 minutes): {} to sign in with a passkey instead of the password; { challenge } (the sign-in's) for the second step; { reauthenticate: true } (signed in) to re-authenticate",
    body: passkeyOptionsSchema.unwrap(),
    response: passkeyRequestOptions,
  },
  {
    method: "POST",
    path: "/auth/passkey/verify",
    tag: "Accounts",
    summary:
      "Sign in with a passkey: { response }, the authenticator's answer to the options (as @simplewebauthn/browser gives it); answers as /auth/login does. A replayed, expired or foreign answer is 400",
    body: passkeySignInSchema,
    response: signedIn,
  },
  {
    method: "POST",
    path: "/auth/reauthenticate",
    tag: "Accounts",
    summary:
      "Re-authenticate this session ({ password }, { code }: the authenticator app's or a recovery code, or { passkey }: a passkey's answer to POST /auth/passkey/options with reauthenticate); sensitive changes then pass for REAUTHENTICATE_MINUTES",
    auth: "session",
    body: reauthenticateBodySchema,
    response: noContent,
    status: 204,
  },
  {
    method: "POST",
    path: "/auth/logout",
    tag: "Accounts",
    summary: "Sign out (ends this session)",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/auth/me",
    tag: "Accounts",
    summary: "The signed-in account",
    auth: "session",
    response: responseSchemas.user,
  },
  {
    method: "PUT",
    path: "/auth/profile",
    tag: "Accounts",
    summary: "Change name and e-mail",
    auth: "session",
    body: accountProfileSchema,
    response: responseSchemas.user,
    reauthenticate: true,
  },
  {
    method: "PUT",
    path: "/auth/password",
    tag: "Accounts",
    summary: "Change the password",
    auth: "session",
    body: changePasswordSchema,
    response: messageOnly,
  },
  {
    method: "POST",
    path: "/auth/resend-verification",
    tag: "Accounts",
    summary: "Send the verification e-mail again",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "POST",
    path: "/auth/verify-email",
    tag: "Accounts",
    summary: "Verify an e-mail address with the link's token",
    body: verifyEmailSchema,
    response: z.object({ message: z.string(), email: z.string() }).strict(),
  },
  {
    method: "POST",
    path: "/auth/forgot-password",
    tag: "Accounts",
    summary: "Send a password reset link",
    body: forgotPasswordSchema,
    response: messageOnly,
  },
  {
    method: "POST",
    path: "/auth/reset-password",
    tag: "Accounts",
    summary: "Set a new password with the link's token",
    body: resetPasswordSchema,
    response: messageOnly,
  },
  {
    method: "DELETE",
    path: "/account",
    tag: "Accounts",
    summary:
      "Delete the signed-in account: its consultant profile (with the messages sent to it), lists, saved searches, reviews, factors and sessions go; messages it sent stay with their consultants. 409 while it is the last admin or an organization's only owner",
    auth: "session",
    response: noContent,
    status: 204,
    reauthenticate: true,
  },
  {
    method: "GET",
    path: "/account/sessions",
    tag: "Accounts",
    summary: "The signed-in account's sessions (device, network, first and last use; this one marked)",
    auth: "session",
    response: z.object({ sessions: z.array(accountSessionSchema) }).strict(),
  },
  {
    method: "DELETE",
    path: "/account/sessions",
    tag: "Accounts",
    summary: "Sign out everywhere else (?others=1: every session but this one)",
    auth: "session",
    query: z.object({ others: z.enum(["1", "true"]) }),
    response: z.object({ ended: z.number().int() }).strict(),
  },
  {
    method: "DELETE",
    path: "/account/sessions/:id",
    tag: "Accounts",
    summary: "End one of the account's own sessions",
    auth: "session",
    response: noContent,
    status: 204,
  },
  {
    method: "GET",
    path: "/account/mfa",
    tag: "Accounts",
    summary: "The second factor: authenticator app on, recovery codes left, available on this server",
    auth: "session",
    response: z.object({ totp: z.boolean(), recoveryCodesLeft: z.number().int(), available: z.boolean() }).strict(),
  },
  {
    method: "POST",
    path: "/account/mfa/totp",
    tag: "Accounts",
    summary: "Start setting up an authenticator app: its secret, otpauth URL and QR code (SVG)",
    auth: "session",
    response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }).strict(),
    reauthenticate: true,
  },
  {
    method: "POST",
    path: "/account/mfa/totp/confirm",
    tag: "Accounts",
    summary: "Confirm the authenticator app with a code; answers 10 recovery codes, shown once",
    auth: "session",
    body: confirmTotpSchema,
    response: z.object({ recoveryCodes: z.array(z.string()) }).strict(),
  },
  {
    method: "DELETE",
    path: "/account/mfa/totp",
    tag: "Accounts",
    summary: "Turn the authenticator app off (its recovery codes and trusted browsers go too)",
    auth: "session",
    response: noContent,
    status: 204,
    reauthenticate: true,
  },
  {
    method: "POST",
    path: "/account/mfa/recovery-codes",
    tag: "Accounts",
    summary: "A new set of 10 recovery codes (the old set stops working)",
    auth: "session",
    response: z.object({ recoveryCodes: z.array(z.string()) }).strict(),
    reauthenticate: true,
  },
  {
    method: "GET",
    path: "/account/passkeys",
    tag: "Accounts",
    summary: "The account's passkeys: name, when added and last used",
    auth: "session",
    response: z.object({ passkeys: z.array(passkeySchema) }).strict(),
  },
  {
    method: "POST",
    path: "/account/passkeys/options",
    tag: "Accounts",
    summary:
      "Options for navigator.credentials.create() to add a passkey (a discoverable credential that verifies its user; the challenge is single-use, 5 minutes)",
    auth: "session",
    response: passkeyCreationOptions,
    reauthenticate: true,
  },
  {
    method: "POST",
    path: "/account/passkeys",
    tag: "Accounts",
    summary: "Add a passkey: { name, response }, the authenticator's answer to the options; 20 at most",
    auth: "session",
    body: addPasskeySchema,
    response: z.object({ passkey: passkeySchema }).strict(),
    status: 201,
  },
  {
    method: "PATCH",
    path: "/account/passkeys/:id",
    tag: "Accounts",
    summary: "Rename a passkey",
    auth: "session",
    body: renamePasskeySchema,
    response: z.object({ passkey: passkeySchema }).strict(),
  },
  {
    method: "DELETE",
    path: "/account/passkeys/:id",
    tag: "Accounts",
    summary: "Remove a passkey (audited, e-mailed)",
    auth: "session",
    response: noContent,
    status: 204,
    reauthenticate: true,
  },
];
