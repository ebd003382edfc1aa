import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { parseSearchParams } from "../common/search-params.ts";
import { createDatabase } from "../server/db/client.ts";
import { freePort, startEmbeddedPostgres } from "../server/db/embedded.ts";
import { embeddedPostgresSettings } from "../server/db/setup.ts";
import { searchConsultants } from "../server/services/search.ts";

// npm run bench -- [--count 100000] [--duration 10] [--connections 1,10] [--only common,mix] [--reseed]
//
// Seeds a separate database (bench/.data/<count>) with --count generated profiles, starts the
// production server as a child process, and drives it over HTTP with autocannon from this
// process: each query class on its own, a realistic mix, the home page, and /readyz (one
// `select 1` through the whole stack) as the floor. Then, in this process, it times the search
// service against a naive ts_rank query on the same data. Results go to bench/results/*.json.

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "1,10" },
    only: { type: "string" },
    reseed: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    "direct-runs": { type: "string", default: "40" },
  },
});
const count = Number(args.count);
const duration = Number(args.duration);
const connectionLevels = args.connections.split(",").map(Number);
const only = args.only ? new Set(args.only.split(",")) : undefined;
const directRuns = Number(args["direct-runs"]);

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

type Scenario = { name: string; paths: string[]; weights?: number[] };

function scenarios(): Scenario[] {
  const list: Scenario[] = Object.entries(CLASSES).map(([name, queries]) => ({
    name: `search: ${name}`,
    paths: queries.map((query) => `/api/consultants?${query}`),
  }));
  const mixPaths: string[] = [];
  const mixWeights: number[] = [];
  for (const [name, weight] of Object.entries(MIX_WEIGHTS)) {
    for (const query of CLASSES[name] ?? []) {
      mixPaths.push(`/api/consultants?${query}`);
      mixWeights.push(weight / (CLASSES[name]?.length ?? 1));
    }
  }
  list.push({ name: "search: realistic mix", paths: mixPaths, weights: mixWeights });
  list.push({ name: "home page", paths: ["/"] });
  list.push({
    name: "home page, searched",
    paths: ["/?keywords=management", "/?location=Vietnam", "/?keywords=health&expertise=Healthcare", "/?keywords=cocoa"],
  });
  // Issue 12's target: a CV in under 300 ms at the median (the first profiles of the seeded directory).
  list.push({ name: "CV PDF", paths: [1, 2, 3, 4, 5].map((id) => `/api/consultants/${id}/cv.pdf`) });
  list.push({ name: "floor: /readyz (select 1)", paths: ["/readyz"] });
  return list.filter((scenario) => !only || only.has(scenario.name.replace(/^search: /, "")) || only.has(scenario.name));
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function round(value: number, digits = 1) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function pickPath(scenario: Scenario) {
  if (scenario.paths.length === 1) return () => scenario.paths[0] as string;
  const weights = scenario.weights ?? scenario.paths.map(() => 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let next = 0;
  return () => {
    if (!scenario.weights) return scenario.paths[next++ % scenario.paths.length] as string;
    let roll = Math.random() * total;
    for (let index = 0; index < weights.length; index++) {
      roll -= weights[index] as number;
      if (roll <= 0) return scenario.paths[index] as string;
    }
    return scenario.paths[scenario.paths.length - 1] as string;
  };
}

type Measurement = {
  scenario: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  errors: number;
  non2xx: number;
};

async function drive(url: string, scenario: Scenario, connections: number, seconds: number): Promise<Measurement> {
  const next = pickPath(scenario);
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
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
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function run(command: string, commandArgs: string[], env: Record<string, string>) {
  const result = spawnSync(command, commandArgs, { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed`);
  return result.stdout.toString();
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
  const dataDir = path.resolve("bench", ".data", String(count));
  await mkdir(dataDir, { recursive: true });
  if (!args["skip-build"]) {
    console.log("building the app (npm run build)…");
    run("npm", ["run", "build", "--silent"], { NODE_ENV: "production" });
  }

  const log = { info: () => {}, warn: (message: string) => console.warn(message) };
  const pg = await startEmbeddedPostgres({ dir: path.join(dataDir, "postgres"), log, settings: embeddedPostgresSettings() });
  const admin = postgres(pg.url("postgres"), { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = 'devconsult'`;
  if (!exists) await admin.unsafe("create database devconsult");
  await admin.end();
  const databaseUrl = pg.url("devconsult");

  const marker = path.join(dataDir, "seeded.json");
  let seeding = existsSync(marker) ? JSON.parse(await readFile(marker, "utf8")) : undefined;
  if (args.reseed || seeding?.count !== count) {
    console.log(`seeding ${count} profiles (npm run seed)…`);
    const started = performance.now();
    const output = run(process.execPath, ["server/db/seed/cli.ts", "--count", String(count), "--reset", "--seed", "2026"], {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
    });
    const line = output.split("\n").find((text) => text.includes("seeded "));
    const logged = line ? JSON.parse(line) : {};
    seeding = {
      count,
      loadSeconds: logged.seconds,
      vacuumSeconds: logged.vacuumSeconds,
      wallSeconds: round((performance.now() - started) / 1000),
      at: new Date().toISOString(),
    };
    await writeFile(marker, JSON.stringify(seeding, null, 2));
    console.log(`seeded in ${seeding.wallSeconds} s (load ${seeding.loadSeconds} s, vacuum ${seeding.vacuumSeconds} s)`);
  } else {
    console.log(`reusing the ${count}-profile database seeded ${seeding.at} (--reseed to redo)`);
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let serverOutput = "";
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      // Request logs would measure the terminal; warnings and errors still show.
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    serverOutput += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    serverOutput += chunk;
  });

  const measurements: Measurement[] = [];
  const direct: { class: string; engine: { p50: number; p95: number }; naive: { p50: number; p95: number } }[] = [];
  const loadBefore = os.loadavg();
  try {
    await waitUntilReady(url, server, () => serverOutput);
    for (const scenario of scenarios()) {
      // Warm up: caches, prepared statements, the stats cache.
      await drive(url, scenario, 2, Math.min(3, duration));
      for (const connections of connectionLevels) {
        const measurement = await drive(url, scenario, connections, duration);
        measurements.push(measurement);
        const { p50, p95, p99 } = measurement.latencyMs;
        console.log(
          `${scenario.name.padEnd(30)} c=${String(connections).padStart(2)}  ${String(measurement.requestsPerSecond).padStart(6)} req/s  p50 ${p50} ms  p95 ${p95} ms  p99 ${p99} ms${
            measurement.non2xx + measurement.errors > 0 ? `  (${measurement.non2xx} non-2xx, ${measurement.errors} errors)` : ""
          }`,
        );
      }
    }

    console.log(`\nthe search service against a naive ts_rank query, one at a time in this process (${directRuns} runs):`);
    const database = createDatabase(databaseUrl, { max: 2 });
    const naiveSql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connection: { jit: "off" } });
    try {
      for (const name of ["rare", "medium", "common", "two-words", "deep-page"]) {
        const queries = (CLASSES[name] ?? []).filter((query) => query.includes("keywords="));
        const engine = await timeEach(directRuns, queries, async (query) => {
          const params = parseSearchParams(new URLSearchParams(query));
          if (!params.success) throw params.error;
          return searchConsultants(database.db, params.data);
        });
        const naive = await timeEach(directRuns, queries, (query) => naiveQuery(naiveSql, query));
        direct.push({ class: name, engine, naive });
        console.log(
          `${name.padEnd(12)} engine p50 ${engine.p50} ms  p95 ${engine.p95} ms   naive ts_rank + count(*) p50 ${naive.p50} ms  p95 ${naive.p95} ms`,
        );
      }
    } finally {
      await database.close();
      await naiveSql.end();
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await pg.stop();
  }

  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"]).stdout?.toString().trim();
  const report = {
    at: new Date().toISOString(),
    commit,
    profiles: count,
    seeding,
    durationSeconds: duration,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGB: round(os.totalmem() / 1024 ** 3),
      loadAverageBefore: loadBefore.map((value) => round(value, 2)),
      loadAverageAfter: os.loadavg().map((value) => round(value, 2)),
      node: process.version,
      postgresSettings: embeddedPostgresSettings(),
    },
    measurements,
    direct,
  };
  await mkdir(path.resolve("bench", "results"), { recursive: true });
  const file = path.resolve("bench", "results", `${report.at.replace(/[:.]/g, "-")}-${count}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

await main();
