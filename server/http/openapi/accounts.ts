import { z } from "zod";

// What the routes of accounts, sign-in and passkeys answer (each described where it is registered,
// ../api/auth.ts and ../api/account.ts).

export const accountSessionSchema = z
  .object({
    id: z.number().int(),
    device: z.string(),
    network: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    isCurrent: z.boolean(),
  })
  .strict();

export const passkeySchema = z
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
export const passkeyRequestOptions = z
  .object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: userVerification.optional(),
    extensions: webAuthnExtensions.optional(),
  })
  .strict();
export const passkeyCreationOptions = z
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
