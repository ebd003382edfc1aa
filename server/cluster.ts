import cluster, { type Worker } from "node:cluster";
import os from "node:os";
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

type PrimaryOptions = {
  workers: number;
  log: Logger;
  /** Environment for the workers (the database URL the primary resolved). */
  env: Record<string, string>;
  /** Called once every worker has exited after a shutdown signal. */
  onStopped: () => Promise<void>;
};

/** In the primary: fork the workers, keep them running, relay invalidations, stop them gracefully. */
export function runPrimary({ workers, log, env, onStopped }: PrimaryOptions) {
  let stopping = false;
  const everListened = new WeakSet<Worker>();
  // An invalidation from one worker waits for every other worker's answer.
  let nextRelay = 0;
  const relays = new Map<number, { from: Worker; fromId: number; remaining: Set<Worker> }>();

  const settle = (relayId: number) => {
    const relay = relays.get(relayId);
    if (!relay || relay.remaining.size > 0) return;
    relays.delete(relayId);
    if (relay.from.isConnected())
      relay.from.send({ type: "page-cache:invalidated", id: relay.fromId } satisfies InvalidatedMessage);
  };

  const fork = () => {
    const worker = cluster.fork(env);
    worker.on("listening", () => everListened.add(worker));
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
      log.error({ pid: worker.process.pid, code, signal }, "a worker failed to start; stopping");
      void shutdown("worker failed to start", 1);
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
    log.info({ reason }, "shutting down: the workers finish their requests in flight");
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (running.length === 0) await onStopped();
    // Each worker stops accepting, finishes what it has, closes its pool and exits.
    for (const worker of running) worker.process.kill("SIGTERM");
  }

  for (let index = 0; index < workers; index++) fork();
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { exitCode: () => exitCode };
}
