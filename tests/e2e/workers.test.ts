import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";

// Two HTTP workers (node:cluster) behind one port, on the database their primary prepared.

type LogLine = { pid?: number; requestId?: string; msg?: string; path?: string; level?: number; [fact: string]: unknown };

function logLines(app: AppServer): LogLine[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/**
 * The pid of the worker that answered a request, from its request log line (whatever its level
 * says: "request", or a warning about the request). A loaded machine (CI of 77c8fce at twice its
 * usual run time) can take more than 5 s to hand the line over: up to 30 s.
 */
async function workerOf(app: AppServer, requestId: string) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const line = logLines(app).find((entry) => entry.requestId === requestId && typeof entry.status === "number");
    if (line?.pid) return line.pid;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no request log line for ${requestId}:\n${app.output()}`);
}

/** A request on a connection of its own (no keep-alive), so the cluster may hand it to either worker. */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; requestId: string; body: string }>((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, requestId: String(response.headers["x-request-id"]), body }),
      );
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const METRICS_TOKEN = "metrics-token-of-the-workers-test";

describe("two workers on one port", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ env: { SEED_DEMO: "false", WEB_CONCURRENCY: "2", LOG_LEVEL: "info", METRICS_TOKEN } });
    // Ready as soon as one worker listens: the tests need both (the primary says so once they do).
    for (let waited = 0; !logLines(app).some((line) => line.msg?.includes("(2 workers)")); waited += 100) {
      if (waited > 60_000) throw new Error(`the second worker did not listen within 60 s:\n${app.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("accepts on either worker a session created through the other", async () => {
    const registered = await send(`${app.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "worker.session@example.org", password: "kettle-harbour-59", name: "Worker Session" }),
    });
    expect(registered.status, registered.body).toBe(201);
    const token = JSON.parse(registered.body).sessionToken as string;
    const creator = await workerOf(app, registered.requestId);

    const answeredBy = new Set<number>();
    for (let attempt = 0; attempt < 20 && answeredBy.size < 2; attempt++) {
      const me = await send(`${app.url}/api/auth/me`, { headers: { cookie: `session=${token}` } });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({ email: "worker.session@example.org", name: "Worker Session" });
      answeredBy.add(await workerOf(app, me.requestId));
    }
    expect(answeredBy.size).toBe(2);
    expect([...answeredBy].some((pid) => pid !== creator)).toBe(true);
  });

  it("shows on either worker the toast another worker signed (one session secret, from the primary)", async () => {
    await send(`${app.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "worker.toast@example.org", password: "kettle-harbour-59", name: "Worker Toast" }),
    });
    const signedIn = await new Promise<string>((resolve, reject) => {
      const body = new URLSearchParams({
        intent: "login",
        email: "worker.toast@example.org",
        password: "kettle-harbour-59",
        redirectTo: "/",
      });
      const req = request(
        `${app.url}/sign-in`,
        { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, agent: false },
        (response) => {
          response.resume();
          const toast = (response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("toast="));
          if (response.statusCode === 302 && toast) resolve(toast.split(";")[0] ?? "");
          else reject(new Error(`sign-in answered ${response.statusCode} without a toast`));
        },
      );
      req.on("error", reject);
      req.end(body.toString());
    });
    const answeredBy = new Set<number>();
    for (let attempt = 0; attempt < 20 && answeredBy.size < 2; attempt++) {
      const page = await send(`${app.url}/`, { headers: { cookie: signedIn } });
      expect(page.status).toBe(200);
      expect(page.body).toContain("Welcome back, Worker Toast!");
      answeredBy.add(await workerOf(app, page.requestId));
    }
    expect(answeredBy.size).toBe(2);
  });

  it("answers /metrics for both workers from either of them: counters never go back between scrapes", async () => {
    const answeredBy = new Set<number>();
    for (let n = 0; n < 12; n++) answeredBy.add(await workerOf(app, (await send(`${app.url}/api/stats`)).requestId));
    // The twelve reached both workers (round robin): each worker alone counted some of them.
    expect(answeredBy.size).toBe(2);
    const scrapedBy = new Set<number>();
    const counts: number[] = [];
    for (let attempt = 0; attempt < 20 && (scrapedBy.size < 2 || counts.length < 4); attempt++) {
      const scrape = await send(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scrape.status, scrape.body).toBe(200);
      const count = /^devconsult_http_requests_total\{method="GET",route="\/api\/stats",status="200"\} (\d+)$/m.exec(scrape.body);
      counts.push(Number(count?.[1]));
      scrapedBy.add(await workerOf(app, scrape.requestId));
    }
    expect(scrapedBy.size).toBe(2);
    // Every scrape, whichever worker answered it, counts all twelve (one worker's share was 6 and 6).
    expect(
      counts.every((count) => count === 12),
      counts.join(", "),
    ).toBe(true);
    const last = (await send(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    // Facts of the database are read by each worker and shown once, not doubled.
    const [, active] = /^devconsult_db_connections\{state="active"\} (\d+)$/m.exec(last) ?? [];
    expect(Number(active)).toBeGreaterThanOrEqual(1);
    // Each worker's request pool, summed: the instance's.
    expect(last).toMatch(/^devconsult_db_pool_size 20$/m);
  });

  it("says at start-up how many connections the instance opens against the server's max_connections", () => {
    const budget = logLines(app).find((line) => typeof line.connectionBudget === "number");
    // Two workers, each: requests 10 + jobs 2 + direct 4 + LISTEN 1 + job queue 5; and the primary's direct 4.
    expect(budget).toMatchObject({
      workers: 2,
      connectionBudget: 48,
      perWorker: { requests: 10, jobQueue: 5 },
      primary: { direct: 4 },
    });
    expect(budget?.maxConnections).toBeGreaterThan(48);
    expect(budget?.msg).toMatch(/^this instance opens at most 48 connections to PostgreSQL; \d+ are free$/);
  });
});

describe("shutting down two workers", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "devconsult-workers-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts the embedded PostgreSQL once, finishes a request in flight on SIGTERM, then stops everything", async () => {
    const app = await startApp({
      useTestDatabase: false,
      dataDir,
      env: { SEED_DEMO: "false", WEB_CONCURRENCY: "2", LOG_LEVEL: "info" },
    });
    try {
      expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(true);
      const lines = logLines(app);
      const started = lines.filter((line) => line.msg?.startsWith("embedded PostgreSQL listening"));
      expect(started).toHaveLength(1);
      const primary = started[0]?.pid;
      // Ready as soon as one worker listens; the primary says so once both do.
      let serving: LogLine | undefined;
      for (let attempt = 0; attempt < 100 && !serving; attempt++) {
        serving = logLines(app).find((line) => line.msg?.includes("(2 workers)"));
        if (!serving) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(serving?.pid).toBe(primary);

      // A sign-in whose body is still arriving when the signal comes.
      const body = JSON.stringify({ email: "nobody@example.org", password: "kettle-harbour-59" });
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          `${app.url}/api/auth/login`,
          {
            method: "POST",
            agent: false,
            headers: { "content-type": "application/json", "content-length": String(body.length) },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              text += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          app.process.kill("SIGTERM");
          setTimeout(() => req.end(body.slice(10)), 700);
        }, 700);
      });
      const answered = await response;
      expect(answered.status).toBe(401);
      expect(JSON.parse(answered.body).message).toBeTruthy();
      expect(await app.stop()).toBe(0);
      expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
      expect(logLines(app).some((line) => line.msg === "stopped" && line.pid === primary)).toBe(true);
    } finally {
      await app.stop();
    }
  });
});
