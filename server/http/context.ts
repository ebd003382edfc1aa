import type { Context } from "hono";
import type { Registry } from "prom-client";
import type { Config } from "../config.ts";
import type { Database, Sql } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import type { Runtime } from "../runtime.ts";
import type { ServiceDeps, ServiceRuntime } from "../services/context.ts";
import type { Mailer } from "../services/mail.ts";
import type { CurrentSession } from "../services/sessions.ts";
import type { PhotoStorage } from "../services/storage.ts";
import type { LoopCpu } from "./loop-cpu.ts";
import type { CachedPageEffect } from "./middleware/page-cache.ts";

// The per-request context both doors hand on. The HTTP layer owns it; app/context.ts holds only
// React Router's key for it.

export type SessionVariables = {
  /** The signed-in session of this request, resolved on first use and then remembered. */
  getSession: () => Promise<CurrentSession | null>;
};

export type HttpEnv = {
  Variables: SessionVariables & {
    log: Logger;
    requestId: string;
    clientIp: string;
    /** The browser's device cookie, or the one a sign-in in this request will set (middleware/device.ts). */
    deviceToken: string;
    secureHeadersNonce?: string;
    /** Set by the page cache on a render it may keep (server/http/middleware/page-cache.ts). */
    cachedPageEffects?: CachedPageEffect[];
    /** The request's event-loop CPU, set once its response is ready (server/http/loop-cpu.ts). */
    loopCpu?: LoopCpu;
  };
};

/** A request's context in the JSON API's handlers and readers. */
export type HttpContext = Context<HttpEnv>;

/** What every loader and action gets: the process's singletons and the request's facts. */
export type AppContext = {
  db: Database;
  /**
   * For reads that may lag a moment behind the last write (search, listings, a visitor's view of
   * a profile, the stats): the read replica when DATABASE_READ_URL is set, else `db`. Anything
   * read right after a write, and anything a signed-in person sees of their own, reads `db`.
   */
  readDb: Database;
  config: Config;
  log: Logger;
  mailer: Mailer;
  jobs: Pick<JobQueue, "enqueue">;
  storage: PhotoStorage;
  requestId: string;
  /** Per-request CSP nonce for the inline scripts React Router writes. */
  nonce: string;
  clientIp: string;
  /** The User-Agent header (a new session keeps it for the account page's list). */
  userAgent?: string;
  /** The browser's device cookie (middleware/device.ts): a sign-in from a known device is not mailed. */
  deviceToken?: string;
  /** The signed-in session (cookie or Bearer), resolved once per request by the HTTP layer; null when signed out. */
  session: CurrentSession | null;
  /** This process's state for the services (server/runtime.ts). */
  runtime: ServiceRuntime;
  /**
   * What this render did for its visitor that must be done again for each visitor later served a
   * cached copy of the page (counting a view, say): loaders add to it; the page cache keeps it
   * with the page. An empty list nobody reads when the page is not one the cache keeps.
   */
  cachedPageEffects: CachedPageEffect[];
  /**
   * Cookies an action sets beside its own answer (a re-authentication's new session token): the
   * HTTP layer adds them to the response. Absent when the session came from a Bearer token, or
   * outside a request (tests, jobs).
   */
  responseCookies?: string[];
};

export type HttpDeps = {
  config: Config;
  db: Database;
  /** The read replica (DATABASE_READ_URL); `db` when there is none. */
  readDb?: Database;
  sql: Sql;
  log: Logger;
  mailer: Mailer;
  /** The job queue in PostgreSQL (mail with retries, alerts): services enqueue, workers run. */
  jobs: JobQueue;
  /** Where profile photos are stored (DATA_DIR/uploads or an S3-compatible bucket). */
  storage: PhotoStorage;
  /** Renders a page with React Router; the HTTP layer only supplies the context. */
  renderDocument: (request: Request, context: AppContext) => Promise<Response>;
  /** The client build (hashed assets); absent in development, where Vite serves them. */
  clientDir?: string;
  /** The supervised embedded database's state, shown by /healthz (absent with DATABASE_URL). */
  databaseState?: () => string;
  /** This process's state (server/runtime.ts), created once by server/main.ts. */
  runtime: Runtime;
  /**
   * A node:cluster worker's: given this process's metrics, what GET /metrics answers (every
   * worker's, summed by the primary: server/cluster.ts). Absent in a single process.
   */
  shareMetrics?: (registry: Registry) => () => Promise<string>;
};

/** The services' dependencies for a page request (loaders and actions). */
export function serviceDeps(context: AppContext): ServiceDeps {
  const { db, readDb, config, log, jobs, storage, clientIp, userAgent, deviceToken, runtime } = context;
  return { db, readDb, config, log, jobs, storage, clientIp, userAgent, deviceToken, runtime };
}

/** The services' dependencies for a JSON API request. */
export function apiServiceDeps(deps: HttpDeps, c: Context<HttpEnv>): ServiceDeps {
  const { db, config, jobs, storage, runtime } = deps;
  const readDb = deps.readDb ?? db;
  const userAgent = c.req.header("user-agent");
  const deviceToken = c.get("deviceToken");
  return { db, readDb, config, jobs, storage, runtime, log: c.get("log"), clientIp: c.get("clientIp"), userAgent, deviceToken };
}
