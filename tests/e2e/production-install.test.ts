import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#server/db/embedded.ts";
import { createTestDatabase, type TestDatabase } from "../setup/database.ts";
import { machinePath, runScript, waitForOk } from "../setup/process-group.ts";

// Issue 35 item 7: an operator's install. `npm ci --omit=dev` then `npm start` with the machine's
// own Node and npm (Debian's Node 20 and npm 11 here, not the Node 24 this suite runs on): the
// runtime pin (the `node` package, a dependency) makes every `npm start` run on Node 24; the
// review found `ERR_UNKNOWN_FILE_EXTENSION ".ts"` when the pin was a devDependency. The machine's
// npm being 11 also installs the committed lock for real (npm 11 refused it before). The app
// folder holds what a deploy copies: the package files, the sources the server runs, the build.

const ROOT = path.resolve(import.meta.dirname, "../..");
const METRICS_TOKEN = "metrics-token-of-the-install-test";

describe("a production install with the machine's Node and npm", () => {
  let dir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-install-"));
    for (const entry of ["package.json", "package-lock.json", "server", "common", "app", "build"]) {
      await cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
    }
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("installs without the development tools and serves on Node 24", { timeout: 300_000 }, async () => {
    const env = { PATH: machinePath(), HOME: process.env.HOME ?? "" };
    const machineNode = execFileSync("node", ["--version"], { env, encoding: "utf8" }).trim();
    const machineNpm = execFileSync("npm", ["--version"], { env, encoding: "utf8" }).trim();
    console.log(`machine: node ${machineNode}, npm ${machineNpm}`);

    const install = runScript("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir, env });
    await new Promise<void>((resolve, reject) => {
      install.child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`npm ci --omit=dev: ${code}\n${install.output()}`)),
      );
    });
    // Production dependencies only: no build tools, no test runner.
    expect(existsSync(path.join(dir, "node_modules", "hono"))).toBe(true);
    expect(existsSync(path.join(dir, "node_modules", "vite"))).toBe(false);
    expect(existsSync(path.join(dir, "node_modules", "vitest"))).toBe(false);

    const port = await freePort();
    const server = runScript("npm", ["start"], {
      cwd: dir,
      env: {
        ...env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        DATABASE_URL: database.url,
        SEED_DEMO: "false",
        WEB_CONCURRENCY: "1",
        LOG_LEVEL: "warn",
        METRICS_TOKEN,
      },
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForOk(`${url}/readyz`, server, 120_000);
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("<html");
      const search = await fetch(`${url}/api/consultants`);
      expect(search.status).toBe(200);
      // The Node that serves is the pinned one, whatever the machine's is.
      const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(await metrics.text()).toMatch(/^devconsult_nodejs_version_info\{version="v24\.[^"]+",major="24"/m);
    } finally {
      expect(await server.stop("SIGTERM")).toBe(true);
    }
  });
});
