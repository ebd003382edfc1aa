import { defineConfig } from "vitest/config";
import { i18nMessages } from "./build-tools/i18n.ts";

// Four projects: integration tests beside the code (real PostgreSQL), route modules rendered in
// happy-dom (app/**/*.route.test.tsx), browser tests in tests/e2e (the production build in real
// Chromium), and the e2e tests that measure latency, run alone at the end. One embedded PostgreSQL
// serves the run.

/** The e2e files whose assertions are latencies under their own load. */
const TIMED = ["tests/e2e/cv-load.test.ts"];
export default defineConfig({
  // Lingui's macros in app modules that tests import (app/page-queries.test.ts renders loaders).
  plugins: [i18nMessages({ root: import.meta.dirname })],
  test: {
    globalSetup: ["tests/setup/global-database.ts"],
    onConsoleLog: () => true,
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          setupFiles: ["tests/setup/integration.ts"],
          include: [
            "server/**/*.test.ts",
            "common/**/*.test.ts",
            "app/**/*.test.ts",
            "tests/architecture.test.ts",
            "tests/setup/*.test.ts",
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Mostly waiting on PostgreSQL: three files at a time keep both cores busy. Each file has
          // its own database and nothing is mocked, so a worker keeps the server's modules loaded
          // from one file to the next instead of importing them again (67 s instead of 157 s).
          maxWorkers: 3,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // Route modules (issue 30 item 4): a page's real loader, action and component on the real
          // services and PostgreSQL, rendered in happy-dom by React Router's createRoutesStub.
          name: "routes",
          setupFiles: ["tests/setup/fresh-modules.ts", "tests/setup/integration.ts"],
          include: ["app/**/*.route.test.tsx"],
          environment: "./tests/setup/happy-dom-server.ts",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One worker runs file after file, each from fresh modules (tests/setup/fresh-modules.ts)
          // but without importing React, React Router and happy-dom again: the 18 files took 190 s
          // in a worker each, 67 s this way (alone on a loaded machine; 63 → 25 s of CPU).
          isolate: false,
          // Beside the integration files, in the same workers' budget (one group needs one number).
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: TIMED,
          globalSetup: ["tests/setup/global-e2e.ts"],
          // As the routes project: file after file in one worker, each from fresh modules, without
          // starting a worker and importing Playwright again for each (1.4 s of CPU a file).
          setupFiles: ["tests/setup/fresh-modules.ts"],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own app server (and connects to the run's Chromium): two at a time suits two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Tests that assert latencies under load they make themselves: alone on the machine,
          // after everything else, so another test file's load does not decide them.
          name: "e2e-timed",
          include: TIMED,
          globalSetup: ["tests/setup/global-e2e.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
