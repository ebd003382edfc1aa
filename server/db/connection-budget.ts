import type { Config } from "../config.ts";
import type { Sql } from "./client.ts";

// How many connections one instance may open to the PostgreSQL server itself, and whether they
// fit under its max_connections. Each worker process opens: the request pool (DATABASE_POOL_SIZE),
// the background jobs' pool, the direct pool (start-up lock, migrations), one LISTEN connection
// for the caches (server/instances.ts) and the job queue's pool plus its own LISTEN (pg-boss).
// Behind a transaction pooler (DATABASE_POOLER) the request and jobs pools go to the pooler; the
// rest must reach the server directly, and it is those that add up unseen as instances are added.
// With more than one worker the primary process is one more client: it prepares the database on
// its direct pool (start-up lock, migrations, seed) and keeps that pool while the workers start;
// it never serves a request or runs a job, so its request and jobs pools stay unopened.

/** Connections of each pool one process opens at most (server/db/setup.ts, server/jobs/queue.ts). */
export const POOL_MAX = { jobs: 2, direct: 4, listen: 1 } as const;

export type ConnectionBudget = {
  workers: number;
  /** Connections one worker opens to the server, by pool. */
  perWorker: Record<string, number>;
  /** The primary's own connections, by pool, when it forks workers (none when one process does everything). */
  primary: Record<string, number>;
  /** workers × the sum of perWorker, plus the primary's. */
  total: number;
};

const sum = (pools: Record<string, number>) => Object.values(pools).reduce((total, n) => total + n, 0);

/**
 * The most connections an instance of `workers` processes opens to the PostgreSQL server
 * (not to a pooler in front of it). `jobQueue`: the job queue's pool and its LISTEN connection.
 */
export function connectionBudget(database: Config["database"], workers: number, jobQueue: number): ConnectionBudget {
  const perWorker: Record<string, number> = database.pooler
    ? { direct: POOL_MAX.direct, listen: POOL_MAX.listen, jobQueue }
    : { requests: database.poolSize, jobs: POOL_MAX.jobs, direct: POOL_MAX.direct, listen: POOL_MAX.listen, jobQueue };
  // One worker is this process itself (server/main.ts runSingle); more are forked by a primary.
  const primary: Record<string, number> = workers > 1 ? { direct: POOL_MAX.direct } : {};
  return { workers, perWorker, primary, total: workers * sum(perWorker) + sum(primary) };
}

type BudgetLog = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * Says at start-up how many connections this instance may open and how many the server allows;
 * warns when they would not fit beside the connections already open (other instances, a pooler's
 * server connections, administration). Call it before this process opens its pools: the one
 * connection it reads with is left out of the count.
 */
export async function checkConnectionBudget(sql: Sql, budget: ConnectionBudget, log: BudgetLog) {
  const [row] = await sql<{ max: number; reserved: number; open: number }[]>`
    select current_setting('max_connections')::int as max,
           current_setting('superuser_reserved_connections')::int
             + coalesce(current_setting('reserved_connections', true)::int, 0) as reserved,
           (select count(*)::int from pg_stat_activity
             where backend_type = 'client backend' and pid <> pg_backend_pid()) as open`;
  if (!row) return undefined;
  const available = row.max - row.reserved;
  const facts = {
    connectionBudget: budget.total,
    workers: budget.workers,
    perWorker: budget.perWorker,
    primary: budget.primary,
    maxConnections: row.max,
    reserved: row.reserved,
    openByOthers: row.open,
  };
  const fits = budget.total + row.open <= available;
  if (fits) {
    log.info(facts, `this instance opens at most ${budget.total} connections to PostgreSQL; ${available - row.open} are free`);
  } else {
    log.warn(
      facts,
      `this instance may open ${budget.total} connections to PostgreSQL, but only ${Math.max(0, available - row.open)} of max_connections ${row.max} are free (${row.reserved} reserved, ${row.open} open by others): requests will fail with "too many clients" under load. Lower DATABASE_POOL_SIZE or WEB_CONCURRENCY, raise max_connections, or put PgBouncer in front (DATABASE_POOLER; README, Running more than one instance).`,
    );
  }
  return { ...facts, available, fits };
}
