import type { Config } from "./config.ts";
import { connectionBudget } from "./db/connection-budget.ts";
import { openDatabase } from "./db/setup.ts";
import { backfillUnspacedWords } from "./db/unspaced-words.ts";
import { JOB_QUEUE_CONNECTIONS } from "./jobs/queue.ts";
import type { Logger } from "./logger.ts";
import { ensureAdmin } from "./services/accounts/bootstrap.ts";
import { refreshSearchDocuments } from "./services/opportunities/opportunities.ts";
import { seedDemoOpportunities } from "./services/opportunities/seed.ts";
import { GlossaryCache, prepareSearchConcepts } from "./services/search/concepts.ts";

/**
 * The database the app runs on: connected, checked and migrated by the db layer
 * (server/db/setup.ts, which knows no business rules), and given its first admin and the field
 * glossary's forms for the search inside the same start-up lock, so instances starting together
 * create one admin and write the forms once. With SEED_DEMO, the demo organizations' opportunities
 * follow the demo directory (once: not when any opportunity exists).
 */
export function openAppDatabase(
  config: Config,
  log: Logger,
  { workers, ...options }: Parameters<typeof openDatabase>[2] & { workers?: number } = {},
) {
  return openDatabase(config, log, {
    ...options,
    // The app serving HTTP (`workers` processes): its connections, said and checked at start-up.
    ...(workers ? { connectionBudget: connectionBudget(config.database, workers, JOB_QUEUE_CONNECTIONS) } : {}),
    underLock: async (db) => {
      await ensureAdmin(db, log, config.admin);
      if (await prepareSearchConcepts(db, await new GlossaryCache().get(db))) {
        log.info({}, "the glossary's forms changed: every profile is tagged again with its concepts in the background");
      }
      // Opportunities with Thai, Lao, Khmer or Burmese text written before their words were cut (0045).
      await backfillUnspacedWords(db, { table: "opportunities", refresh: (ids) => refreshSearchDocuments(db, ids) });
    },
    afterDemoSeed: async (db) => {
      const seeded = await seedDemoOpportunities(db, new Date());
      if (seeded.opportunities > 0) log.info(seeded, "the demo organizations posted their opportunities");
    },
  });
}
