import type postgres from "postgres";
import { raceDeadline } from "./client.ts";
import { isDatabaseUnavailable } from "./errors.ts";

// Reads that may lag (search, listings, visitors' profiles, stats) go to the read replica while it
// answers and keeps up; otherwise to the primary, so a replica outage costs the site nothing but
// the primary's extra load. The replica is skipped when a read on it fails (the read is then made
// again on the primary, in the same request) or when it lags more than a bound, and probed again
// after a back-off that doubles up to a minute. Each change of state is logged once.

export type ReplicaLog = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
};

export type ReadRoutingOptions = {
  /** A replica further behind than this is skipped. */
  maxLagMs: number;
  /** How often a replica in use is asked how far behind it is. */
  probeEveryMs?: number;
  /** The first wait before a skipped replica is tried again; it doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A probe that takes longer than this counts as a failure. */
  probeTimeoutMs?: number;
  log?: ReplicaLog;
};

export type ReadRouting = {
  /** "replica" while reads go to it, "primary" while it is skipped. */
  target: () => "replica" | "primary";
};

type Unsafe = postgres.Sql["unsafe"];
type Call = Parameters<Unsafe>;

/** Awaitable like postgres.js's query (Drizzle awaits it, or asks for .values() first). */
class RoutedQuery implements PromiseLike<unknown> {
  #values = false;
  #result: Promise<unknown> | undefined;
  readonly #run: (values: boolean) => Promise<unknown>;
  constructor(run: (values: boolean) => Promise<unknown>) {
    this.#run = run;
  }
  values() {
    this.#values = true;
    return this;
  }
  // biome-ignore lint/suspicious/noThenProperty: awaitable like the postgres.js query it stands for
  then<A = unknown, B = never>(
    onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.#result ??= this.#run(this.#values);
    return this.#result.then(onFulfilled, onRejected);
  }
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return this.then(undefined, onRejected);
  }
  finally(onFinally?: (() => void) | null) {
    return this.then().finally(onFinally);
  }
}

const LAG_PROBE = `select case
    when not pg_is_in_recovery() then 0
    when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
    else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0)
  end::float8 as lag_ms`;

/**
 * Makes the replica pool's statements (sql.unsafe, which Drizzle sends everything through) go to
 * the replica or to the primary, as described above.
 */
export function routeReads(replica: postgres.Sql, primary: postgres.Sql, options: ReadRoutingOptions): ReadRouting {
  const { maxLagMs, probeEveryMs = 5_000, backoffMs = 1_000, maxBackoffMs = 60_000, probeTimeoutMs = 1_000, log } = options;
  const onReplica = replica.unsafe.bind(replica) as Unsafe;
  const onPrimary = primary.unsafe.bind(primary) as Unsafe;
  let skipped = false;
  let backoff = backoffMs;
  let nextProbe = 0;
  let probing: Promise<void> | undefined;

  function skip(reason: string) {
    if (!skipped) {
      skipped = true;
      backoff = backoffMs;
      log?.warn({ reason, retryInMs: backoff }, "read replica skipped: its reads go to the primary");
    } else {
      backoff = Math.min(backoff * 2, maxBackoffMs);
    }
    nextProbe = Date.now() + backoff;
  }

  function use() {
    if (skipped) {
      skipped = false;
      log?.info({}, "read replica back: reads go to it again");
    }
    nextProbe = Date.now() + probeEveryMs;
  }

  function probe() {
    probing ??= raceDeadline(onReplica(LAG_PROBE) as PromiseLike<{ lag_ms: number }[]>, probeTimeoutMs)
      .then(
        ([row]) => {
          const lag = Number(row?.lag_ms ?? 0);
          if (lag > maxLagMs) skip(`it is ${Math.round(lag)} ms behind the primary (bound ${maxLagMs} ms)`);
          else use();
        },
        (error: unknown) => skip(`it did not answer: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        probing = undefined;
      });
    return probing;
  }

  function start(on: Unsafe, call: Call, values: boolean): Promise<unknown> {
    const query = on(...call);
    return Promise.resolve(values ? query.values() : query);
  }

  async function run(call: Call, values: boolean) {
    if (Date.now() >= nextProbe) void probe();
    if (skipped) return start(onPrimary, call, values);
    try {
      return await start(onReplica, call, values);
    } catch (error) {
      if (!isDatabaseUnavailable(error) && !isRecoveryConflict(error)) throw error;
      skip(`a read failed: ${error instanceof Error ? error.message : String(error)}`);
      return start(onPrimary, call, values);
    }
  }

  replica.unsafe = ((...call: Call) => new RoutedQuery((values) => run(call, values))) as unknown as Unsafe;
  return { target: () => (skipped ? "primary" : "replica") };
}

/** A hot standby cancels a read that conflicts with replay (SQLSTATE 40001 there): the primary can answer it. */
function isRecoveryConflict(error: unknown) {
  return (error as { code?: unknown })?.code === "40001" && /recovery/i.test(String((error as Error).message));
}
