import { createContext } from "react-router";
import type { Config } from "../server/config.ts";
import type { Database } from "../server/db/client.ts";
import type { JobQueue } from "../server/jobs/queue.ts";
import type { Logger } from "../server/logger.ts";
import type { Mailer } from "../server/services/mail.ts";
import type { CurrentSession } from "../server/services/sessions.ts";
import type { PhotoStorage } from "../server/services/storage.ts";

/** What the HTTP server hands to every loader and action: the process's singletons and the request's facts. */
export type AppContext = {
  db: Database;
  config: Config;
  log: Logger;
  mailer: Mailer;
  /** The job queue: services enqueue mail and background work on it. */
  jobs: JobQueue;
  storage: PhotoStorage;
  requestId: string;
  /** Per-request CSP nonce for the inline scripts React Router writes. */
  nonce: string;
  clientIp: string;
  /** The signed-in session (cookie or Bearer), resolved once per request by the HTTP layer; null when signed out. */
  session: CurrentSession | null;
};

export const appContext = createContext<AppContext>();
