import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { createRuntime } from "#server/runtime.ts";
import { createMailer } from "#server/services/mail.ts";
import { createStorage } from "#server/services/storage.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { CLIENT_CLOSED_REQUEST, createHttpApp } from "./app.ts";

// Issue 35, re-run of the operations review (session 12): under the 200-connection load test,
// every request whose client gave up (its 10 s timeout, the end of the run) was logged at error
// as "500 request failed" and counted as a 500 (325 in one run) — a page whose request is aborted
// answers 500, which nobody receives. It is the client's doing: 499, at info.

let database: TestDatabase;
const lines: { level: number; status?: number; msg: string }[] = [];
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp/devconsult-client-closed",
    PUBLIC_URL: "http://devconsult.test",
  });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const log = pino({ level: "info" }, sink);
  app = createHttpApp({
    config: { ...config, metricsToken: "client-closed-metrics-token" },
    db: database.db,
    sql: database.sql,
    log,
    mailer: createMailer(config, log),
    jobs: { boss: { getQueueStats: async () => [] } } as unknown as JobQueue,
    storage: createStorage(config),
    runtime: createRuntime({ insights: null }),
    // As React Router does: a request aborted while its page renders answers 500.
    renderDocument: async (request) => new Response("", { status: request.signal.aborted ? 500 : 200 }),
  });
});
afterAll(async () => {
  await database?.close();
});

it("logs and counts a page request its client abandoned as 499 at info, not as a server error", async () => {
  const left = new AbortController();
  left.abort();
  const response = await app.request("/about?client=left", { signal: left.signal });
  expect(response.status).toBe(CLIENT_CLOSED_REQUEST);
  const line = lines.find((entry) => entry.status !== undefined && entry.msg.startsWith("request"));
  expect(line).toMatchObject({ level: 30, status: 499, msg: "request: the client closed it before the answer" });
  const metrics = await app.request("/metrics", { headers: { authorization: "Bearer client-closed-metrics-token" } });
  expect(await metrics.text()).toContain('devconsult_http_requests_total{method="GET",route="page",status="499"} 1');
});
