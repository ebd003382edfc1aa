import { Worker } from "node:worker_threads";
import { CV_IMPORT_LIMITS, CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import type { ParsedCv } from "./parse-file.ts";
import { ImportRefused, type RefusalKind } from "./refusal.ts";

// Reading a CV runs in a worker thread of its own, never on the event loop: parsers of PDFs and
// Word files can take long or need much memory on a hostile file. The thread gets a heap of at
// most 256 MB (in all: old and young generations) and 20 seconds; past either it is stopped and
// the file refused with a message that says why. Nothing is written to disk: the file lives in
// memory only, for as long as it is read.

export type WorkerBounds = { timeoutMs: number; memoryMb: number };

export const DEFAULT_BOUNDS: WorkerBounds = {
  timeoutMs: CV_IMPORT_LIMITS.seconds * 1000,
  memoryMb: CV_IMPORT_LIMITS.memoryMb,
};

type Answer = { ok: true; result: ParsedCv } | { ok: false; kind: RefusalKind; message: string; detail?: string };

export function readInWorker(
  bytes: Uint8Array,
  bounds: WorkerBounds = DEFAULT_BOUNDS,
  log?: { warn: (obj: object, msg?: string) => void },
): Promise<ParsedCv> {
  const young = Math.min(32, Math.floor(bounds.memoryMb / 8));
  // A copy of its own for the thread, handed over without a second copy.
  const copy = new Uint8Array(bytes);
  const worker = new Worker(new URL("./worker.ts", import.meta.url), {
    workerData: { bytes: copy },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: bounds.memoryMb - young, maxYoungGenerationSizeMb: young, stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
  return new Promise<ParsedCv>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new ImportRefused("too-slow", CV_IMPORT_MESSAGES.tooSlow))),
      bounds.timeoutMs,
    );
    worker.once("message", (answer: Answer) =>
      finish(() => {
        if (answer.ok) resolve(answer.result);
        else {
          if (answer.detail) log?.warn({ detail: answer.detail }, "a CV could not be read");
          reject(new ImportRefused(answer.kind, answer.message));
        }
      }),
    );
    worker.once("error", (error: Error & { code?: string }) =>
      finish(() => {
        if (error.code === "ERR_WORKER_OUT_OF_MEMORY") reject(new ImportRefused("too-big", CV_IMPORT_MESSAGES.tooBig));
        else {
          log?.warn({ err: error }, "the CV reader stopped");
          reject(new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable));
        }
      }),
    );
    worker.once("exit", () => finish(() => reject(new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable))));
  });
}
