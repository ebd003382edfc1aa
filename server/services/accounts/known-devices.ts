import { and, desc, eq, inArray, isNotNull, lt, notInArray } from "drizzle-orm";
import { describeDevice, networkOf } from "#common/devices.ts";
import type { Executor } from "#server/db/client.ts";
import { knownDevices, trustedBrowsers } from "#server/db/schema.ts";
import type { ServiceDeps } from "../context.ts";
import { hashToken } from "../sessions.ts";
import { queueSecurityMail } from "./security-mail.ts";

// "A new sign-in from a new device" (issue 38; docs/decisions/017-accounts-second-factor.md).
// A sign-in's device is known to the account when EITHER
//   - the browser brings a device cookie (a random token set at a sign-in, kept 400 days:
//     server/http/middleware/device.ts) this account has signed in with before, OR
//   - the device's few words ("Chrome on Windows") and the network of its address ("203.0.113.x")
//     are those of an earlier sign-in or of the registration (API clients keep no cookie).
// The cookie keeps a phone known when it changes networks; the words-and-network key keeps a
// browser known after its cookies were cleared at home. Only SHA-256s of the keys are stored, the
// account's id in each, so two accounts on one browser cannot be linked through this table.
// Nothing is mailed for a registration (nobody to warn) nor for an account's first sign-in
// (registration and first sign-in are often on two devices: the sign-up on a laptop, the first
// sign-in on the phone), nor when the account had never signed in since this was deployed.

type Deps = Pick<ServiceDeps, "config" | "jobs" | "clientIp" | "userAgent" | "deviceToken">;

/** How long a device stays known without a sign-in from it. */
const FORGET_AFTER_MS = 365 * 24 * 60 * 60 * 1000;
/** The keys kept per account (the most recently seen): an API script that keeps no cookie cannot grow the table. */
const KEYS_PER_ACCOUNT = 50;

function keysOf(deps: Deps, userId: number) {
  const device = describeDevice(deps.userAgent);
  const network = networkOf(deps.clientIp);
  const keys = [hashToken(`device\n${userId}\n${device}\n${network ?? ""}`)];
  if (deps.deviceToken) keys.push(hashToken(`cookie\n${userId}\n${deps.deviceToken}`));
  return { device, network, keys };
}

/**
 * Notes a sign-in's device for the account, inside the sign-in's transaction, and e-mails the
 * owner when the device is new to an account that had signed in before. `registration`: the
 * account's first device, learnt without a mail.
 */
export async function noteSignInDevice(
  deps: Deps,
  tx: Executor,
  userId: number,
  { registration = false }: { registration?: boolean } = {},
): Promise<void> {
  const { device, network, keys } = keysOf(deps, userId);
  const now = new Date();
  const known = await tx
    .select({ keyHash: knownDevices.keyHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), inArray(knownDevices.keyHash, keys)));
  const [signedInBefore] = await tx
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), isNotNull(knownDevices.signedInAt)))
    .limit(1);
  await tx
    .insert(knownDevices)
    .values(
      keys.map((keyHash) => ({ userId, keyHash, firstSeenAt: now, lastSeenAt: now, signedInAt: registration ? null : now })),
    )
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.keyHash],
      set: { lastSeenAt: now, ...(registration ? {} : { signedInAt: now }) },
    });
  await tx
    .delete(knownDevices)
    .where(
      and(
        eq(knownDevices.userId, userId),
        notInArray(
          knownDevices.id,
          tx
            .select({ id: knownDevices.id })
            .from(knownDevices)
            .where(eq(knownDevices.userId, userId))
            .orderBy(desc(knownDevices.lastSeenAt), desc(knownDevices.id))
            .limit(KEYS_PER_ACCOUNT),
        ),
      ),
    );
  if (registration || known.length > 0 || !signedInBefore) return;
  await queueSecurityMail(deps, tx, userId, { kind: "new-device", device, network });
}

/**
 * Whether this browser's device cookie has been seen at a sign-in or the registration of account
 * `userId`: the owner's own browser. Only the cookie counts here (the device's words and network
 * can be imitated by anyone on that network); a browser without one, or with one new to the
 * account, is not known.
 */
export async function isOwnBrowser(db: Executor, userId: number, deviceToken: string | undefined): Promise<boolean> {
  if (!deviceToken) return false;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.keyHash, hashToken(`cookie\n${userId}\n${deviceToken}`))))
    .limit(1);
  return row !== undefined;
}

/** The hourly purge: devices not signed in from for a year are forgotten. */
export async function forgetOldDevices(db: Executor): Promise<void> {
  await db.delete(knownDevices).where(lt(knownDevices.lastSeenAt, new Date(Date.now() - FORGET_AFTER_MS)));
}

/**
 * No browser of the account stays trusted to skip the second step: after a reset, a factor's
 * removal, or a session ended on a device that may be lost or in other hands.
 */
export async function forgetTrustedBrowsers(db: Executor, userId: number): Promise<void> {
  await db.delete(trustedBrowsers).where(eq(trustedBrowsers.userId, userId));
}
