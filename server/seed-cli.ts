import { parseArgs } from "node:util";
import { openAppDatabase } from "#server/app-database.ts";
import { loadConfig } from "#server/config.ts";
import { generateConsultants } from "#server/db/seed/generate.ts";
import { bulkLoadConsultants } from "#server/db/seed/seed.ts";
import { createLogger } from "#server/logger.ts";
import { seedManyOpportunities } from "#server/services/opportunities/seed.ts";

// npm run seed -- --count 100000 [--reset] [--seed N] [--opportunities 20000]
// Fills the configured database (DATABASE_URL, or the embedded one under DATA_DIR) with a large
// synthetic directory of approved profiles, for benchmarks and load tests. --count 0 adds none.
// --opportunities N replaces the earlier seeded opportunities (and their `seed-` organizations)
// with N Terms of Reference, most of them published and open, dated from today.

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    seed: { type: "string" },
    reset: { type: "boolean", default: false },
    opportunities: { type: "string", default: "0" },
  },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
  console.error("--count must be a whole number from 0 to 5000000");
  process.exit(2);
}
const opportunityCount = Number(values.opportunities);
if (!Number.isInteger(opportunityCount) || opportunityCount < 0 || opportunityCount > 500_000) {
  console.error("--opportunities must be a whole number from 0 to 500000");
  process.exit(2);
}

const config = { ...loadConfig(), seedDemo: false };
const log = createLogger(config);
const database = await openAppDatabase(config, log);
try {
  if (values.reset) {
    await database.directSql`truncate consultants restart identity cascade`;
    log.info("removed all consultants (--reset)");
  }
  const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
  if (count > 0) {
    const started = performance.now();
    const tag = Date.now().toString(36);
    // Progress on one line when a person watches, one log line per tenth otherwise.
    let nextTenth = 0.1;
    const progress = (written: number) => {
      const share = written / count;
      const elapsed = (performance.now() - started) / 1000;
      const rate = written / Math.max(elapsed, 0.001);
      const left = Math.round((count - written) / Math.max(rate, 1));
      const line = `seeding: ${written} of ${count} (${Math.floor(share * 100)} %), ${Math.round(rate)} a second, about ${left} s left`;
      if (process.stderr.isTTY) process.stderr.write(`\r${line}`);
      else if (share >= nextTenth || written === count) {
        log.info({ written, count }, line);
        while (nextTenth <= share) nextTenth += 0.1;
      }
    };
    // Session settings on reserved connections: the direct connection, never a transaction pooler.
    const written = await bulkLoadConsultants(
      database.directSql,
      generateConsultants({
        count,
        seed,
        uniqueSuffix: true,
        emailTag: tag,
      }),
      { onProgress: progress, batchSize: Math.min(10_000, Math.max(500, Math.ceil(count / 20))) },
    );
    if (process.stderr.isTTY) process.stderr.write("\n");
    const loaded = performance.now();
    // Steady state for queries: statistics for the planner, hint bits and the visibility map set.
    log.info("vacuum and analyze (statistics for the planner)");
    await database.directSql`vacuum (analyze) consultants, search_words`;
    const seconds = (loaded - started) / 1000;
    const vacuumSeconds = (performance.now() - loaded) / 1000;
    log.info(
      { written, seconds: Math.round(seconds * 10) / 10, vacuumSeconds: Math.round(vacuumSeconds * 10) / 10 },
      `seeded ${written} consultants in ${seconds.toFixed(1)} s (then vacuum and analyze in ${vacuumSeconds.toFixed(1)} s)`,
    );
  }
  if (opportunityCount > 0) {
    const started = performance.now();
    const written = await seedManyOpportunities(database.directDb, { count: opportunityCount, seed, now: new Date() });
    await database.directSql`vacuum (analyze) opportunities, organizations`;
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    log.info({ opportunities: written, seconds }, `wrote ${written} opportunities in ${seconds} s`);
  }
} finally {
  await database.close();
}
