import { readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { parseSearchParams } from "../common/search-params.ts";
import { createDatabase } from "../server/db/client.ts";
import { embeddedPostgresSettings } from "../server/db/setup.ts";
import { searchConsultants } from "../server/services/search/index.ts";
import { firstLoadBudget, printBudget, type RouteBudget } from "./budget.ts";
import {
  type AppServer,
  appLabel,
  buildApp,
  commitOf,
  machineBusyMs,
  openBenchDatabase,
  resolveAppDirs,
  round,
  startAppServer,
  treeCpuMs,
} from "./harness.ts";

// npm run bench -- [--count 100000] [--duration 10] [--connections 1,10] [--only common,mix,profile page]
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
// CPU used by everything else on the machine meanwhile ("foreign", a shared machine's noise). It
// prints the first-load JS of every route from each build's manifest. Then, for this checkout
// only, it times the search service against a naive ts_rank query in this process. Results go
// to bench/results/*.json.

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
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
const serverEnv = Object.fromEntries(
  (args["server-env"] ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")).trim(), pair.slice(pair.indexOf("=") + 1).trim()]),
);

// Query classes. The vocabulary is the generator's (server/db/seed/generate.ts): at 100 000
// profiles a surname is in under 1 %, "cocoa" in about 3 %, "climate" or "gender" in a fifth to a
// quarter, "management" in half; the filters cut a tenth (country) or less.
const CLASSES: Record<string, string[]> = {
  rare: ["keywords=nugroho", "keywords=somchai", "keywords=kittisak", "keywords=mendoza", "keywords=iskandar"],
  medium: ["keywords=cocoa", "keywords=hydropower", "keywords=immunisation", "keywords=dhis2", "keywords=mangrove"],
  common: ["keywords=management", "keywords=climate", "keywords=gender", "keywords=unicef", "keywords=national"],
  "two-words": [
    "keywords=health+financing",
    "keywords=water+supply",
    "keywords=gender+mainstreaming",
    "keywords=project+management",
    "keywords=climate+adaptation",
  ],
  "term+filters": [
    "keywords=evaluation&location=Vietnam&experience=8-15",
    "keywords=health&languages=English,Thai",
    "keywords=management&expertise=Agriculture&availability=available",
    "keywords=climate&location=Philippines&sort=experience",
    "keywords=education&location=Indonesia&languages=Indonesian&experience=15%2B",
  ],
  "filters-only": [
    "location=Vietnam&experience=8-15&languages=Vietnamese",
    "expertise=Healthcare&availability=available",
    "location=Laos&sort=experience",
    "expertise=Finance&location=Malaysia&experience=4-7",
    "languages=English,Khmer&availability=available&sort=recent",
  ],
  // Track record (issue 12): donors of the assignments (all must match) and countries of experience.
  donor: [
    "donor=World+Bank",
    "donor=Asian+Development+Bank,WHO",
    "donor=UN+Women&location=Cambodia",
    "keywords=evaluation&donor=UNICEF",
    "donor=JICA&expertise=Infrastructure&sort=experience",
  ],
  workedIn: [
    "workedIn=Laos",
    "workedIn=Timor-Leste",
    "workedIn=Vietnam&location=Thailand",
    "keywords=water&workedIn=Cambodia",
    "workedIn=Myanmar&donor=FAO&availability=available",
  ],
  typo: ["keywords=helthcare", "keywords=managment", "keywords=agricultre", "keywords=evaluaton", "keywords=goverance"],
  prefix: ["keywords=agri", "keywords=immun", "keywords=hydro", "keywords=mangr", "keywords=evalu"],
  "deep-page": [
    "keywords=management&page=80",
    "keywords=climate&page=60&sort=recent",
    "keywords=gender&page=70",
    "location=Thailand&page=75",
    "keywords=national&page=84&sort=experience",
  ],
};

/** A plausible day of searches: mostly one or two words, often with a filter, some typos. */
const MIX_WEIGHTS: Record<string, number> = {
  rare: 10,
  medium: 15,
  common: 15,
  "two-words": 15,
  "term+filters": 15,
  "filters-only": 15,
  typo: 5,
  prefix: 5,
  "deep-page": 5,
};

const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type Scenario = {
  name: string;
  /** The paths to request, per server (a static asset's name differs between builds). */
  paths: (app: AppServer) => string[];
  weights?: number[];
};

const SEARCHED_HOME = [
  "/?keywords=management",
  "/?location=Vietnam",
  "/?keywords=health&expertise=Healthcare",
  "/?keywords=cocoa",
];
const STATIC_PAGES = ["/about", "/help-center", "/privacy-policy", "/resources"];

/** The client entry of a server's build: a static asset every first visit loads. */
function entryAsset(app: AppServer) {
  const assets = path.join(app.appDir, "build", "client", "assets");
  const manifest = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  const entry = manifest
    ? /"entry":\{"module":"([^"]+)"/.exec(readFileSync(path.join(assets, manifest), "utf8"))?.[1]
    : undefined;
  if (!entry) throw new Error(`no client entry in the build manifest of ${app.label}`);
  return entry;
}

function scenarios(profileIds: number[]): Scenario[] {
  const list: Scenario[] = Object.entries(CLASSES).map(([name, queries]) => ({
    name: `search: ${name}`,
    paths: () => queries.map((query) => `/api/consultants?${query}`),
  }));
  const mixPaths: string[] = [];
  const mixWeights: number[] = [];
  for (const [name, weight] of Object.entries(MIX_WEIGHTS)) {
    for (const query of CLASSES[name] ?? []) {
      mixPaths.push(`/api/consultants?${query}`);
      mixWeights.push(weight / (CLASSES[name]?.length ?? 1));
    }
  }
  list.push({ name: "search: realistic mix", paths: () => mixPaths, weights: mixWeights });
  list.push({ name: "home page", paths: () => ["/"] });
  list.push({ name: "home page, searched", paths: () => SEARCHED_HOME });
  list.push({ name: "profile page", paths: () => profileIds.map((id) => `/consultant/${id}`) });
  list.push({ name: "static page", paths: () => STATIC_PAGES });
  list.push({ name: "asset: client entry", paths: (app) => [entryAsset(app)] });
  // Issue 12's target: a CV in under 300 ms at the median.
  list.push({ name: "CV PDF", paths: () => profileIds.slice(0, 5).map((id) => `/api/consultants/${id}/cv.pdf`) });
  list.push({ name: "floor: /readyz (select 1)", paths: () => ["/readyz"] });
  return list.filter((scenario) => !only || only.has(scenario.name.replace(/^search: /, "")) || only.has(scenario.name));
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function pickPath(paths: string[], weights?: number[]) {
  if (paths.length === 1) return () => paths[0] as string;
  const total = (weights ?? []).reduce((sum, weight) => sum + weight, 0);
  let next = 0;
  return () => {
    if (!weights) return paths[next++ % paths.length] as string;
    let roll = Math.random() * total;
    for (let index = 0; index < weights.length; index++) {
      roll -= weights[index] as number;
      if (roll <= 0) return paths[index] as string;
    }
    return paths[paths.length - 1] as string;
  };
}

type Measurement = {
  app: string;
  scenario: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Bytes on the wire per response (headers and body, compressed when the server compressed). */
  bytesPerResponse: number;
  /** CPU per request from /proc: the Node server's tree, PostgreSQL's tree, this load generator, the rest of the machine. */
  cpuMsPerRequest: { node: number; postgres: number; loadGenerator: number; foreign: number };
  errors: number;
  non2xx: number;
};

async function drive(
  app: AppServer,
  scenario: Scenario,
  connections: number,
  seconds: number,
  postmasterPid?: number,
): Promise<Measurement> {
  const next = pickPath(scenario.paths(app), scenario.weights);
  const latencies: number[] = [];
  const instance = autocannon({
    url: app.url,
    connections,
    duration: seconds,
    // A browser's User-Agent: what a person's request costs, insights counting included (bots are not counted).
    headers: { "user-agent": BROWSER_USER_AGENT, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const roots = { node: app.pid, postgres: postmasterPid };
  const before = { tree: treeCpuMs(roots), self: process.cpuUsage(), busy: machineBusyMs() };
  const result = await instance;
  const after = { tree: treeCpuMs(roots), self: process.cpuUsage(before.self), busy: machineBusyMs() };
  latencies.sort((a, b) => a - b);
  const requests = Math.max(1, result.requests.total);
  const node = (after.tree.node ?? 0) - (before.tree.node ?? 0);
  const pg = (after.tree.postgres ?? 0) - (before.tree.postgres ?? 0);
  const self = (after.self.user + after.self.system) / 1000;
  const foreign = Math.max(0, after.busy - before.busy - node - pg - self);
  return {
    app: app.label,
    scenario: scenario.name,
    connections,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / result.duration, 0),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies[latencies.length - 1] ?? 0),
    },
    bytesPerResponse: Math.round(result.throughput.total / requests),
    cpuMsPerRequest: {
      node: round(node / requests, 2),
      postgres: round(pg / requests, 2),
      loadGenerator: round(self / requests, 2),
      foreign: round(foreign / requests, 2),
    },
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function printMeasurement(measurement: Measurement, showApp: boolean) {
  const { p50, p95, p99 } = measurement.latencyMs;
  const cpu = measurement.cpuMsPerRequest;
  const failures = measurement.non2xx + measurement.errors;
  const parts = [
    `${showApp ? `[${measurement.app}] ` : ""}${measurement.scenario.padEnd(30)} c=${String(measurement.connections).padStart(2)}`,
    `${String(measurement.requestsPerSecond).padStart(6)} req/s`,
    `p50 ${p50}  p95 ${p95}  p99 ${p99} ms`,
    `CPU/req node ${cpu.node}  pg ${cpu.postgres} ms (foreign ${cpu.foreign})`,
    `${(measurement.bytesPerResponse / 1024).toFixed(1)} KB`,
    failures > 0 ? `(${measurement.non2xx} non-2xx, ${measurement.errors} errors)` : "",
  ];
  console.log(parts.join("  ").trimEnd());
}

/** The naive way: rank every match by ts_rank over the whole document, and count them all. */
function naiveQuery(sql: postgres.Sql, query: string) {
  const params = parseSearchParams(new URLSearchParams(query));
  if (!params.success) throw params.error;
  const { keywords, location, page, limit } = params.data;
  const offset = (page - 1) * limit;
  const where = sql`status = 'approved'
    and search_document @@ plainto_tsquery('search_english', ${keywords ?? ""})
    ${location ? sql`and country = ${location}` : sql``}`;
  return Promise.all([
    sql`select id, name, title from consultants where ${where}
        order by ts_rank(search_document, plainto_tsquery('search_english', ${keywords ?? ""})) desc, id
        limit ${limit} offset ${offset}`,
    sql`select count(*) from consultants where ${where}`,
  ]);
}

async function timeEach(runs: number, queries: string[], once: (query: string) => Promise<unknown>) {
  for (const query of queries) await once(query);
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const query = queries[index % queries.length] as string;
    const started = performance.now();
    await once(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

async function main() {
  if (!args["skip-build"]) for (const appDir of appDirs) buildApp(appDir);
  const budgets: { app: string; routes: RouteBudget[] }[] = appDirs.map((appDir) => {
    return { app: appLabel(appDir), routes: firstLoadBudget(path.join(appDir, "build", "client")) };
  });
  for (const budget of budgets) printBudget(budget.app, budget.routes);

  const database = await openBenchDatabase(count, { reseed: args.reseed });
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
      `\nbenching ${servers.map((server) => `${server.label} (${server.commit})`).join(" and ")} at ${count} profiles, Accept-Encoding: ${acceptEncoding ?? "(none)"}\n`,
    );
    const postmasterPid = database.postmasterPid();
    for (const scenario of scenarios(profileIds)) {
      // Warm up: caches, prepared statements, the stats cache.
      for (const server of servers) await drive(server, scenario, 2, Math.min(3, duration), postmasterPid);
      for (const connections of connectionLevels) {
        for (const server of servers) {
          const measurement = await drive(server, scenario, connections, duration, postmasterPid);
          measurements.push(measurement);
          printMeasurement(measurement, servers.length > 1);
        }
      }
    }

    if (appDirs.length === 1 && appDirs[0] === path.resolve(".")) {
      console.log(`\nthe search service against a naive ts_rank query, one at a time in this process (${directRuns} runs):`);
      const client = createDatabase(databaseUrl, { max: 2 });
      const naiveSql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connection: { jit: "off" } });
      try {
        for (const name of ["rare", "medium", "common", "two-words", "deep-page"]) {
          const queries = (CLASSES[name] ?? []).filter((query) => query.includes("keywords="));
          const engine = await timeEach(directRuns, queries, async (query) => {
            const params = parseSearchParams(new URLSearchParams(query));
            if (!params.success) throw params.error;
            return searchConsultants({ db: client.db }, params.data);
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
