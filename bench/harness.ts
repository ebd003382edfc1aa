import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";
import { createDatabase } from "../server/db/client.ts";
import { type EmbeddedPostgres, freePort, startEmbeddedPostgres } from "../server/db/embedded.ts";
import { runMigrations } from "../server/db/migrate.ts";
import { embeddedPostgresSettings } from "../server/db/setup.ts";
import { GlossaryCache, retagAll, retagPending, syncConceptForms } from "../server/services/search/concepts.ts";

// What `npm run bench` and `npm run lighthouse` share: a seeded database of generated profiles
// (bench/.data/<count>), production servers of one or more checkouts started on it, and CPU
// accounting from /proc (the server's process tree, the postmaster's tree, the whole machine).

export function round(value: number, digits = 1) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function runSync(command: string, commandArgs: string[], env: Record<string, string>, cwd?: string) {
  const result = spawnSync(command, commandArgs, {
    cwd,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed${cwd ? ` in ${cwd}` : ""}`);
  return result.stdout.toString();
}

export type Seeding = {
  count: number;
  loadSeconds?: number;
  vacuumSeconds?: number;
  wallSeconds: number;
  at: string;
  /** Generated opportunities (issue 32), when a bench asked for them, and when they were written. */
  opportunities?: { count: number; seconds: number; at: string };
};

/** Open opportunities close one to seven weeks after they are seeded: a set older than a week is written again. */
const OPPORTUNITIES_FRESH_MS = 7 * 86_400_000;

export type BenchDatabase = {
  dataDir: string;
  databaseUrl: string;
  seeding: Seeding;
  /** The postmaster's pid (its tree is PostgreSQL's CPU). */
  postmasterPid: () => number | undefined;
  stop: () => Promise<void>;
};

/** Starts the embedded PostgreSQL of bench/.data/<count>, seeding it with this checkout's seed on first use. */
export async function openBenchDatabase(
  count: number,
  options: { reseed?: boolean; opportunities?: number } = {},
): Promise<BenchDatabase> {
  const dataDir = path.resolve("bench", ".data", String(count));
  await mkdir(dataDir, { recursive: true });
  const log = { info: () => {}, warn: (message: string) => console.warn(message) };
  const clusterDir = path.join(dataDir, "postgres");
  const pg: EmbeddedPostgres = await startEmbeddedPostgres({ dir: clusterDir, log, settings: embeddedPostgresSettings() });
  const admin = postgres(pg.url("postgres"), { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = 'devconsult'`;
  if (!exists) await admin.unsafe("create database devconsult");
  await admin.end();
  const databaseUrl = pg.url("devconsult");

  const marker = path.join(dataDir, "seeded.json");
  let seeding: Seeding | undefined = existsSync(marker) ? JSON.parse(await readFile(marker, "utf8")) : undefined;
  if (options.reseed || seeding?.count !== count) {
    console.log(`seeding ${count} profiles (npm run seed)…`);
    const started = performance.now();
    const output = runSync(process.execPath, ["server/seed-cli.ts", "--count", String(count), "--reset", "--seed", "2026"], {
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
    // Migrations newer than the seed are applied here, not by the first server started: one that
    // rewrites every profile (0017: 106 s at 100 000) would outlast the servers' start-up deadline.
    const started = performance.now();
    const migrating = createDatabase(databaseUrl, { max: 2 });
    try {
      await runMigrations(migrating.db, migrating.sql);
      // The field glossary's forms (migration 0028), and the profiles and opportunities tagged again when they changed.
      const changed = await syncConceptForms(migrating.db, await new GlossaryCache().get(migrating.db));
      if (changed > 0 || (await retagPending(migrating.db))) {
        console.log(`the glossary's forms changed (${changed}): tagging every profile and opportunity with its concepts…`);
        await retagAll(migrating.db);
        await migrating.sql`vacuum analyze consultants, opportunities`;
      }
    } finally {
      await migrating.close();
    }
    console.log(`migrations and the glossary's forms checked and applied in ${round((performance.now() - started) / 1000)} s`);
  }
  const wanted = options.opportunities ?? 0;
  const had = seeding?.opportunities;
  if (seeding && wanted > 0 && (had?.count !== wanted || Date.now() - Date.parse(had.at) > OPPORTUNITIES_FRESH_MS)) {
    console.log(`writing ${wanted} opportunities (npm run seed -- --count 0 --opportunities ${wanted})…`);
    const started = performance.now();
    runSync(process.execPath, ["server/seed-cli.ts", "--count", "0", "--opportunities", String(wanted), "--seed", "2026"], {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
    });
    seeding.opportunities = { count: wanted, seconds: round((performance.now() - started) / 1000), at: new Date().toISOString() };
    await writeFile(marker, JSON.stringify(seeding, null, 2));
    console.log(`wrote ${wanted} opportunities in ${seeding.opportunities.seconds} s`);
  }
  await prewarm(databaseUrl);
  return {
    dataDir,
    databaseUrl,
    seeding,
    postmasterPid: () => {
      const pid = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    },
    stop: () => pg.stop(),
  };
}

/**
 * Reads the directory's tables and indexes into PostgreSQL's buffers before anything is measured,
 * as a server that has been running holds them. After other work had filled the machine's page
 * cache, the first searches of a class read their pages from disk (single requests of 2–5 s), and
 * a class measured first paid for what every later one found in memory.
 */
async function prewarm(databaseUrl: string) {
  const started = performance.now();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`create extension if not exists pg_prewarm`;
    const [row] = await sql<{ blocks: number }[]>`
      select coalesce(sum(pg_prewarm(c.oid)), 0)::bigint as blocks
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where (n.nspname = 'public' and c.relkind in ('r', 'i', 't', 'm'))
         or c.oid in (select reltoastrelid from pg_class where relnamespace = 'public'::regnamespace)`;
    const megabytes = Math.round((Number(row?.blocks ?? 0) * 8) / 1024);
    console.log(`prewarmed ${megabytes} MB of tables and indexes in ${round((performance.now() - started) / 1000)} s`);
  } finally {
    await sql.end();
  }
}

/** `--app-dir` values: checkouts whose server is benched; "." is this one. */
export function resolveAppDirs(value: string | undefined) {
  return (value ?? ".").split(",").map((dir) => {
    const appDir = path.resolve(dir.trim());
    if (!existsSync(path.join(appDir, "server", "main.ts")))
      throw new Error(`${appDir} is not a checkout of the app (no server/main.ts)`);
    if (!existsSync(path.join(appDir, "node_modules"))) throw new Error(`${appDir} has no node_modules: run npm ci there first`);
    return appDir;
  });
}

/** `--server-env` "NAME=value,NAME=value": settings for every benched server. */
export function parseServerEnv(value: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (value ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")).trim(), pair.slice(pair.indexOf("=") + 1).trim()]),
  );
}

/** How reports name a checkout: "this checkout", or its folder's path. */
export function appLabel(appDir: string) {
  return appDir === path.resolve(".") ? "this checkout" : appDir;
}

export function commitOf(appDir: string) {
  return spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: appDir }).stdout?.toString().trim() || "unknown";
}

export function buildApp(appDir: string) {
  console.log(`building ${appLabel(appDir)} (npm run build)…`);
  runSync("npm", ["run", "build", "--silent"], { NODE_ENV: "production" }, appDir);
}

export type AppServer = {
  appDir: string;
  label: string;
  commit: string;
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
};

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

/**
 * Starts a checkout's production server on the bench database, at the production log level
 * (request logs go to a pipe that is drained, as a log collector would; only the tail is kept).
 */
export async function startAppServer(
  appDir: string,
  database: BenchDatabase,
  env: Record<string, string> = {},
): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-16_384);
  };
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  await waitUntilReady(url, child, () => tail);
  return {
    appDir,
    label: appLabel(appDir),
    commit: commitOf(appDir),
    url,
    pid: child.pid as number,
    output: () => tail,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

// ---- CPU accounting from /proc -------------------------------------------------------------

const clockTicksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;

type ProcStat = { pid: number; ppid: number; ticks: number };

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields start after the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // Fields 4 (ppid) and 14–17 (utime, stime, cutime, cstime) of proc(5), counted from "state" = 3.
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { pid, ppid, ticks };
  } catch {
    return undefined;
  }
}

function allProcesses() {
  const list: ProcStat[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) list.push(stat);
  }
  return list;
}

/**
 * CPU milliseconds used so far by each process tree (the process, its live descendants, and the
 * children it has already reaped: a PostgreSQL backend that exits is added to the postmaster's
 * cutime/cstime, so the sum stays whole).
 */
export function treeCpuMs(roots: Record<string, number | undefined>): Record<string, number> {
  const processes = allProcesses();
  const children = new Map<number, ProcStat[]>();
  for (const stat of processes) {
    const list = children.get(stat.ppid) ?? [];
    list.push(stat);
    children.set(stat.ppid, list);
  }
  const byPid = new Map(processes.map((stat) => [stat.pid, stat]));
  const result: Record<string, number> = {};
  for (const [name, root] of Object.entries(roots)) {
    let ticks = 0;
    const stack = root === undefined ? [] : [byPid.get(root)].filter((stat) => stat !== undefined);
    while (stack.length > 0) {
      const stat = stack.pop() as ProcStat;
      ticks += stat.ticks;
      stack.push(...(children.get(stat.pid) ?? []));
    }
    result[name] = (ticks * 1000) / clockTicksPerSecond;
  }
  return result;
}

/** Busy CPU milliseconds of the whole machine so far (every core; idle and iowait excluded). */
export function machineBusyMs() {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return ((total - idle) * 1000) / clockTicksPerSecond;
}
