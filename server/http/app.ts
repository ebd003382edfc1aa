import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { raceDeadline } from "../db/client.ts";
import { createApi } from "./api/index.ts";
import { clientAddress, clientNetwork, type TrustProxy } from "./client-address.ts";
import type { AppContext, HttpDeps, HttpEnv } from "./context.ts";
import { bearerToken } from "./cookies.ts";
import { errorResponse } from "./errors.ts";
import { LOOP_CPU_LIMIT_MS, LoopCpuMeter } from "./loop-cpu.ts";
import { createMetrics, createMetricsRoute } from "./metrics.ts";
import { bodyLimits } from "./middleware/body-limit.ts";
import { compressResponses } from "./middleware/compress.ts";
import { crossSiteProtection } from "./middleware/cross-site.ts";
import { rememberDevice } from "./middleware/device.ts";
import { interfaceLanguage } from "./middleware/locale.ts";
import { createPageCache } from "./middleware/page-cache.ts";
import { privateCache } from "./middleware/private-cache.ts";
import { sessionMiddleware } from "./middleware/session.ts";
import { textGuard } from "./middleware/text-guard.ts";
import { createOpenApiRoutes } from "./openapi.ts";
import { createSeoRoutes } from "./seo.ts";
import { createUploadRoutes } from "./uploads.ts";

function clientIpOf(c: import("hono").Context, trustProxy: TrustProxy): string {
  let socket = "unknown";
  try {
    socket = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
  }
  return clientAddress(socket, c.req.header("x-forwarded-for"), trustProxy);
}

/** A cache must not hand the plain file to a browser that got the compressed one, or the reverse. */
function varyOnEncoding(c: import("hono").Context) {
  if (!/accept-encoding/i.test(c.res.headers.get("Vary") ?? "")) c.header("Vary", "Accept-Encoding", { append: true });
}

/** The status logged and counted for a request whose client left before the answer (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

/** /readyz answers 503 when the primary database does not answer within this long. */
export const READY_TIMEOUT_MS = 1_000;

export function createHttpApp(deps: HttpDeps) {
  const { config, log } = deps;
  const app = new Hono<HttpEnv>();
  const strictCsp = config.env !== "development";

  // Prometheus metrics (server/http/metrics.ts), only when METRICS_TOKEN is set.
  const metrics = config.metricsToken
    ? createMetrics({ sql: deps.sql, jobs: deps.jobs, poolSize: config.database.poolSize })
    : undefined;
  if (metrics) app.use(metrics.track);
  const loopCpuMeter = new LoopCpuMeter();
  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(async (c, next) => {
    const started = performance.now();
    const loopCpu = loopCpuMeter.measure();
    const child = log.child({ requestId: c.get("requestId") });
    c.set("log", child);
    // Rate limits and visitor counts take an IPv6 client's network, not its address (one /64 has 2^64).
    c.set("clientIp", clientNetwork(clientIpOf(c, config.trustProxy), config.ipv6Prefix));
    try {
      await next();
    } finally {
      // Stopped whatever happens: a measure left running would count as "in flight" for ever.
      c.set("loopCpu", loopCpu());
    }
    const cpu = loopCpu();
    // The client went away first (its timeout, a closed tab): a page whose request was aborted
    // answers 500, which nobody receives. Logged and counted as 499 ("client closed request", as
    // nginx says), not as a server error an operator's 5xx alert would count (issue 35, session 12).
    if (c.req.raw.signal.aborted && c.res.status >= 500) c.res = new Response(null, { status: CLIENT_CLOSED_REQUEST });
    // Set after the handler: a page handler returns its own Response object.
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // cpuMs: the event loop's CPU while the request was in flight, its own only when `alone`.
    const entry = { method: c.req.method, path: c.req.path, status: c.res.status, ms, cpuMs: cpu.ms, alone: cpu.alone };
    // A 503 is a dependency down or busy (the database, the photo storage, the CV thread), said
    // to the client with Retry-After: worth a warning. Any other 5xx is a bug.
    if (c.res.status === CLIENT_CLOSED_REQUEST) child.info(entry, "request: the client closed it before the answer");
    else if (c.res.status === 503) child.warn(entry, "request refused: a dependency is unavailable");
    else if (c.res.status >= 500) child.error(entry, "request failed");
    else if (cpu.alone && cpu.ms > LOOP_CPU_LIMIT_MS)
      child.warn(entry, `request held the event loop: over ${LOOP_CPU_LIMIT_MS} ms of CPU (move the work to a thread or a job)`);
    else child.info(entry, "request");
  });

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Vite's dev client needs inline modules and a websocket; production gets a nonce only.
        scriptSrc: strictCsp ? ["'self'", NONCE] : ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(deps.storage.origin ? [deps.storage.origin] : [])],
        fontSrc: ["'self'"],
        connectSrc: strictCsp ? ["'self'"] : ["'self'", "ws:", "wss:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.secureCookies ? "max-age=31536000; includeSubDomains" : false,
    }),
  );
  app.use(compressResponses());
  // Bodies are bounded and buffered, then every text field is checked, before any route runs.
  app.use(bodyLimits());
  app.use(privateCache(config));
  app.use(textGuard());
  app.use(crossSiteProtection(config));
  app.use(rememberDevice(config));
  app.use(sessionMiddleware(deps.db, config));
  const pageCache = createPageCache({
    ttlSeconds: config.pageCacheSeconds,
    nonceOf: (c) => (strictCsp ? c.get("secureHeadersNonce") : undefined),
    invalidations: deps.runtime.pages,
  });
  app.use(pageCache.trackWrites);

  app.onError((error, c) => errorResponse(c, error));

  // Liveness: the process answers (never restart it for a database outage, which the supervisor
  // handles). It names the embedded database's state; /readyz is what load balancers should use.
  app.get("/healthz", (c) => c.json({ status: "ok", ...(deps.databaseState ? { database: deps.databaseState() } : {}) }));
  app.get("/readyz", async (c) => {
    try {
      // A load balancer asks often and waits little: a database that does not answer within
      // READY_TIMEOUT_MS is as good as down (a frozen server would hold the probe forever).
      await raceDeadline(deps.sql`select 1`, READY_TIMEOUT_MS);
      return c.json({ status: "ready" });
    } catch (error) {
      c.get("log").warn({ err: error }, "database not reachable");
      return c.json({ status: "unavailable", message: "The database is not reachable." }, 503);
    }
  });

  if (metrics && config.metricsToken) {
    const registry = metrics.registry;
    const collect = deps.shareMetrics?.(registry) ?? (() => registry.metrics());
    app.route(
      "/",
      createMetricsRoute(config.metricsToken, () => metrics.scrape(collect)),
    );
  }
  const api = createApi(deps);
  app.route("/api", createOpenApiRoutes(api));
  app.route("/api", api);
  app.route("/", createSeoRoutes(deps));
  if (config.storage.kind === "local") app.route("/uploads", createUploadRoutes(config.storage.dir));

  if (deps.clientDir) {
    const root = deps.clientDir;
    // The build writes .br and .gz beside each asset (build-tools/precompress.ts): they are sent
    // as they are, never compressed again per request.
    const files = (cacheControl: string) =>
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", cacheControl);
          varyOnEncoding(c);
        },
      });
    // Hashed file names: safe to keep for a year.
    app.use("/assets/*", files("public, max-age=31536000, immutable"));
    app.use("*", files("public, max-age=3600"));
  }

  // The interface language's redirects and memory wrap the pages (cached ones too).
  app.get("*", interfaceLanguage(deps.db, config));
  app.get("*", pageCache.serve);
  app.all("*", async (c) => {
    const context: AppContext = {
      db: deps.db,
      readDb: deps.readDb ?? deps.db,
      config,
      mailer: deps.mailer,
      jobs: deps.jobs,
      storage: deps.storage,
      log: c.get("log"),
      requestId: c.get("requestId"),
      nonce: c.get("secureHeadersNonce") ?? "",
      clientIp: c.get("clientIp"),
      userAgent: c.req.header("user-agent"),
      deviceToken: c.get("deviceToken"),
      session: await c.get("getSession")(),
      runtime: deps.runtime,
      cachedPageEffects: c.get("cachedPageEffects") ?? [],
      ...(bearerToken(c.req.header("authorization")) === undefined ? { responseCookies: [] } : {}),
    };
    const response = await deps.renderDocument(c.req.raw, context);
    if (!context.responseCookies?.length) return response;
    // A redirect's headers may be immutable: the cookies go on a copy.
    const headers = new Headers(response.headers);
    for (const cookie of context.responseCookies) headers.append("Set-Cookie", cookie);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return app;
}
