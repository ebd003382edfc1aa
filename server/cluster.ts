import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { PageCacheInvalidations } from "./http/middleware/page-cache.ts";
import type { Logger } from "./logger.ts";

// Both cores: the primary process prepares the database once (starts the embedded PostgreSQL,
// migrates, seeds), runs the maintenance schedule, and forks WEB_CONCURRENCY workers that each
// serve HTTP on the same port (node:cluster hands them connections in turn). A session, a rate
// limit, anything shared, lives in PostgreSQL, so any worker can answer any request. What a
// worker keeps in memory is a cache; the one that must not go stale, the signed-out page cache,
// is dropped in every worker before a write's response leaves (the messages below).

/** Workers by default: one per core the process may use. */
export function defaultWorkerCount() {
  return Math.max(1, os.availableParallelism());
}

type InvalidateMessage = { type: "page-cache:invalidate"; id: number };
type InvalidatedMessage = { type: "page-cache:invalidated"; id: number };
type CollectMessage = { type: "metrics:collect"; id: number };
type CollectedMessage = { type: "metrics:collected"; id: number; text?: string; error?: string };

const isMessage = (value: unknown, type: string): value is { type: string; id: number } =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === type;

/** In a worker: a write here drops the other workers' pages too, and theirs drop ours. */
export function shareInvalidationsWithSiblings(pages: PageCacheInvalidations) {
  let next = 0;
  const waiting = new Map<number, () => void>();
  pages.subscribe((origin) => {
    if (origin !== "local" || !process.send || !process.connected) return;
    const id = ++next;
    return new Promise<void>((resolve) => {
      // The primary answers within a millisecond; a second means a sibling is stuck or gone.
      const timer = setTimeout(() => finish(), 1000);
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
      waiting.set(id, finish);
      process.send?.({ type: "page-cache:invalidate", id } satisfies InvalidateMessage);
    });
  });
  process.on("message", (message: unknown) => {
    if (isMessage(message, "page-cache:invalidate")) {
      void pages.invalidate("remote").finally(() => {
        if (process.connected) process.send?.({ type: "page-cache:invalidated", id: message.id } satisfies InvalidatedMessage);
      });
    } else if (isMessage(message, "page-cache:invalidated")) {
      waiting.get(message.id)?.();
    }
  });
}

/**
 * In a worker: /metrics answers for the whole instance, not for the worker the scrape happened to
 * reach (each worker counting its own requests made a counter read 42, 63, 42, 63 as scrapes
 * alternated). This worker's registry answers the primary's collection (prom-client's
 * AggregatorRegistry); the returned function asks the primary for every worker's metrics, summed
 * (gauges that read the database take the first worker's value: see server/http/metrics.ts).
 */
export function shareMetricsWithPrimary(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing it in a worker starts answering the primary's requests for this worker's metrics.
  new AggregatorRegistry();
  let next = 0;
  const waiting = new Map<number, (answer: CollectedMessage) => void>();
  process.on("message", (message: unknown) => {
    if (isMessage(message, "metrics:collected")) waiting.get(message.id)?.(message as CollectedMessage);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      if (!process.send || !process.connected) return reject(new Error("the primary process is gone"));
      const id = ++next;
      // prom-client gives up on a worker that does not answer after 5 s; this is the backstop.
      const timer = setTimeout(() => finish({ type: "metrics:collected", id, error: "the primary did not answer" }), 7000);
      const finish = (answer: CollectedMessage) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(`metrics of the workers: ${answer.error ?? "no answer"}`));
      };
      waiting.set(id, finish);
      process.send({ type: "metrics:collect", id } satisfies CollectMessage);
    });
}

type PrimaryOptions = {
  workers: number;
  log: Logger;
  /** Environment for the workers (the database URL the primary resolved). */
  env: Record<string, string>;
  /** Called once every worker has exited after a shutdown signal. */
  onStopped: () => Promise<void>;
  /** The first wait before a replacement worker that failed to start is forked again; it doubles up to 30 s. */
  restartDelayMs?: number;
};

/** A worker exits with this when the configuration is wrong (server/main.ts): starting another would not help. */
const CONFIG_EXIT_CODE = 78;
const MAX_RESTART_DELAY_MS = 30_000;

/** In the primary: fork the workers, keep them running, relay invalidations, stop them gracefully. */
export function runPrimary({ workers, log, env, onStopped, restartDelayMs = 1_000 }: PrimaryOptions) {
  let stopping = false;
  const everListened = new WeakSet<Worker>();
  // Whether this instance has served: a worker that cannot start then is no reason to stop the
  // others (its replacement needs the database, which may be down for a while: issue 35).
  let served = false;
  let restartDelay = restartDelayMs;
  const pendingRestarts = new Set<ReturnType<typeof setTimeout>>();
  // An invalidation from one worker waits for every other worker's answer.
  let nextRelay = 0;
  const relays = new Map<number, { from: Worker; fromId: number; remaining: Set<Worker> }>();
  // A worker's /metrics: every worker's registry, collected and summed here (prom-client).
  const metrics = new AggregatorRegistry();

  const settle = (relayId: number) => {
    const relay = relays.get(relayId);
    if (!relay || relay.remaining.size > 0) return;
    relays.delete(relayId);
    if (relay.from.isConnected())
      relay.from.send({ type: "page-cache:invalidated", id: relay.fromId } satisfies InvalidatedMessage);
  };

  const fork = () => {
    const worker = cluster.fork(env);
    worker.on("listening", () => {
      everListened.add(worker);
      served = true;
      restartDelay = restartDelayMs;
    });
    worker.on("message", (message: unknown) => {
      if (isMessage(message, "page-cache:invalidate")) {
        const relayId = ++nextRelay;
        const others = Object.values(cluster.workers ?? {}).filter(
          (other): other is Worker => other !== undefined && other !== worker && other.isConnected(),
        );
        relays.set(relayId, { from: worker, fromId: message.id, remaining: new Set(others) });
        for (const other of others) other.send({ type: "page-cache:invalidate", id: relayId } satisfies InvalidateMessage);
        settle(relayId);
      } else if (isMessage(message, "page-cache:invalidated")) {
        relays.get(message.id)?.remaining.delete(worker);
        settle(message.id);
      } else if (isMessage(message, "metrics:collect")) {
        const { id } = message;
        const answer = (reply: CollectedMessage) => {
          if (worker.isConnected()) worker.send(reply);
        };
        metrics.clusterMetrics().then(
          (text) => answer({ type: "metrics:collected", id, text }),
          (error: unknown) =>
            answer({ type: "metrics:collected", id, error: error instanceof Error ? error.message : String(error) }),
        );
      }
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    for (const [relayId, relay] of relays) {
      relay.remaining.delete(worker);
      settle(relayId);
    }
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void onStopped();
      return;
    }
    if (!everListened.has(worker)) {
      // At start-up (a wrong setting, a database that is not there yet), or a configuration problem: stop.
      if (!served || code === CONFIG_EXIT_CODE) {
        log.error({ pid: worker.process.pid, code, signal }, "a worker failed to start; stopping");
        void shutdown("worker failed to start", 1);
        return;
      }
      // A replacement while the instance serves: its siblings keep serving; try again, less and less often.
      log.error(
        { pid: worker.process.pid, code, signal, retryInMs: restartDelay },
        "a replacement worker failed to start; trying again",
      );
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        if (!stopping) fork();
      }, restartDelay);
      pendingRestarts.add(timer);
      restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "a worker exited unexpectedly; starting another");
    fork();
  });

  let exitCode = 0;
  async function shutdown(reason: string, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of pendingRestarts) clearTimeout(timer);
    log.info({ reason }, "shutting down: the workers finish their requests in flight");
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (running.length === 0) await onStopped();
    // Each worker stops accepting, finishes what it has, closes its pool and exits.
    for (const worker of running) worker.process.kill("SIGTERM");
  }

  for (let index = 0; index < workers; index++) fork();
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { exitCode: () => exitCode, stop: (reason: string) => shutdown(reason) };
}
