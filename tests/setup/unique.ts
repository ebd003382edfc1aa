import { randomBytes } from "node:crypto";

// Names and addresses no other test of the run uses, so tests never collide on a unique index or
// on a per-address rate limit (each file has its own database, but not its own clock).

/** A short random tag for names, e-mail addresses and search words. */
export const unique = () => randomBytes(5).toString("hex");

let addresses = 0;

/**
 * A client address none of the last 125 000 calls of this worker returned (198.18.0.0/15, the
 * benchmarking range: never a real client), so per-address rate limits decide only where a test
 * means them to.
 */
export function freshIp() {
  addresses += 1;
  return `198.${18 + (Math.floor(addresses / 62_500) % 2)}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}
