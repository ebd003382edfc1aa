import { PageCacheInvalidations } from "./http/middleware/page-cache.ts";
import type { ServiceRuntime } from "./services/context.ts";
import { type CvRenderer, createCvRenderer } from "./services/cv/renderer.ts";
import { DirectoryChanges } from "./services/directory-changes.ts";
import type { InsightsBuffer } from "./services/insights/counter.ts";
import { GlossaryCache } from "./services/search/concepts.ts";
import { createStatisticsCache } from "./services/search/planner.ts";
import { WordAnalyses } from "./services/search/words.ts";
import { createStatsCache } from "./services/stats.ts";

// Everything a process keeps in memory between requests, in one object: created once per process
// (per worker) by server/main.ts and handed down through the doors' deps (HttpDeps, the pages'
// AppContext, ServiceDeps, the job workers' deps). No module keeps state of its own: the pages
// run from React Router's build, which bundles its own copy of every service module it imports,
// so state kept in a module would silently exist twice (docs/decisions/002). An object passed
// in is the same object whichever copy of the code reads it.

export type Runtime = ServiceRuntime & {
  /** The signed-out page cache's generation and who hears of its invalidations (cluster, instances). */
  pages: PageCacheInvalidations;
  /** On shutdown, after the last request: writes what the insights buffer holds and stops its timer. */
  close(): Promise<void>;
};

/**
 * The runtime of one process. `insights` is the buffer counting views, appearances and CV
 * downloads, or null when INSIGHTS_COUNTING=false (nothing is counted, from any door).
 */
export function createRuntime({ insights }: { insights: InsightsBuffer | null }): Runtime {
  const directory = new DirectoryChanges();
  const stats = createStatsCache();
  const words = new WordAnalyses();
  const glossary = new GlossaryCache();
  // A profile created, edited, moderated or deleted, or a form added to the glossary, here or on
  // another instance: the stats are counted afresh and words analysed afresh on the next request.
  directory.subscribe(() => {
    stats.drop();
    words.clear();
    glossary.drop();
  });
  let closed: Promise<void> | undefined;
  // The CV thread of the process (downloads and the CVs sent with expressions of interest), made on first use.
  let cv: CvRenderer | undefined;
  return {
    directory,
    stats,
    words,
    statistics: createStatisticsCache(),
    glossary,
    insights,
    pages: new PageCacheInvalidations(),
    cvRenderer: () => {
      cv ??= createCvRenderer();
      return cv;
    },
    close() {
      closed ??= Promise.all([insights ? insights.close() : undefined, cv?.close()]).then(() => undefined);
      return closed;
    },
  };
}
