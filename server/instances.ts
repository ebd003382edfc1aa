import { randomUUID } from "node:crypto";
import type { Sql } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import type { Runtime } from "./runtime.ts";

// Several app instances (machines, containers) on one database: what one instance keeps in memory
// about the directory (the stats, the signed-out page cache) must not outlive a write made on
// another. Each HTTP process LISTENs on one PostgreSQL channel and NOTIFYs it after its own
// writes; the others drop their copies when the notification arrives, milliseconds after the
// write committed. (node:cluster workers of one instance also tell each other directly, see
// cluster.ts; hearing a change twice is harmless.)

export const CHANGES_CHANNEL = "devconsult_changes";

type Kind = "directory" | "pages";

/**
 * Starts sharing; resolves once this process listens. `listenSql` must be a direct connection
 * (LISTEN does not survive a transaction pooler); `notifySql` may be any pool.
 */
export async function shareChangesAcrossInstances({
  listenSql,
  notifySql,
  log,
  runtime,
}: {
  listenSql: Sql;
  notifySql: Sql;
  log: Pick<Logger, "warn">;
  /** This process's directory changes and page cache, which this shares. */
  runtime: Pick<Runtime, "directory" | "pages">;
}) {
  const self = randomUUID();
  const announce = (kind: Kind) => {
    notifySql.notify(CHANGES_CHANNEL, `${kind}:${self}`).catch((error: unknown) => {
      log.warn({ err: error }, "could not tell other instances about a change; their caches expire on their own");
    });
  };
  const stopDirectory = runtime.directory.subscribe((origin) => {
    if (origin === "local") announce("directory");
  });
  const stopPages = runtime.pages.subscribe((origin) => {
    if (origin === "local") announce("pages");
  });
  const listening = await listenSql.listen(CHANGES_CHANNEL, (payload) => {
    const [kind, from] = payload.split(":");
    if (from === self) return;
    if (kind === "directory") runtime.directory.changedElsewhere();
    void runtime.pages.invalidate("remote");
  });
  return async () => {
    stopDirectory();
    stopPages();
    await listening.unlisten();
  };
}
