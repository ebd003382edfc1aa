import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { latencySummary, percentile } from "./drive.ts";
import {
  type AppServer,
  appLabel,
  buildApp,
  commitOf,
  openBenchDatabase,
  parseServerEnv,
  resolveAppDirs,
  round,
  startAppServer,
} from "./harness.ts";
import { mixQueries } from "./scenarios.ts";

// npm run bench:cold -- [--count 2000] [--app-dir .,/work/wt/base] [--runs 3] [--connections 200]
//                       [--duration 20] [--timeout 10] [--skip-build] [--server-env WEB_CONCURRENCY=2]
//
// Issue 35, item 5 (the operations review's failure 5: the first 200-connection run on a fresh
// server gave 128 and 37 client timeouts, warm reruns none). Starts each checkout's production
// server fresh on the bench database and, the moment its /readyz first answers (what a load
// balancer waits for), drives the search page with --connections connections for --duration
// seconds, each request given up after --timeout seconds (autocannon's default, as the review's
// client). The paths are the realistic mix's searches, as pages. Every checkout is started again
// for every run, the checkouts in turn, so a busy moment of a shared machine falls on both.
// Reports, per run: client timeouts and other errors, non-2xx, requests a second, latency
// percentiles of the whole run and of the requests sent in its first second.

const { values: args } = parseArgs({
  options: {
    // A directory of this size (the review measured the demo directory of a fresh install): large
    // enough for real searches, small enough that a warm server keeps up with 200 connections.
    count: { type: "string", default: "2000" },
    "app-dir": { type: "string", default: "." },
    runs: { type: "string", default: "3" },
    connections: { type: "string", default: "200" },
    duration: { type: "string", default: "20" },
    timeout: { type: "string", default: "10" },
    "skip-build": { type: "boolean", default: false },
    "server-env": { type: "string" },
  },
});
const appDirs = resolveAppDirs(args["app-dir"]);
const connections = Number(args.connections);
const duration = Number(args.duration);
const timeout = Number(args.timeout);
const serverEnv = parseServerEnv(args["server-env"]);
const paths = mixQueries().map(({ query }) => `/?${query}`);

type Load = {
  requests: number;
  requestsPerSecond: number;
  timeouts: number;
  /** Errors other than timeouts (refused, reset). */
  errors: number;
  non2xx: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Requests sent in the run's first second: how many, and their p95 (a timeout counts as the timeout). */
  firstSecond: { requests: number; p95: number; max: number };
};

type ColdRun = {
  app: string;
  commit: string;
  run: number;
  /** From spawning the server to its first /readyz 200. */
  readyMs: number;
  loadAverage: number;
  /** The run on the fresh server, and the same again right after it (warm: the machine's own figure). */
  cold: Load;
  warm: Load;
};

async function drive(server: AppServer): Promise<Load> {
  let next = 0;
  const latencies: number[] = [];
  const firstSecond: number[] = [];
  const started = performance.now();
  const instance = autocannon({
    url: server.url,
    connections,
    duration,
    timeout,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] as string }) }],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (performance.now() - responseTime - started < 1000) firstSecond.push(responseTime);
  });
  instance.on("reqError", (error) => {
    // A request that timed out was sent `timeout` seconds ago.
    if (String(error).includes("timed out") && performance.now() - timeout * 1000 - started < 1000)
      firstSecond.push(timeout * 1000);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  firstSecond.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / result.duration, 0),
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    non2xx: result.non2xx,
    latencyMs: latencySummary(latencies),
    firstSecond: {
      requests: firstSecond.length,
      p95: round(percentile(firstSecond, 95)),
      max: round(firstSecond.at(-1) ?? 0),
    },
  };
}

async function coldRun(appDir: string, run: number, database: Awaited<ReturnType<typeof openBenchDatabase>>): Promise<ColdRun> {
  const spawned = performance.now();
  const server = await startAppServer(appDir, database, serverEnv);
  const readyMs = performance.now() - spawned;
  const loadAverage = os.loadavg()[0] ?? 0;
  try {
    const cold = await drive(server);
    const warm = await drive(server);
    return {
      app: appLabel(appDir),
      commit: server.commit,
      run,
      readyMs: Math.round(readyMs),
      loadAverage: round(loadAverage, 1),
      cold,
      warm,
    };
  } finally {
    await server.stop();
  }
}

function describe(load: Load) {
  const { p50, p95, p99, max } = load.latencyMs;
  return [
    `${load.timeouts} timeouts, ${load.errors} errors, ${load.non2xx} non-2xx`,
    `${load.requestsPerSecond} req/s`,
    `p50 ${p50} p95 ${p95} p99 ${p99} max ${max} ms`,
    `first second: ${load.firstSecond.requests} sent, p95 ${load.firstSecond.p95} ms`,
  ].join("  ");
}

function print(result: ColdRun) {
  console.log(`[${result.app} ${result.commit}] run ${result.run}: ready in ${result.readyMs} ms (load ${result.loadAverage})`);
  console.log(`  cold: ${describe(result.cold)}`);
  console.log(`  warm: ${describe(result.warm)}`);
}

async function main() {
  if (!args["skip-build"]) for (const appDir of appDirs) buildApp(appDir);
  const database = await openBenchDatabase(Number(args.count));
  const results: ColdRun[] = [];
  try {
    console.log(
      `\ncold start: ${connections} connections × ${duration} s, ${timeout} s client timeout, on the search page, ${args.runs} runs of ${appDirs.map((dir) => `${appLabel(dir)} (${commitOf(dir)})`).join(" and ")}\n`,
    );
    for (let run = 1; run <= Number(args.runs); run++) {
      for (const appDir of appDirs) {
        const result = await coldRun(appDir, run, database);
        results.push(result);
        print(result);
      }
    }
  } finally {
    await database.stop();
  }
  console.log(`\n${JSON.stringify(results)}`);
  // Kept beside the other benches' runs, so a figure quoted from it can be checked.
  const at = new Date().toISOString();
  const file = path.resolve("bench", "results", `${at.replace(/[:.]/g, "-")}-cold-${args.count}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify({ at, count: Number(args.count), connections, duration, timeout, machine: { cpus: os.cpus().length }, results }, null, 2)}\n`,
  );
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

await main();
