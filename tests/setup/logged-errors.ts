import { Writable } from "node:stream";
import { format } from "node:util";
import pino from "pino";
import type { Logger } from "#server/logger.ts";

// A logged server error, or a console.error, fails the integration test during which it happened
// (tests/setup/integration.ts checks after each test), as it already fails a browser test. A
// test that provokes an error on purpose takes it with takeLoggedErrors() and asserts on it.

const logged: string[] = [];

export function recordLoggedError(text: string): void {
  logged.push(text);
}

/** The errors logged since the last call (and forgets them). */
export function takeLoggedErrors(): string[] {
  return logged.splice(0);
}

/** A console.error stand-in that records instead of printing. */
export function recordConsoleError(...args: unknown[]): void {
  recordLoggedError(`console.error: ${format(...args)}`);
}

/** The app's logger for tests: silent, except that every error-level line is recorded. */
export function errorRecordingLogger(): Logger {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      recordLoggedError(String(chunk).trim());
      done();
    },
  });
  return pino({ level: "error" }, sink);
}
