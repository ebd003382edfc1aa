import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { parseSearchParams } from "../common/search-params.ts";
import { createDatabase } from "../server/db/client.ts";
import { embeddedPostgresSettings } from "../server/db/setup.ts";
import { createRuntime } from "../server/runtime.ts";
import { searchConsultants } from "../server/services/search/index.ts";
import { firstLoadBudget, printBudget, type RouteBudget } from "./budget.ts";
import { naiveQuery, timeEach } from "./direct.ts";
import { drive, type Measurement, printMeasurement } from "./drive.ts";
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
import { BENCH_OPPORTUNITIES, opportunityScenarios } from "./opportunities.ts";
import { CLASSES, scenarios } from "./scenarios.ts";

// npm run bench -- [--count 100000] [--opportunities 20000] [--duration 10] [--connections 1,10]
//                  [--only common,mix,profile page,opportunities]
//                  [--reseed] [--skip-build] [--app-dir .,/work/wt/base] [--accept-encoding "gzip, deflate, br, zstd"]
//                  [--server-env WEB_CONCURRENCY=1,PAGE_CACHE_SECONDS=0]
//
// Seeds a separate database (bench/.data/<count>) with --count generated profiles, starts the
// production server of each --app-dir checkout on it (default: this one; several are benched
// side by side, one after the other for every scenario and connection level), at the production
// log level, and drives them over HTTP with autocannon from this process, sending the
// Accept-Encoding a browser sends: each query class on its own, a realistic mix, the home page,
// the profile page, static pages, a static asset, and /readyz (one `select 1` through the whole
// stack) as the floor. For every run it reports the CPU each request cost in the Node server
// (its process tree) and in PostgreSQL (the postmaster and its backends), from /proc, and the
// CPU used by everything else on the machine meanwhile ("foreign", a shared machine's noise). The
// opportunities' classes (bench/opportunities.ts: the public search, Suggested consultants and
// Opportunities for you, signed in) run on --opportunities generated ToRs, each with its target. It
// prints the first-load JS of every route from each build's manifest. Then, for this checkout
// only, it times the search service against a naive ts_rank query in this process. Results go
// to bench/results/*.json.

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    opportunities: { type: "string", default: String(BENCH_OPPORTUNITIES) },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "1,10" },
    only: { type: "string" },
    reseed: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    "direct-runs": { type: "string", default: "40" },
    "app-dir": { type: "string", default: "." },
    // Extra server settings for every benched server, e.g. "WEB_CONCURRENCY=1,PAGE_CACHE_SECONDS=0".
    "server-env": { type: "string" },
    // What Chromium sends; "identity" sends none.
    "accept-encoding": { type: "string", default: "gzip, deflate, br, zstd" },
  },
});
const count = Number(args.count);
const duration = Number(args.duration);
const connectionLevels = args.connections.split(",").map(Number);
// Names are separated by commas; a comma followed by a space is part of a name ("home page, searched").
const only = args.only ? new Set(args.only.split(/,(?! )/)) : undefined;
const directRuns = Number(args["direct-runs"]);
const appDirs = resolveAppDirs(args["app-dir"]);
const acceptEncoding = args["accept-encoding"] === "identity" ? undefined : args["accept-encoding"];
const serverEnv = parseServerEnv(args["server-env"]);

async function main() {
  if (!args["skip-build"]) for (const appDir of appDirs) buildApp(appDir);
  const budgets: { app: string; routes: RouteBudget[] }[] = appDirs.map((appDir) => {
    return { app: appLabel(appDir), routes: firstLoadBudget(path.join(appDir, "build", "client")) };
  });
  for (const budget of budgets) printBudget(budget.app, budget.routes);

  const opportunityCount = Number(args.opportunities);
  const database = await openBenchDatabase(count, { reseed: args.reseed, opportunities: opportunityCount });
  const { databaseUrl } = database;
  const servers: AppServer[] = [];
  const measurements: Measurement[] = [];
  const direct: { class: string; engine: { p50: number; p95: number }; naive: { p50: number; p95: number } }[] = [];
  const loadBefore = os.loadavg();
  try {
    for (const appDir of appDirs) servers.push(await startAppServer(appDir, database, serverEnv));
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    // A fixed, spread sample of listed profiles for the profile page.
    const profileIds = (await sql`select id from consultants where status = 'approved' order by md5(id::text) limit 20`).map(
      (row) => Number(row.id),
    );
    await sql.end();
    console.log(
      `\nbenching ${servers.map((server) => `${server.label} (${server.commit})`).join(" and ")} at ${count} profiles${opportunityCount > 0 ? ` and ${opportunityCount} opportunities` : ""}, Accept-Encoding: ${acceptEncoding ?? "(none)"}\n`,
    );
    const postmasterPid = database.postmasterPid();
    const opportunityClasses = opportunityCount > 0 ? await opportunityScenarios(databaseUrl, only) : [];
    for (const scenario of [...scenarios(profileIds, only), ...opportunityClasses]) {
      // Warm up: caches, prepared statements, the stats cache.
      for (const server of servers) await drive(server, scenario, 2, Math.min(3, duration), { acceptEncoding, postmasterPid });
      for (const connections of connectionLevels) {
        for (const server of servers) {
          const measurement = await drive(server, scenario, connections, duration, { acceptEncoding, postmasterPid });
          measurements.push(measurement);
          printMeasurement(measurement, servers.length > 1);
        }
      }
    }

    if (appDirs.length === 1 && appDirs[0] === path.resolve(".")) {
      console.log(`\nthe search service against a naive ts_rank query, one at a time in this process (${directRuns} runs):`);
      const client = createDatabase(databaseUrl, { max: 2 });
      const runtime = createRuntime({ insights: null });
      const naiveSql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connection: { jit: "off" } });
      try {
        for (const name of ["rare", "medium", "common", "two-words", "deep-page"]) {
          const queries = (CLASSES[name] ?? []).filter((query) => query.includes("keywords="));
          const engine = await timeEach(directRuns, queries, async (query) => {
            const params = parseSearchParams(new URLSearchParams(query));
            if (!params.success) throw params.error;
            return searchConsultants({ db: client.db, runtime }, params.data);
          });
          const naive = await timeEach(directRuns, queries, (query) => naiveQuery(naiveSql, query));
          direct.push({ class: name, engine, naive });
          console.log(
            `${name.padEnd(12)} engine p50 ${engine.p50} ms  p95 ${engine.p95} ms   naive ts_rank + count(*) p50 ${naive.p50} ms  p95 ${naive.p95} ms`,
          );
        }
      } finally {
        await client.close();
        await naiveSql.end();
      }
    } else {
      console.log("\n(the in-process comparison with a naive query runs only when benching this checkout alone)");
    }
  } finally {
    for (const server of servers) await server.stop();
    await database.stop();
  }

  const report = {
    at: new Date().toISOString(),
    commit: commitOf(process.cwd()),
    apps: servers.map((server) => ({ label: server.label, appDir: server.appDir, commit: server.commit })),
    profiles: count,
    opportunities: opportunityCount,
    seeding: database.seeding,
    durationSeconds: duration,
    acceptEncoding: acceptEncoding ?? null,
    logLevel: "info",
    serverEnv,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGB: round(os.totalmem() / 1024 ** 3),
      loadAverageBefore: loadBefore.map((value) => round(value, 2)),
      loadAverageAfter: os.loadavg().map((value) => round(value, 2)),
      node: process.version,
      postgresSettings: embeddedPostgresSettings(),
    },
    firstLoadJs: budgets,
    measurements,
    direct,
  };
  await mkdir(path.resolve("bench", "results"), { recursive: true });
  const file = path.resolve("bench", "results", `${report.at.replace(/[:.]/g, "-")}-${count}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

await main();
