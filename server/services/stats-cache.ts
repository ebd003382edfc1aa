import type { DirectoryStats } from "#common/views.ts";
import type { Database } from "#server/db/client.ts";
import { type CacheOptions, cachedPerKey } from "./ttl-cache.ts";

export const STATS_TTL_MS = 60_000;

/**
 * The directory's stats at most a minute old (ttl-cache.ts): no page view pays for reading every
 * profile. One per process, in its runtime (server/runtime.ts), which drops it whenever the
 * directory changes here or on another instance, so every door of every process counts afresh
 * after a write. (A file of its own, apart from the counting in stats.ts, so that the services'
 * contract can name it without importing the read model.)
 */
export class StatsCache {
  private readonly count: (db: Database) => Promise<DirectoryStats>;
  private readonly cached: ReturnType<typeof cachedPerKey<Database, DirectoryStats>>;
  private recountOnPrimary = false;

  constructor(count: (db: Database) => Promise<DirectoryStats>) {
    this.count = count;
    this.cached = cachedPerKey(count, STATS_TTL_MS);
  }

  /**
   * The stats from the replica when there is one, except the first count after a change, which
   * reads the primary (the replica may not have replayed the change yet, and a stale count would
   * then be kept for the whole TTL). `options` are for tests (a clock, a TTL, a loader).
   */
  read({ db, readDb }: { db: Database; readDb: Database }, options: CacheOptions<DirectoryStats, Database> = {}) {
    return this.cached(readDb, {
      load: () => {
        const source = this.recountOnPrimary ? db : readDb;
        this.recountOnPrimary = false;
        return this.count(source);
      },
      ...options,
    });
  }

  /** A profile created, edited, moderated or deleted, here or on another instance: the next read counts afresh. */
  drop() {
    this.recountOnPrimary = true;
    this.cached.invalidateAll();
  }
}
