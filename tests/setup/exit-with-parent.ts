import { isMainThread } from "node:worker_threads";

// Preloaded (node --import) into the app servers that the browser tests start ahead of need
// (tests/setup/e2e.ts): such a server waits, idle, for a file that may never come. Its stdin is a
// pipe from the Vitest worker that started it; when that worker ends (the run is over, or it was
// killed) the pipe closes, and the server goes with it instead of living on without a database.
// Only in the main thread: a preload runs in the app's worker threads too (the CV renderer's),
// where stdin is an empty stream that ends at once.
if (isMainThread) {
  process.stdin.on("end", () => process.exit(0));
  process.stdin.on("error", () => process.exit(0));
  process.stdin.resume();
}
