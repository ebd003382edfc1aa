import "./node-env.ts";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/setup.ts";
import { createHttpApp } from "./http/app.ts";
import { buildDir, type DevServer, developmentRenderer, productionRenderer } from "./http/render.ts";
import { startJobQueue } from "./jobs/queue.ts";
import { startWorkers } from "./jobs/workers.ts";
import { createLogger } from "./logger.ts";
import { createMailer } from "./services/mail.ts";
import { createStorage } from "./services/storage.ts";

// Process entry: config → database → http → graceful shutdown.

async function main() {
  let config: ReturnType<typeof loadConfig>;
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
  const database = await openDatabase(config, log);
  const storage = createStorage(config);
  const mailer = createMailer(config, log);
  // Mail, purges and alerts run on the job queue in the same database; every instance works on it.
  const jobs = await startJobQueue({ url: database.url, log });
  await startWorkers(jobs, { db: database.db, config, mailer, log, storage });

  let vite: DevServer | undefined;
  if (config.env === "development") {
    const { createServer: createViteServer } = await import("vite");
    vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  }
  const renderDocument = vite ? await developmentRenderer(vite) : await productionRenderer();
  const app = createHttpApp({
    config,
    db: database.db,
    sql: database.sql,
    log,
    mailer,
    jobs,
    storage,
    renderDocument,
    clientDir: vite ? undefined : path.relative(process.cwd(), path.join(buildDir, "client")),
  });
  const listener = getRequestListener(app.fetch);
  const server: Server = createServer((req, res) => {
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  log.info({ port, url: config.publicUrl }, `${config.siteName} is serving on http://localhost:${port}`);

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing requests in flight");
    const forced = setTimeout(() => {
      log.warn("requests still open after 10 s; closing them");
      server.closeAllConnections();
    }, 10_000);
    forced.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs.stop();
    await vite?.close();
    await database.close();
    log.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
