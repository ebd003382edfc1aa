import type { Context } from "hono";
import type { Config } from "../config.ts";
import type { Database, Sql } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import type { ServiceDeps } from "../services/context.ts";
import type { Mailer } from "../services/mail.ts";
import type { CurrentSession } from "../services/sessions.ts";
import type { PhotoStorage } from "../services/storage.ts";

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
    secureHeadersNonce?: string;
  };
};

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
  /** The signed-in session (cookie or Bearer), resolved once per request by the HTTP layer; null when signed out. */
  session: CurrentSession | null;
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
};

/** The services' dependencies for a page request (loaders and actions). */
export function serviceDeps(context: AppContext): ServiceDeps {
  const { db, config, log, jobs, storage, clientIp } = context;
  return { db, config, log, jobs, storage, clientIp };
}

/** The services' dependencies for a JSON API request. */
export function apiServiceDeps(deps: HttpDeps, c: Context<HttpEnv>): ServiceDeps {
  const { db, config, jobs, storage } = deps;
  return { db, config, jobs, storage, log: c.get("log"), clientIp: c.get("clientIp") };
}
