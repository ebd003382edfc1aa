import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Sql } from "../db/client.ts";
import { JOBS, type JobQueue } from "../jobs/queue.ts";
import type { HttpEnv } from "./context.ts";
import { bearerToken } from "./cookies.ts";

// GET /metrics in Prometheus's text format (prom-client): requests and their latency per route,
// the database connections in use, the job queue's depth, and Node's own process metrics. Served
// only with METRICS_TOKEN set, to requests that bring it as a Bearer token. Each process counts
// its own; with node:cluster workers, whichever worker a scrape reaches answers for the whole
// instance: the primary collects every worker's registry and sums them (server/cluster.ts,
// prom-client's AggregatorRegistry), so a counter never goes back between scrapes. What a worker
// reads from the database (connections, queue depth) is the same fact in every worker: only the
// worker the scrape reached reads it (`scrape`), and the sum keeps its value ("first"): one
// pg_stat_activity read and one queue read per scrape, however many workers answer.

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics({ sql, jobs, poolSize }: { sql: Sql; jobs?: Pick<JobQueue, "boss">; poolSize: number }) {
  const registry = new Registry();
  // Scrapes this process is answering now: the database gauges read only then (see `scrape`).
  let answering = 0;
  collectDefaultMetrics({ register: registry, prefix: "devconsult_" });
  const requests = new Counter({
    name: "devconsult_http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "devconsult_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const loopCpu = new Histogram({
    name: "devconsult_http_request_event_loop_cpu_seconds",
    help: "Event-loop CPU of a request that had the loop to itself (no other request in flight: its own CPU exactly), by method and route; over 0.25 s is logged at warn",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: "devconsult_db_pool_size",
    help: "Request connections the instance may open to the database (DATABASE_POOL_SIZE in each worker)",
    registers: [registry],
    collect() {
      this.set(poolSize);
    },
  });
  new Gauge({
    name: "devconsult_db_connections",
    help: "Connections to this database by state (every instance's, as PostgreSQL sees them)",
    labelNames: ["state"] as const,
    registers: [registry],
    aggregator: "first",
    async collect() {
      this.reset();
      if (answering === 0) return;
      const rows = await sql<{ state: string; n: number }[]>`
        select coalesce(state, 'unknown') as state, count(*)::int as n
        from pg_stat_activity where datname = current_database() group by 1`;
      for (const row of rows) this.set({ state: row.state }, row.n);
    },
  });
  if (jobs) {
    new Gauge({
      name: "devconsult_job_queue_depth",
      help: "Jobs waiting (queued) and running (active), by queue",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
      aggregator: "first",
      async collect() {
        this.reset();
        if (answering === 0) return;
        for (const name of Object.values(JOBS)) {
          const stats = await jobs.boss.getQueueStats(name);
          const sum = (key: "queuedCount" | "activeCount") => stats.reduce((total, entry) => total + entry[key], 0);
          this.set({ queue: name, state: "queued" }, sum("queuedCount"));
          this.set({ queue: name, state: "active" }, sum("activeCount"));
        }
      },
    });
  }

  /** Counts every request by the route that answered it (the pattern, never the raw path). */
  const track: MiddlewareHandler<HttpEnv> = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = routeOf(c);
      const seconds = (performance.now() - started) / 1000;
      requests.inc({ method: c.req.method, route, status: String(c.res.status) });
      latency.observe({ method: c.req.method, route }, seconds);
      const cpu = c.get("loopCpu");
      if (cpu?.alone) loopCpu.observe({ method: c.req.method, route }, cpu.ms / 1000);
    }
  };

  /**
   * Answers a scrape with `collect` (this registry's text, or the instance's through the primary).
   * The gauges that read the database read it while this runs: in a worker asked by the primary for
   * a scrape another worker answers, they stay empty, and the sum takes the answering worker's.
   */
  const scrape = async <T>(collect: () => Promise<T>): Promise<T> => {
    answering++;
    try {
      return await collect();
    } finally {
      answering--;
    }
  };

  return { registry, track, scrape };
}

/** The pattern of the handler that answered: "/api/consultants/:id", or "page" for rendered pages. */
function routeOf(c: Parameters<MiddlewareHandler<HttpEnv>>[0]): string {
  // Middleware and the page renderer match on wildcards; an API route has a pattern of its own.
  const route = matchedRoutes(c).findLast((entry) => !entry.path.endsWith("*"));
  if (route) return route.path;
  return c.res.status === 404 ? "not found" : "page";
}

function sameToken(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics (mounted only with METRICS_TOKEN): 401 without the right Bearer token. `collect`
 * gives the text to answer: this process's registry, or (a worker) the instance's sums.
 */
export function createMetricsRoute(token: string, collect: () => Promise<string>) {
  const app = new Hono<HttpEnv>();
  app.get("/metrics", async (c) => {
    const given = bearerToken(c.req.header("authorization")) ?? "";
    if (!sameToken(given, token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ message: "A valid metrics token is required" }, 401);
    }
    c.header("Cache-Control", "no-store");
    let text: string;
    try {
      text = await collect();
    } catch (error) {
      // A worker that died mid-collection: the next scrape finds its replacement.
      c.get("log").warn({ err: error }, "metrics could not be collected");
      return c.json({ message: "The metrics could not be collected just now." }, 503);
    }
    return c.body(text, 200, { "Content-Type": Registry.PROMETHEUS_CONTENT_TYPE });
  });
  return app;
}
