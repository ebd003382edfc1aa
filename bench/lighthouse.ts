import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import postgres from "postgres";
import { freePort } from "../server/db/embedded.ts";
import { type AppServer, buildApp, commitOf, openBenchDatabase, resolveAppDirs, round, startAppServer } from "./harness.ts";

// npm run lighthouse -- [--count 2000] [--runs 3] [--skip-build] [--app-dir .,/work/wt/base] [--chromium /usr/bin/chromium]
//
// Lighthouse 13 (default mobile preset: simulated slow 4G and 4× CPU slowdown) with Debian's
// Chromium on the home page, a search and a profile page of each --app-dir checkout's production
// server, on the bench database of --count profiles (bench/.data/<count>, seeded on first use).
// Reports the median of --runs runs of LCP, CLS, TBT and the performance score per page, and
// writes every run to bench/results/<time>-lighthouse.json.

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "2000" },
    runs: { type: "string", default: "3" },
    "skip-build": { type: "boolean", default: false },
    "app-dir": { type: "string", default: "." },
    chromium: { type: "string", default: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
  },
});
const runs = Number(args.runs);
const appDirs = resolveAppDirs(args["app-dir"]);

type Figures = { lcpMs: number; cls: number; tbtMs: number; score: number; fcpMs: number };

async function startChromium(): Promise<{ port: number; process: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const child = spawn(
    args.chromium,
    [
      "--headless=new",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-extensions",
      ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Chromium (${args.chromium}) did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    process: child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

async function measure(url: string, port: number): Promise<Figures> {
  // A run that fails (Lighthouse's NO_NAVSTART and the like on a loaded machine) is retried twice.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const lhr = result?.lhr;
    const score = lhr?.categories.performance?.score;
    if (lhr && !lhr.runtimeError && typeof score === "number") {
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        lcpMs: Math.round(value("largest-contentful-paint")),
        fcpMs: Math.round(value("first-contentful-paint")),
        cls: round(value("cumulative-layout-shift"), 3),
        tbtMs: Math.round(value("total-blocking-time")),
        score: Math.round(score * 100),
      };
    }
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.code ?? "no result"}`);
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function main() {
  if (!args["skip-build"]) for (const appDir of appDirs) buildApp(appDir);
  const count = Number(args.count);
  const database = await openBenchDatabase(count);
  const servers: AppServer[] = [];
  const chromium = await startChromium();
  const results: { app: string; commit: string; page: string; path: string; runs: Figures[]; median: Figures }[] = [];
  try {
    for (const appDir of appDirs) servers.push(await startAppServer(appDir, database));
    const sql = postgres(database.databaseUrl, { max: 1, onnotice: () => {} });
    const [profile] = await sql`select id from consultants where status = 'approved' order by md5(id::text) limit 1`;
    await sql.end();
    const pages = [
      { page: "home", path: "/" },
      { page: "search", path: "/?keywords=health&location=Vietnam" },
      { page: "profile", path: `/consultant/${profile?.id}` },
    ];
    for (const { page, path: pagePath } of pages) {
      for (const server of servers) {
        // One run to warm the server (its caches, PostgreSQL's) before the measured ones.
        await measure(`${server.url}${pagePath}`, chromium.port);
        const figures: Figures[] = [];
        for (let run = 0; run < runs; run++) figures.push(await measure(`${server.url}${pagePath}`, chromium.port));
        const middle: Figures = {
          lcpMs: median(figures.map((f) => f.lcpMs)),
          fcpMs: median(figures.map((f) => f.fcpMs)),
          cls: median(figures.map((f) => f.cls)),
          tbtMs: median(figures.map((f) => f.tbtMs)),
          score: median(figures.map((f) => f.score)),
        };
        results.push({ app: server.label, commit: server.commit, page, path: pagePath, runs: figures, median: middle });
        console.log(
          `${servers.length > 1 ? `[${server.label}] ` : ""}${page.padEnd(8)} median of ${runs}: LCP ${middle.lcpMs} ms  FCP ${middle.fcpMs} ms  CLS ${middle.cls}  TBT ${middle.tbtMs} ms  score ${middle.score}   (runs: ${figures
            .map((f) => `${f.lcpMs}/${f.tbtMs}/${f.score}`)
            .join(", ")} LCP/TBT/score)`,
        );
      }
    }
  } finally {
    await chromium.stop();
    for (const server of servers) await server.stop();
    await database.stop();
  }
  const report = {
    at: new Date().toISOString(),
    commit: commitOf(process.cwd()),
    tool: "lighthouse 13, default mobile preset (simulated throttling)",
    chromium: args.chromium,
    profiles: count,
    runsPerPage: runs,
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((value) => round(value, 2)) },
    results,
  };
  await mkdir(path.resolve("bench", "results"), { recursive: true });
  const file = path.resolve("bench", "results", `${report.at.replace(/[:.]/g, "-")}-lighthouse.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

await main();
