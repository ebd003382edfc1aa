import { z } from "zod";

// What the routes of accounts, sign-in and passkeys answer (each described where it is registered,
// ../api/auth.ts and ../api/account.ts).

export const accountSessionSchema = z.strictObject({
  id: z.number().int(),
  device: z.string(),
  network: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});

export const passkeySchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

// What navigator.credentials.get() / create() take, as @simplewebauthn/server writes them (WebAuthn's JSON forms).
const credentialDescriptor = z.strictObject({
  id: z.string(),
  type: z.literal("public-key"),
  transports: z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])).optional(),
});
const userVerification = z.enum(["discouraged", "preferred", "required"]);
const webAuthnExtensions = z.strictObject({ credProps: z.boolean().optional() });
export const passkeyRequestOptions = z.strictObject({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
  extensions: webAuthnExtensions.optional(),
});
export const passkeyCreationOptions = z.strictObject({
  challenge: z.string(),
  rp: z.strictObject({ name: z.string(), id: z.string().optional() }),
  user: z.strictObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.strictObject({ alg: z.number().int(), type: z.literal("public-key") })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .strictObject({
      authenticatorAttachment: z.enum(["cross-platform", "platform"]).optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: z.array(z.enum(["hybrid", "security-key", "client-device"])).optional(),
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions: webAuthnExtensions.optional(),
});
