import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// Secrets the server must read back (TOTP seeds) are stored encrypted (issue 38, ASVS 11.x / 6.x):
// AES-256-GCM with a key derived (HKDF-SHA-256) from SECRETS_KEY, which lives in the environment,
// never in the database, so a copy of the database alone gives away no second factor.
// Stored as "v1.<iv>.<tag>.<ciphertext>", each base64url.

export const SECRETS_KEY_MISSING =
  "SECRETS_KEY is not set: two-step sign-in needs it to encrypt authenticator secrets. Set SECRETS_KEY (32 or more random characters) and start again.";

export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function secretBox(secretsKey: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secretsKey, "devconsult-sea", purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
