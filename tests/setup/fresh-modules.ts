import { vi } from "vitest";

// The route-module and browser projects run their files one after another in the same worker
// (isolate: false in vitest.config.ts) and start each file from fresh modules of their own: the
// app's, the server's and the tests' modules are evaluated again for every file, as in a worker
// of its own, so no module-level state (the toast store of app/components/ui/toast.tsx, a
// fixture's cache) passes from one file to the next. What is kept is Node's module cache of the
// packages (React, React Router, happy-dom, Playwright, postgres): importing those again in a new
// worker for each file was most of what a file cost before its first test. First among a project's
// setup files, so that the others and the test file share one fresh copy of each module (the
// error log that tests/setup/integration.ts checks after each test is the one the test's app writes).
vi.resetModules();
