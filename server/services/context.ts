import { eq } from "drizzle-orm";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { REAUTH_MESSAGES } from "#common/reauthentication.ts";
import { MFA_MESSAGES } from "#common/second-factor.ts";
import type { Config } from "../config.ts";
import type { Database, Executor } from "../db/client.ts";
import { authUsers } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import type { CvRenderer } from "./cv/renderer.ts";
import type { DirectoryChanges } from "./directory-changes.ts";
import { Forbidden, ReauthenticationRequired, SecondFactorRequired, Unauthorized } from "./errors.ts";
import type { InsightsBuffer } from "./insights/counter.ts";
import type { GlossaryCache } from "./search/concepts.ts";
import type { StatisticsCache } from "./search/planner.ts";
import type { WordAnalyses } from "./search/words.ts";
import type { StatsCache } from "./stats-cache.ts";
import type { PhotoStorage } from "./storage.ts";

// The service contract (docs/decisions/009-service-contract.md): every service function is
// `fn(deps, actor, input)`. `deps` is one bag built once per request by each door (the JSON API
// in server/http, the pages through the router context); `actor` says who is asking; `input` is
// `unknown` and the service parses it itself (see validate.ts). Guards throw typed errors.

/** The transaction a `db.transaction` callback gets. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The part of the logger services use (pino's Logger fits; tests may pass a recorder). */
export type ServiceLog = Pick<Logger, "debug" | "info" | "warn" | "error">;

/**
 * The state a process keeps for its services (caches, change notifications, the insights buffer):
 * created once per process (per worker) by server/runtime.ts and handed down in `deps`, never kept
 * in a module, because a module may be loaded twice in one process (the pages run from React
 * Router's build, which bundles its own copy of every service; see docs/decisions/002).
 */
export type ServiceRuntime = {
  /** Writes to the listed directory announce themselves here; the caches below and other instances listen. */
  directory: DirectoryChanges;
  /** The home page's stats, at most a minute old, dropped on every directory change. */
  stats: StatsCache;
  /** The search's word analyses, dropped on every directory change. */
  words: WordAnalyses;
  /** The planner's statistics (pg_stats), at most five minutes old. */
  statistics: StatisticsCache;
  /** The field glossary with the admins' additions, read again after every directory change. */
  glossary: GlossaryCache;
  /** Counts views, search appearances and CV downloads; null when INSIGHTS_COUNTING=false. */
  insights: InsightsBuffer | null;
  /**
   * The process's CV thread, made on first use: every CV download (GET /api/consultants/{id}/cv.pdf)
   * and the CV an expression of interest carries (issue 32); absent in tests that build a runtime
   * by hand (they get a renderer of their own).
   */
  cvRenderer?: () => CvRenderer;
};

/** What every service may use: the process's singletons and the facts of the request. */
export type ServiceDeps = {
  db: Database;
  /**
   * For reads that may lag a moment behind the last write (search, listings, a visitor's view of
   * a profile, the stats): the read replica when DATABASE_READ_URL is set, else `db`.
   */
  readDb: Database;
  config: Config;
  log: ServiceLog;
  /**
   * The job queue in PostgreSQL: every e-mail (`enqueueMail`, inside the transaction of the write
   * it announces) and background work. Services never talk to the mail server themselves; the
   * workers (server/jobs/workers.ts) do.
   */
  jobs: Pick<JobQueue, "enqueue">;
  /** Where profile photos are stored (DATA_DIR/uploads or an S3-compatible bucket). */
  storage: PhotoStorage;
  /**
   * Who the client is counted as, for rate limits and visitor counts: its IPv4 address, or its IPv6
   * network (`2001:db8:1:2::/64`, RATE_LIMIT_IPV6_PREFIX); "cli" from the command line.
   */
  clientIp: string;
  /** The client's User-Agent header, kept with a new session for the account page's list. */
  userAgent?: string;
  /**
   * The browser's device cookie (a random token set at its first sign-in: server/http/middleware/
   * device.ts), so a sign-in from a device the account knows is not e-mailed as a new one.
   */
  deviceToken?: string;
  /** This process's state (server/runtime.ts). */
  runtime: ServiceRuntime;
};

export type Role = "user" | "admin";

/**
 * Who is asking: the signed-in person, or null for a visitor. `sessionTokenHash` names the session
 * the request came with (a password change ends every other session of the account);
 * `authenticatedAt` is when that session last proved the password or a second factor (sensitive
 * changes ask for it to be recent: server/services/accounts/reauthentication.ts).
 */
export type Actor = {
  id: number;
  role: Role;
  sessionTokenHash?: string;
  authenticatedAt?: Date;
  /**
   * Must set up a second factor first (ENFORCE_SECOND_FACTOR, issue 38): "admin", nothing admin
   * until then; "account", nothing but manage the account until then.
   */
  mustEnrol?: "admin" | "account";
} | null;

/** A signed-in actor (what the guards hand back). */
export type SignedIn = NonNullable<Actor>;

/** An admin who may act as one now: not one who must set up a second factor first (issue 38). */
export function isAdmin(actor: Actor): boolean {
  return actor?.role === "admin" && !actor.mustEnrol;
}

/** An admin who must set up a second factor is refused anything admin (403 with `secondFactorRequired`). */
function refuseAdminWithoutFactor(actor: Actor | { id: number } | null) {
  if (actor && "mustEnrol" in actor && actor.mustEnrol) throw new SecondFactorRequired(MFA_MESSAGES.setupRequired);
}

/** The actor behind a session (see server/services/sessions.ts), or null when signed out. */
export function actorOf(
  session:
    | { user: { id: number; role: string }; tokenHash?: string; authenticatedAt?: Date; mustEnrol?: "admin" | "account" | null }
    | null
    | undefined,
): Actor {
  if (!session) return null;
  const role = session.user.role === "admin" ? "admin" : "user";
  return {
    id: session.user.id,
    role,
    ...(session.tokenHash ? { sessionTokenHash: session.tokenHash } : {}),
    ...(session.authenticatedAt ? { authenticatedAt: session.authenticatedAt } : {}),
    ...(session.mustEnrol ? { mustEnrol: session.mustEnrol } : {}),
  };
}

/**
 * A visitor is refused (401) before anything else is looked at; so is, with 403
 * `secondFactorRequired`, an account that must set up a second factor before anything else
 * (ENFORCE_SECOND_FACTOR=all, issue 38).
 */
export function requireUser(actor: Actor, message: string = AUTH_MESSAGES.signInRequired): SignedIn {
  const signedIn = requireAccount(actor, message);
  if (signedIn.mustEnrol === "account") throw new SecondFactorRequired(MFA_MESSAGES.setupRequired);
  return signedIn;
}

/**
 * The signed-in person acting on their own account (settings, sessions, second factor): allowed
 * also while they must still set up a second factor, which is done here.
 */
export function requireAccount(actor: Actor, message: string = AUTH_MESSAGES.signInRequired): SignedIn {
  if (!actor) throw new Unauthorized(message);
  return actor;
}

/**
 * Sensitive changes (issue 38, "sudo mode": the e-mail, the second factor, an admin's destructive
 * or privileged actions) need a session that proved its owner within REAUTHENTICATE_MINUTES (at
 * sign-in, the second step, or POST /api/auth/reauthenticate); else ReauthenticationRequired, 403
 * with `reauthenticate: true`. Call it after the role checks, before anything is written.
 */
export function requireRecentAuthentication(
  deps: { config: Pick<Config, "reauthenticateMinutes"> },
  actor: Actor,
  now: Date = new Date(),
): SignedIn {
  // The person's own account stays open while a second factor must still be set up (ENFORCE_SECOND_FACTOR=all).
  const signedIn = requireAccount(actor);
  const at = signedIn.authenticatedAt;
  // An actor built without a session (no time) is never recent: the safe side.
  if (!at || now.getTime() - at.getTime() > deps.config.reauthenticateMinutes * 60_000) {
    throw new ReauthenticationRequired(REAUTH_MESSAGES.required);
  }
  return signedIn;
}

export type AdminRow = { id: number; name: string; email: string };

export const ADMIN_REQUIRED = "This needs an administrator account";

/**
 * The actor must be signed in and, per the database right now, an admin: the role in the session
 * is not trusted, so an admin demoted or deleted a moment ago is refused at once. With `lock`
 * (inside a write) it takes a share lock on the admin's row, so a demotion waits for the action
 * in flight and the next action sees it.
 */
export async function requireAdmin(
  deps: { db: Executor },
  actor: Actor | { id: number } | null,
  options: { lock?: boolean } = {},
): Promise<AdminRow> {
  if (!actor) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  refuseAdminWithoutFactor(actor);
  const query = deps.db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, role: authUsers.role })
    .from(authUsers)
    .where(eq(authUsers.id, actor.id))
    .limit(1);
  const [row] = options.lock ? await query.for("share") : await query;
  if (!row) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  if (row.role !== "admin") throw new Forbidden(ADMIN_REQUIRED);
  return { id: row.id, name: row.name, email: row.email };
}

/** The transaction of an admin's write: the role is read again in it, locked, so a demoted admin's write never commits. */
export function inAdminTransaction<T>(
  deps: { db: Database },
  actor: Actor,
  work: (tx: Transaction, admin: AdminRow) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => work(tx, await requireAdmin({ db: tx }, actor, { lock: true })));
}

/**
 * The actor's role as the session says (read from the database with the session, this request):
 * what a door checks before it reads anything of the request. The admin services then re-read
 * the role themselves (requireAdmin), under lock when they write.
 */
export function requireAdminRole(actor: Actor): SignedIn {
  const signedIn = requireUser(actor);
  if (signedIn.role !== "admin") throw new Forbidden(ADMIN_REQUIRED);
  refuseAdminWithoutFactor(signedIn);
  return signedIn;
}

/** The owner of a record, or an admin (per the actor's role), may act on it; anyone else gets 403. */
export function requireOwnerOrAdmin(
  actor: Actor,
  ownerId: number | null,
  messages: { signedOut?: string; forbidden: string },
): SignedIn {
  const signedIn = requireUser(actor, messages.signedOut);
  if (signedIn.id !== ownerId) {
    if (signedIn.role !== "admin") throw new Forbidden(messages.forbidden);
    refuseAdminWithoutFactor(signedIn);
  }
  return signedIn;
}
