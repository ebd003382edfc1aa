import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "#server/db/embedded.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { captureOutput, waitForOk } from "./process-group.ts";

export type AppServer = {
  url: string;
  dataDir: string;
  database?: TestDatabase;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

type StartOptions = {
  env?: Record<string, string>;
  /** Use the run's PostgreSQL with a fresh database (default); false starts the embedded one under DATA_DIR. */
  useTestDatabase?: boolean;
  dataDir?: string;
  /** Ends with the process that started it (tests/setup/exit-with-parent.ts): for a server started before it is needed. */
  exitWithParent?: boolean;
};

/** Starts the production build as a real process on a free port with its own DATA_DIR. */
export async function startApp(options: StartOptions = {}): Promise<AppServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "devconsult-app-")));
  await chmod(dataDir, 0o755);
  const database = options.useTestDatabase === false ? undefined : await createTestDatabase();
  // A test may choose the port (env PORT) when PUBLIC_URL must name it (passkeys: http://localhost:PORT).
  const chosenPort = options.env?.PORT ? Number(options.env.PORT) : undefined;
  // A free port can be taken between freePort() and the app's listen (another test's server, the
  // app's own embedded PostgreSQL, a client's outgoing connection): that start ends in EADDRINUSE,
  // and a port of our choosing is tried again (CI 0df0766 lost a run to it).
  for (let attempt = 1; ; attempt++) {
    const port = chosenPort ?? (await freePort());
    const started = await spawnApp(port, dataDir, database, options);
    if ("child" in started) {
      const stop = stopper(started, dataDir, database, options);
      return { url: started.url, dataDir, database, process: started.child, output: started.output, stop };
    }
    if (chosenPort !== undefined || attempt >= 3 || !started.output.includes("EADDRINUSE")) {
      await database?.close();
      throw new Error(`the app did not become ready: ${started.error}`);
    }
  }
}

type Spawned = { url: string; child: ChildProcess; output: () => string; exited: Promise<number | null> };

async function spawnApp(
  port: number,
  dataDir: string,
  database: TestDatabase | undefined,
  { env, exitWithParent = false }: StartOptions,
): Promise<Spawned | { error: string; output: string }> {
  const preload = exitWithParent ? ["--import", "./tests/setup/exit-with-parent.ts"] : [];
  const child = spawn(process.execPath, [...preload, "server/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Node keeps the compiled code of the server's modules on disk: each of the ~30 app starts
      // of a run costs 1.4 s of CPU instead of 1.9 s.
      NODE_COMPILE_CACHE: path.join(os.tmpdir(), "devconsult-node-compile-cache"),
      // Tests write to the database directly and read the pages back at once: the signed-out
      // page cache is off unless a test turns it on (tests/e2e/page-cache.test.ts).
      PAGE_CACHE_SECONDS: "0",
      // One process, as the tests were written for; tests/e2e/workers.test.ts runs two workers.
      WEB_CONCURRENCY: "1",
      // The demo directory, as `npm start` loads it on the embedded database; an external database
      // (the test database here) gets none unless asked, so the browser tests ask.
      SEED_DEMO: "true",
      // The statement deadline (5 s by default) bounds a request against a frozen database; a test
      // machine at load 30 can take longer than that for a big honest write (a maximal profile),
      // so the tests that are not about that deadline give it room. tests/e2e/frozen-database.test.ts
      // sets its own.
      DATABASE_STATEMENT_TIMEOUT_MS: "30000",
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: [exitWithParent ? "pipe" : "ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await waitForOk(`${url}/readyz`, { child, output }, 60_000);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    return { error: (error as Error).message, output: output() };
  }
  return { url, child, output, exited };
}

function stopper(started: Spawned, dataDir: string, database: TestDatabase | undefined, options: StartOptions) {
  const { child, exited } = started;
  return async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const code = await exited;
    await database?.close();
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    return code;
  };
}
