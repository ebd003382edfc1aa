import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

// argon2id through Node 24's built-in crypto.argon2 (no native dependency), with the OWASP
// recommended minimum: 19 MiB of memory, 2 passes, 1 lane. Stored in the PHC string format.

const argon2Async = promisify(argon2);
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

export async function hashPassword(password: string): Promise<string> {
  return hashWithSalt(password, randomBytes(16));
}

/**
 * An argon2id PHC string with the salt given: recovery codes (issue 38) share one salt per set, so
 * checking a code against the set costs one hash, not ten.
 */
export async function hashWithSalt(message: string, nonce: Buffer): Promise<string> {
  const hash = await argon2Async("argon2id", { message, nonce, ...PARAMS });
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${nonce.toString("base64url")}$${hash.toString("base64url")}`;
}

/** The salt of a PHC string made here, or null. */
export function saltOf(stored: string): Buffer | null {
  const match = PHC.exec(stored);
  return match?.[4] ? Buffer.from(match[4], "base64url") : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, memory, passes, parallelism, nonce, expected] = match as unknown as [string, string, string, string, string, string];
  const expectedHash = Buffer.from(expected, "base64url");
  const hash = await argon2Async("argon2id", {
    message: password,
    nonce: Buffer.from(nonce, "base64url"),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expectedHash.length,
  });
  return hash.length === expectedHash.length && timingSafeEqual(hash, expectedHash);
}

/** A password nobody can guess, for the demo admin when none is configured. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
