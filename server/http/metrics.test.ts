import { AggregatorRegistry } from "prom-client";
import { describe, expect } from "vitest";
import { call } from "../../tests/setup/api-app.ts";
import { insertConsultant } from "../../tests/setup/consultants.ts";
import { apiTest } from "../../tests/setup/fixtures.ts";
import { JOBS } from "../jobs/queue.ts";
import { createMetrics } from "./metrics.ts";

const TOKEN = "metrics-token-for-the-test-0123";

const it = apiTest({ METRICS_TOKEN: TOKEN, DATABASE_POOL_SIZE: "7" });

describe("GET /metrics", () => {
  it("refuses a missing or wrong token", async ({ api }) => {
    const missing = await call(api.app, "GET", "/metrics");
    expect(missing.status).toBe(401);
    expect(missing.json.message).toBe("A valid metrics token is required");
    expect(missing.text).not.toContain("devconsult_");
    const wrong = await call(api.app, "GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
  });

  it("counts requests per route pattern with latencies, and shows the pool and the queue", async ({ api }) => {
    const { id } = await insertConsultant(api.database.sql);
    await call(api.app, "GET", `/api/consultants/${id}`);
    await call(api.app, "GET", `/api/consultants/${id}`);
    await call(api.app, "GET", "/api/consultants/999999");
    // A job waiting far in the future: the queue depth shows it.
    await api.jobs.enqueue(JOBS.purge, {}, { startAfterSeconds: 3600 });
    const response = await call(api.app, "GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = response.text;
    expect(text).toContain('devconsult_http_requests_total{method="GET",route="/api/consultants/:id",status="200"} 2');
    expect(text).toContain('devconsult_http_requests_total{method="GET",route="/api/consultants/:id",status="404"} 1');
    expect(text).toMatch(/devconsult_http_request_duration_seconds_count\{method="GET",route="\/api\/consultants\/:id"\} 3/);
    // One at a time: each had the loop to itself, so each is in the event-loop CPU histogram.
    expect(text).toMatch(
      /devconsult_http_request_event_loop_cpu_seconds_count\{method="GET",route="\/api\/consultants\/:id"\} 3/,
    );
    // Raw paths never become labels (one series per consultant would grow without bound).
    expect(text).not.toContain(`/api/consultants/${id}"`);
    expect(text).toContain("devconsult_db_pool_size 7");
    expect(text).toMatch(/devconsult_db_connections\{state="active"\} [1-9]/);
    expect(text).toContain(`devconsult_job_queue_depth{queue="${JOBS.purge}",state="queued"} 1`);
    expect(text).toContain("devconsult_process_resident_memory_bytes");
  });

  it("reads the database only in the process answering the scrape: the instance's sum shows that one value", async ({ api }) => {
    const metrics = createMetrics({ sql: api.database.sql, jobs: api.jobs, poolSize: 3 });
    const databaseLines = (text: string) =>
      text.split("\n").filter((line) => /^devconsult_(db_connections|job_queue_depth)\{/.test(line));
    // A worker the primary asks while another worker answers the scrape: no database reads.
    expect(databaseLines(await metrics.registry.metrics())).toEqual([]);
    // The worker answering it: the connections and every queue's depth.
    const answered = databaseLines(await metrics.scrape(() => metrics.registry.metrics()));
    expect(answered).toContainEqual(expect.stringMatching(/^devconsult_db_connections\{state="active"\} [1-9]/));
    expect(answered.filter((line) => line.startsWith("devconsult_job_queue_depth{"))).toHaveLength(2 * Object.keys(JOBS).length);
    // Summed as the primary sums two workers: the pool twice, each database fact once (not doubled).
    const summed = await AggregatorRegistry.aggregate([
      await metrics.registry.getMetricsAsJSON(),
      await metrics.scrape(() => metrics.registry.getMetricsAsJSON()),
    ]).metrics();
    expect(summed).toMatch(/^devconsult_db_pool_size 6$/m);
    const summedLines = databaseLines(summed);
    expect(summedLines).toHaveLength(answered.length);
    expect(summedLines).toContain(`devconsult_job_queue_depth{queue="${JOBS.purge}",state="active"} 0`);
  });
});
