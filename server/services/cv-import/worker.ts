import { parentPort, workerData } from "node:worker_threads";
import { CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { parseCvFile } from "./parse-file.ts";
import { ImportRefused } from "./refusal.ts";

// The worker thread that reads one uploaded CV (read-in-worker.ts starts it, with its time and
// memory bounds). It answers once: the drafts, or why the file was refused.

const bytes = (workerData as { bytes: Uint8Array }).bytes;
try {
  parentPort?.postMessage({ ok: true, result: await parseCvFile(bytes) });
} catch (error) {
  if (error instanceof ImportRefused) parentPort?.postMessage({ ok: false, kind: error.kind, message: error.message });
  else parentPort?.postMessage({ ok: false, kind: "unreadable", message: CV_IMPORT_MESSAGES.unreadable, detail: String(error) });
}
