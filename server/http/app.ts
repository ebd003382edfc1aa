import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createApi } from "./api/index.ts";
import { UPLOAD_BODY_LIMIT } from "./api/photos.ts";
import type { AppContext, HttpDeps, HttpEnv } from "./context.ts";
import { crossSiteProtection } from "./cross-site.ts";
import { errorResponse } from "./errors.ts";
import { createSeoRoutes } from "./seo.ts";
import { sessionMiddleware } from "./session.ts";
import { createUploadRoutes } from "./uploads.ts";

/** The profile form with its photo: the upload's limit plus the form's own fields. */
const PROFILE_FORM_BODY_LIMIT = UPLOAD_BODY_LIMIT + 64 * 1024;

function clientIpOf(c: import("hono").Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function createHttpApp(deps: HttpDeps) {
  const { config, log } = deps;
  const app = new Hono<HttpEnv>();
  const strictCsp = config.env !== "development";

  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(async (c, next) => {
    const started = performance.now();
    const child = log.child({ requestId: c.get("requestId") });
    c.set("log", child);
    c.set("clientIp", clientIpOf(c, config.trustProxy));
    await next();
    // Set after the handler: a page handler returns its own Response object.
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const entry = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) child.error(entry, "request failed");
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
  app.use(compress());
  app.use(crossSiteProtection(config));
  app.use(sessionMiddleware(deps.db, config));

  app.onError((error, c) => errorResponse(c, error));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await deps.sql`select 1`;
      return c.json({ status: "ready" });
    } catch (error) {
      c.get("log").warn({ err: error }, "database not reachable");
      return c.json({ status: "unavailable", message: "The database is not reachable." }, 503);
    }
  });

  app.route("/api", createApi(deps));
  app.route("/", createSeoRoutes(deps));
  if (config.storage.kind === "local") app.route("/uploads", createUploadRoutes(config.storage.dir));

  if (deps.clientDir) {
    const root = deps.clientDir;
    app.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => {
          // Hashed file names: safe to keep for a year.
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  // The profile form's action reads the photo itself when JavaScript is off: bound the body first.
  const formLimit = bodyLimit({
    maxSize: PROFILE_FORM_BODY_LIMIT,
    onError: (c) => c.text("File too large", 413),
  });
  app.post("/profile/new", formLimit);
  app.post("/profile/edit/*", formLimit);

  app.all("*", async (c) => {
    const context: AppContext = {
      db: deps.db,
      config,
      mailer: deps.mailer,
      jobs: deps.jobs,
      storage: deps.storage,
      log: c.get("log"),
      requestId: c.get("requestId"),
      nonce: c.get("secureHeadersNonce") ?? "",
      clientIp: c.get("clientIp"),
      session: await c.get("getSession")(),
    };
    return deps.renderDocument(c.req.raw, context);
  });

  return app;
}
