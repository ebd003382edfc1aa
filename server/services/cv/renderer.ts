import Tinypool from "tinypool";
import { ServiceUnavailable } from "../errors.ts";
import { layoutFingerprint } from "./cache.ts";
import type { CvFormatKey } from "./formats.ts";
import type { CvData } from "./render.ts";
import type { CvTask } from "./worker.ts";

// Where CVs are laid out: a pool of one thread per process (./worker.ts), with a short queue and
// a deadline, so that no burst of CV requests can hold the event loop or grow without bound. Two
// requests for the same CV while it is being made share one rendering.

const CV_BUSY_MESSAGE = "Many CVs are being prepared just now. Please try again in a few seconds.";

export type CvRendererOptions = {
  /** Threads that lay out CVs at once (1: the process's other core serves requests). */
  threads?: number;
  /** CVs waiting for a thread beyond those being made; more are refused with 503. */
  maxQueue?: number;
  /** The most a CV may take, waiting included, before its request is answered 503. */
  timeoutMs?: number;
  /** An idle thread exits after this long (its fonts are loaded again by the next CV). */
  idleTimeoutMs?: number;
};

export type CvRenderer = {
  /** A fingerprint of the layouts' code: part of every CV's digest (./cache.ts). */
  layout: string;
  /** Lays out `cv` in `format` in the CV thread. */
  render: (format: CvFormatKey, cv: CvData, options?: { generatedAt?: Date }) => Promise<Uint8Array>;
  /** Runs `work` once for every caller asking for `key` while it runs; they all get its answer. */
  once: <T>(key: string, work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export function createCvRenderer(options: CvRendererOptions = {}): CvRenderer {
  const { threads = 1, maxQueue = 8, timeoutMs = 20_000, idleTimeoutMs = 5 * 60_000 } = options;
  const pool = new Tinypool({
    filename: new URL("./worker.ts", import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    maxQueue,
    idleTimeout: idleTimeoutMs,
    // A CV is a few hundred kilobytes; a thread that needs more than this has a bug.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  const running = new Map<string, Promise<unknown>>();

  async function render(format: CvFormatKey, cv: CvData, { generatedAt = new Date() } = {}) {
    if (pool.queueSize >= maxQueue) throw new ServiceUnavailable(CV_BUSY_MESSAGE, 5);
    const task: CvTask = { format, cv, generatedAt };
    try {
      // A CV past its deadline ends its thread (tinypool terminates it); the next starts afresh.
      return (await pool.run(task, { signal: AbortSignal.timeout(timeoutMs) })) as Uint8Array;
    } catch (error) {
      const name = (error as { name?: unknown })?.name;
      if (name === "AbortError" || name === "TimeoutError") throw new ServiceUnavailable(CV_BUSY_MESSAGE, 5);
      if (error instanceof Error && error.message === "Task queue is at limit") {
        throw new ServiceUnavailable(CV_BUSY_MESSAGE, 5);
      }
      throw error;
    }
  }

  function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const current = running.get(key) as Promise<T> | undefined;
    if (current) return current;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  }

  return { layout: layoutFingerprint(), render, once, close: () => pool.destroy() };
}
