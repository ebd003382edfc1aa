import { afterEach, beforeEach, vi } from "vitest";
import { recordConsoleError, takeLoggedErrors } from "./logged-errors.ts";

// Every integration test: a console.error or an error the app logged (tests/setup/api-app.ts logs
// through errorRecordingLogger) fails the test. What happened before the test (set-up) is dropped.

beforeEach(() => {
  takeLoggedErrors();
  vi.spyOn(console, "error").mockImplementation(recordConsoleError);
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const errors = takeLoggedErrors();
  if (errors.length > 0) throw new Error(`The test logged ${errors.length} error(s):\n${errors.join("\n")}`);
});
