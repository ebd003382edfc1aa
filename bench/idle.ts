import { readFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { appLabel, openBenchDatabase, resolveAppDirs, round, startAppServer } from "./harness.ts";

// node bench/idle.ts [--count 100000] [--app-dir .,/work/wt/base] [--runs 3] [--idle 35] [--workers 1]
//
// What a quiet minute costs the next visitor. The warm-up prepares the busiest statements on every
// connection of the request pool before the process is ready; a pool that closes its idle
// connections (postgres.js idle_timeout) loses that, and the next search runs on a new connection:
// connect, then parse, describe and plan again. For each checkout, each run: a fresh production
// server; a keyword search page and a keyword search through the API right after it is ready
// (the warm-up's connections); then each again as the first request after --idle seconds
// without traffic. Reports each request's time and the PostgreSQL CPU its backends spent
// (/proc/<pid>/schedstat of the request pool's backends, application_name devconsult-web:
// a backend opened for the request counts whole, its start included), medians over the runs.
// The page is asked with a cookie, so the page cache neither answers nor keeps it.

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    "app-dir": { type: "string", default: "." },
    runs: { type: "string", default: "3" },
    idle: { type: "string", default: "35" },
    // One worker: every request reaches the one pool measured (with two, the second may still be
    // warming up when the first answers /readyz).
    workers: { type: "string", default: "1" },
  },
});
const appDirs = resolveAppDirs(args["app-dir"]);
const idleSeconds = Number(args.idle);
const REQUESTS = {
  page: "/?keywords=evaluation",
  api: "/api/consultants?keywords=water",
} as const;
type Kind = keyof typeof REQUESTS;

const database = await openBenchDatabase(Number(args.count));
const admin = postgres(database.databaseUrl, { max: 1, onnotice: () => {} });

/** Run time so far (ns) of each of the request pool's backends. */
async function backendCpu(): Promise<Map<number, number>> {
  const rows = await admin<{ pid: number }[]>`
    select pid from pg_stat_activity where application_name = 'devconsult-web'`;
  const result = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      result.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]));
    } catch {
      // Gone meanwhile.
    }
  }
  return result;
}

type Measure = { ms: number; pgCpuMs: number; backends: number; newBackends: number };

async function measure(url: string, kind: Kind): Promise<Measure> {
  const before = await backendCpu();
  const started = performance.now();
  const response = await fetch(`${url}${REQUESTS[kind]}`, { headers: { cookie: "bench=idle" } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${REQUESTS[kind]}: ${response.status}`);
  const after = await backendCpu();
  let ns = 0;
  let newBackends = 0;
  for (const [pid, value] of after) {
    const was = before.get(pid);
    if (was === undefined) newBackends++;
    ns += value - (was ?? 0);
  }
  return { ms: round(ms, 1), pgCpuMs: round(ns / 1e6, 2), backends: after.size, newBackends };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

type Row = { app: string; run: number; load: number; warm: Record<Kind, Measure>; idle: Record<Kind, Measure> };
const rows: Row[] = [];
try {
  for (let run = 0; run < Number(args.runs); run++) {
    for (const appDir of appDirs) {
      const server = await startAppServer(appDir, database, { WEB_CONCURRENCY: args.workers });
      try {
        // Whatever start-up work follows the first /readyz settles (well within the idle timeout).
        await sleep(3000);
        // The warm-up's connections, untouched by anything else: the requests right after ready.
        const warm = { page: await measure(server.url, "page"), api: await measure(server.url, "api") };
        const idle = {} as Record<Kind, Measure>;
        for (const kind of Object.keys(REQUESTS) as Kind[]) {
          await sleep(idleSeconds * 1000);
          idle[kind] = await measure(server.url, kind);
        }
        const row = { app: appLabel(appDir), run, load: round(os.loadavg()[0] ?? 0, 1), warm, idle };
        rows.push(row);
        console.log(JSON.stringify(row));
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await admin.end();
  await database.stop();
}
for (const appDir of appDirs) {
  const mine = rows.filter((row) => row.app === appLabel(appDir));
  for (const kind of Object.keys(REQUESTS) as Kind[]) {
    const figure = (state: "warm" | "idle") =>
      `${round(median(mine.map((row) => row[state][kind].ms)), 1)} ms (PostgreSQL CPU ${round(median(mine.map((row) => row[state][kind].pgCpuMs)), 2)} ms, new backends ${median(mine.map((row) => row[state][kind].newBackends))})`;
    console.log(
      `${appLabel(appDir)} ${REQUESTS[kind]}: right after ready ${figure("warm")}; first after ${idleSeconds} s idle ${figure("idle")} (medians of ${mine.length}; load ${mine.map((row) => row.load).join(", ")})`,
    );
  }
}
