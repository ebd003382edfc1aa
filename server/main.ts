import "./node-env.ts";
import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { openAppDatabase } from "./app-database.ts";
import { defaultWorkerCount, runPrimary, shareInvalidationsWithSiblings, shareMetricsWithPrimary } from "./cluster.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { surviveLostDriverRejections } from "./db/client.ts";
import { type ConnectedDatabase, connectDatabase } from "./db/setup.ts";
import { createHttpApp } from "./http/app.ts";
import type { HttpDeps } from "./http/context.ts";
import { buildDir, type DevServer, developmentRenderer, productionRenderer } from "./http/render.ts";
import { warmUp } from "./http/warm-up.ts";
import { shareChangesAcrossInstances } from "./instances.ts";
import { startJobQueue } from "./jobs/queue.ts";
import { startWorkers } from "./jobs/workers.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createRuntime } from "./runtime.ts";
import { secretsKeyProblem } from "./services/accounts/second-factor.ts";
import { InsightsBuffer } from "./services/insights/counter.ts";
import { createMailer } from "./services/mail.ts";
import { createStorage } from "./services/storage.ts";
import { resolveSessionSecret } from "./session-secret.ts";

// Process entry: config → database → http → graceful shutdown. With more than one worker
// (WEB_CONCURRENCY, one per core by default in production) this process is the primary: it
// prepares the database once and forks the HTTP workers (server/cluster.ts).

type Connected = ConnectedDatabase & { databaseState?: HttpDeps["databaseState"] };

/**
 * Serves HTTP on this process; resolves to a function that stops it (requests in flight finish
 * first). `worker`: a node:cluster worker, whose siblings share its page invalidations.
 */
async function serveHttp(config: Config, log: Logger, database: Connected, { announce = false, worker = false } = {}) {
  // Accounts with an authenticator app need SECRETS_KEY to sign in (issue 38): say so and stop.
  const keyProblem = await secretsKeyProblem(database.db, config);
  if (keyProblem) {
    console.error(keyProblem);
    process.exit(78);
  }
  if (announce && config.isProduction && config.enforceSecondFactor === "none" && !config.secretsKey) {
    log.warn(
      "second factors are not enforced: SECRETS_KEY is not set, so nobody can set up an authenticator app (set SECRETS_KEY; ENFORCE_SECOND_FACTOR then defaults to admins)",
    );
  }
  const storage = createStorage(config);
  const mailer = createMailer(config, log);
  // This process's caches, change notifications and insights buffer, for every door (server/runtime.ts).
  const runtime = createRuntime({ insights: config.insightsCounting ? new InsightsBuffer(database.db, log) : null });
  if (worker) shareInvalidationsWithSiblings(runtime.pages);
  // Mail, purges and alerts run on the job queue in the same database; every process works on it,
  // and the queue hands each job to exactly one of them.
  // pg-boss LISTENs for new jobs: it needs a direct connection, not a transaction pooler.
  const jobs = await startJobQueue({ url: database.directUrl, log });
  await startWorkers(jobs, { db: database.db, config, mailer, log, storage, runtime });
  // Other instances' writes drop this process's stats and page caches (server/instances.ts).
  const stopSharing = await shareChangesAcrossInstances({
    listenSql: database.directSql,
    notifySql: database.sql,
    log,
    runtime,
  });
  let vite: DevServer | undefined;
  if (config.env === "development") {
    const { createServer: createViteServer } = await import("vite");
    vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  }
  const renderDocument = vite ? await developmentRenderer(vite) : await productionRenderer();
  const app = createHttpApp({
    config,
    db: database.db,
    readDb: database.readDb,
    sql: database.sql,
    log,
    mailer,
    jobs,
    storage,
    databaseState: database.databaseState,
    runtime,
    ...(worker ? { shareMetrics: shareMetricsWithPrimary } : {}),
    renderDocument,
    clientDir: vite ? undefined : path.relative(process.cwd(), path.join(buildDir, "client")),
  });
  // Warm before ready: the request pools connected and the busiest pages answered once, then listen.
  if (!vite) {
    const size = config.database.poolSize;
    const pools = [{ name: "primary", sql: database.sql, size }];
    if (database.readSql !== database.sql) pools.push({ name: "replica", sql: database.readSql, size });
    await warmUp({
      pools,
      fetch: app.fetch,
      origin: config.publicUrl,
      log,
    });
  }
  const listener = getRequestListener(app.fetch);
  const server: Server = createServer((req, res) => {
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  try {
    await listen(server, config);
  } catch (error) {
    // Nothing was served: what started for it stops, and the caller closes the database.
    await jobs.stop();
    await stopSharing();
    await vite?.close();
    await runtime.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  if (announce) log.info({ port, url: config.publicUrl }, `${config.siteName} is serving on http://localhost:${port}`);

  return async () => {
    const forced = setTimeout(() => {
      log.warn("requests still open after 10 s; closing them");
      server.closeAllConnections();
    }, 10_000);
    forced.unref();
    // Idle keep-alive connections would hold close() open: only requests in flight are awaited.
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs.stop();
    await stopSharing();
    await vite?.close();
    // The views and appearances counted since the last flush, from the pages and the API alike.
    await runtime.close();
  };
}

/** Listens on config's port; a port already taken is a ConfigError that says what to do. */
function listen(server: Server, config: Config) {
  return new Promise<void>((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE"
          ? new ConfigError(
              `PORT: ${config.host}:${config.port} is already in use by another program; stop it or set PORT to a free port`,
            )
          : error,
      );
    };
    server.once("error", refuse);
    server.listen(config.port, config.host, () => {
      server.off("error", refuse);
      resolve();
    });
  });
}

function onShutdownSignal(stop: (signal: string) => Promise<void>) {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => handle("SIGTERM"));
  process.on("SIGINT", () => handle("SIGINT"));
  return handle;
}

/** One process does everything (WEB_CONCURRENCY=1, and always in development). */
async function runSingle(config: Config, log: Logger) {
  const database = await openAppDatabase(config, log, { supervise: true, workers: 1 });
  const stopHttp = await serveHttp(config, log, database, { announce: true }).catch(async (error: unknown) => {
    // The embedded PostgreSQL this process started stops with it.
    await database.close();
    throw error;
  });
  onShutdownSignal(async (signal) => {
    log.info({ signal }, "shutting down: finishing requests in flight");
    await stopHttp();
    await database.close();
    log.info("stopped");
  });
}

/** A worker: HTTP only, on the database the primary prepared. */
async function runWorker(config: Config, log: Logger) {
  if (!config.databaseUrl) throw new Error("a worker needs the DATABASE_URL its primary resolved");
  // With the logger: a replica skipped or back is said once per change, by every process.
  const database = connectDatabase(config, config.databaseUrl, log);
  const stopHttp = await serveHttp(config, log, database, { worker: true });
  const stop = onShutdownSignal(async () => {
    await stopHttp();
    await database.close();
  });
  // The primary is gone (killed): nothing would ever stop this worker.
  process.on("disconnect", () => stop("primary gone"));
}

async function runPrimaryProcess(config: Config, log: Logger, workers: number) {
  const database = await openAppDatabase(config, log, { supervise: true, workers });
  let listening = 0;
  cluster.on("listening", (_worker, address) => {
    listening++;
    if (listening === workers) {
      log.info(
        { port: address.port, url: config.publicUrl, workers },
        `${config.siteName} is serving on http://localhost:${address.port} (${workers} workers)`,
      );
    }
  });
  const primary = runPrimary({
    workers,
    log,
    // The workers sign cookies with the primary's secret, so any of them reads what another set.
    env: { DATABASE_URL: database.url, SESSION_SECRET: config.sessionSecret ?? "" },
    onStopped: async () => {
      await database.close();
      log.info("stopped");
      process.exit(primary.exitCode());
    },
  });
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const log = createLogger(config);
  surviveLostDriverRejections(log);
  if (cluster.isWorker) return runWorker(config, log);
  config = { ...config, sessionSecret: await resolveSessionSecret(config, log) };
  const workers = config.env === "development" ? 1 : (config.webConcurrency ?? defaultWorkerCount());
  if (workers <= 1) return runSingle(config, log);
  return runPrimaryProcess(config, log, workers);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
