import { prepareOnEveryConnection, recordStatements, type Sql } from "../db/client.ts";
import type { Logger } from "../logger.ts";

// Warm before ready (issue 35, item 5). A process that takes traffic cold opens its database
// connections, loads the route modules and renders its first page while the first requests wait:
// the review's first 200-connection run on a fresh server gave 37 and 128 client timeouts (10 s),
// warm reruns none. So a process listens (and /readyz, node:cluster and a load balancer see it)
// only after its pools are connected and the busiest pages have been answered once, in-process.

/**
 * Pages answered once before listening: the home page (root loader, the listing, stats, the page
 * cache), a search by keyword (the full-text statements: the busiest page, and the one the
 * review's load test asked for) and the search API.
 */
const WARM_PATHS = ["/", "/?keywords=evaluation", "/api/consultants?limit=1"] as const;

type WarmUp = {
  /**
   * The request pools, each with its size: the primary's and, with DATABASE_READ_URL, the
   * replica's (where search and the home page read). Every connection is opened, not only the first.
   */
  pools: { name: string; sql: Sql; size: number }[];
  /** The app's own request handler (no socket, no user agent: nobody is counted as a visitor). */
  fetch: (request: Request) => Response | Promise<Response>;
  origin: string;
  log: Pick<Logger, "info" | "warn">;
};

/**
 * Opens every connection of the pools and answers WARM_PATHS once. Never stops the start: a step
 * that fails is logged (the database deadlines bound each one) and the process serves anyway, as
 * it would have, with /readyz telling the truth about the database.
 */
export async function warmUp({ pools, fetch, origin, log }: WarmUp): Promise<{
  ms: number;
  failed: string[];
  prepared: Record<string, { statements: number; connections: number }>;
}> {
  const started = performance.now();
  const failed: string[] = [];
  // The pools at once: a replica that does not answer costs its connect timeout once, not after the primary's.
  await Promise.all(
    pools.map(async ({ name, sql, size }) => {
      try {
        // postgres.js hands a query to an idle connection, else opens a new one up to its maximum:
        // as many queries at once as the pool holds open all of them.
        await Promise.all(Array.from({ length: size }, () => sql`select 1`));
      } catch (error) {
        failed.push(name);
        log.warn({ err: error, pool: name }, "warm-up: could not open the database pool");
      }
    }),
  );
  // What the pages send, recorded per pool, then prepared on every connection (not only on the
  // one or two each page happened to use).
  const recordings = pools.map(({ sql }) => recordStatements(sql));
  for (const path of WARM_PATHS) {
    try {
      const response = await fetch(new Request(`${origin}${path}`));
      await response.arrayBuffer();
      if (!response.ok) {
        failed.push(`${path} ${response.status}`);
        log.warn({ path, status: response.status }, "warm-up: the page failed");
      }
    } catch (error) {
      failed.push(path);
      log.warn({ err: error, path }, "warm-up: the page failed");
    }
  }
  const statements = recordings.map((stop) => stop());
  const preparing = performance.now();
  const prepared: Record<string, { statements: number; connections: number }> = {};
  await Promise.all(
    pools.map(async ({ name, sql, size }, index) => {
      if (failed.includes(name)) return;
      try {
        prepared[name] = await prepareOnEveryConnection(sql, statements[index] ?? [], size);
      } catch (error) {
        failed.push(`${name} statements`);
        log.warn({ err: error, pool: name }, "warm-up: could not prepare the statements");
      }
    }),
  );
  const preparedMs = Math.round(performance.now() - preparing);
  const ms = Math.round(performance.now() - started);
  const connections = pools.reduce((sum, pool) => sum + pool.size, 0);
  log.info({ ms, connections, warmed: WARM_PATHS, prepared, preparedMs, failed }, "warmed up: ready for traffic");
  return { ms, failed, prepared };
}
