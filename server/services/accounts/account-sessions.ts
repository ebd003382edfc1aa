import { and, count, desc, eq, gt, ne } from "drizzle-orm";
import { z } from "zod";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { type AccountSession, describeDevice, networkOf } from "#common/devices.ts";
import type { Locale } from "#common/locales.ts";
import { authSessions } from "#server/db/schema.ts";
import { serverI18n } from "#server/i18n/server-i18n.ts";
import { recordAudit } from "../admin/audit.ts";
import { targetUser } from "../admin/users.ts";
import { type Actor, inAdminTransaction, requireAccount, type ServiceDeps } from "../context.ts";
import { NotFound, ValidationFailed } from "../errors.ts";
import { deleteUserSessions, timeoutsOf } from "../sessions.ts";
import { deviceInWords } from "./device-words.ts";
import { forgetTrustedBrowsers } from "./known-devices.ts";

// Sessions you can see (issue 38, ASVS 7.4.5 and 7.5.2): the account's own list, ending one or all
// the others, and an admin ending every session of a user (audited). The session of the request
// is told apart by its token's hash, never by anything the client says.

export const SESSION_MESSAGES = {
  notFound: "Session not found",
  othersRequired: "Say which sessions to end: others=1 ends every session but this one",
} as const;

type Deps = Pick<ServiceDeps, "db">;

/**
 * The signed-in person's sessions, the most recently used first. Each device in English words
 * ("Chrome on Windows", the API's), or for a page in `locale` in the page's language.
 */
export async function listAccountSessions(deps: Deps, actor: Actor, locale?: Locale): Promise<{ sessions: AccountSession[] }> {
  const signedIn = requireAccount(actor);
  const i18n = locale === undefined ? null : await serverI18n(locale);
  // Only the sessions that would still sign someone in: idle or past their absolute end by the
  // account's role now (a session is deleted only when next used, or by the hourly purge).
  const now = Date.now();
  const { idleMs, absoluteMs } = timeoutsOf(signedIn.role);
  const rows = await deps.db
    .select({
      id: authSessions.id,
      sessionToken: authSessions.sessionToken,
      userAgent: authSessions.userAgent,
      ip: authSessions.ip,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, signedIn.id),
        gt(authSessions.expiresAt, new Date(now)),
        gt(authSessions.lastSeenAt, new Date(now - idleMs)),
        gt(authSessions.createdAt, new Date(now - absoluteMs)),
      ),
    )
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.id))
    .limit(200);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: i18n ? deviceInWords(i18n, describeDevice(row.userAgent)) : describeDevice(row.userAgent),
      network: networkOf(row.ip),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      isCurrent: row.sessionToken === signedIn.sessionTokenHash,
    })),
  };
}

/**
 * Ends one of the person's own sessions (this one too, which signs them out); another's is "not found".
 * Ending another device's session (a lost phone) forgets the account's trusted browsers too: the
 * trust is a cookie of its own, not tied to a session, and a phone that saved the password would
 * otherwise sign in again without the second step. Signing this browser out keeps them, as Sign out does.
 */
export async function endAccountSession(deps: Deps, actor: Actor, id: number): Promise<{ isCurrent: boolean }> {
  const signedIn = requireAccount(actor);
  return deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.id, id), eq(authSessions.userId, signedIn.id)))
      .returning({ sessionToken: authSessions.sessionToken });
    if (!ended) throw new NotFound(SESSION_MESSAGES.notFound);
    const isCurrent = ended.sessionToken === signedIn.sessionTokenHash;
    if (!isCurrent) await forgetTrustedBrowsers(tx, signedIn.id);
    return { isCurrent };
  });
}

const othersSchema = z.object({ others: z.enum(["1", "true"], { error: SESSION_MESSAGES.othersRequired }) });

/** "Sign out everywhere else": every session of the person but the one of this request; no browser stays trusted. */
export async function endOtherAccountSessions(deps: Deps, actor: Actor, input: unknown): Promise<{ ended: number }> {
  const signedIn = requireAccount(actor);
  if (!othersSchema.safeParse(input ?? {}).success) {
    throw new ValidationFailed(SESSION_MESSAGES.othersRequired, [{ path: "others", message: SESSION_MESSAGES.othersRequired }]);
  }
  if (!signedIn.sessionTokenHash) throw new ValidationFailed(AUTH_MESSAGES.signInRequired);
  const sessionTokenHash = signedIn.sessionTokenHash;
  const ended = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, signedIn.id), ne(authSessions.sessionToken, sessionTokenHash)))
      .returning({ id: authSessions.id });
    // A lost phone's browser trusted for 30 days would skip the second step with a password it
    // saved: no browser stays trusted (this one too asks for a code at its next sign-in).
    await forgetTrustedBrowsers(tx, signedIn.id);
    return rows;
  });
  return { ended: ended.length };
}

/** An admin ends every session of a user (a lost phone, a stolen session): audited with how many ended. */
export async function endUserSessionsAsAdmin(deps: Deps, actor: Actor, id: number): Promise<{ message: string; ended: number }> {
  return inAdminTransaction(deps, actor, async (tx, admin) => {
    const target = await targetUser(tx, id, "no key update");
    const [before] = await tx.select({ n: count() }).from(authSessions).where(eq(authSessions.userId, id));
    // An admin ending their own sessions keeps the one they are using (as "Sign out everywhere else").
    await deleteUserSessions(tx, id, target.id === admin.id ? actor?.sessionTokenHash : undefined);
    // Nor does a browser of theirs stay trusted to skip the second step (a lost or stolen device).
    await forgetTrustedBrowsers(tx, id);
    const [after] = await tx.select({ n: count() }).from(authSessions).where(eq(authSessions.userId, id));
    const ended = (before?.n ?? 0) - (after?.n ?? 0);
    await recordAudit(tx, admin, {
      action: "end_sessions",
      targetType: "user",
      targetId: id,
      targetLabel: target.name,
      changes: { sessions: { from: before?.n ?? 0, to: after?.n ?? 0 } },
    });
    return { message: ended === 1 ? "1 session ended" : `${ended} sessions ended`, ended };
  });
}
