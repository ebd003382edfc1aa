import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#server/db/embedded.ts";
import { runScript, waitForOk } from "../setup/process-group.ts";

// Issue 35 item 7: `npm run dev` as a developer runs it. It watched every module it imported,
// Vite's temporary config bundle among them (node_modules/.vite-temp), whose deletion right after
// start restarted the server, which wrote another: 71 restarts in 5.5 min, an embedded PostgreSQL
// "reused" each time and left running after Ctrl-C. Now it watches server/ and common/ only
// (Vite reloads app/ itself): a change there still restarts it, once, and Ctrl-C stops the server
// and its database.

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("npm run dev", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "devconsult-dev-"));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("serves pages without restarting itself, restarts once on a source change, and Ctrl-C stops it with its database", {
    timeout: 300_000,
  }, async () => {
    const port = await freePort();
    const dev = runScript("npm", ["run", "dev"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
      },
    });
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForOk(`${url}/readyz`, dev, 180_000);
      // A page rendered by Vite in development (loaders, components, the app's styles).
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("<html");
      // The loop restarted within seconds of every start; give it time to show.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      expect(await fetch(`${url}/readyz`).then((response) => response.status)).toBe(200);
      expect(dev.output()).not.toContain("Restarting");
      expect(dev.output().match(/embedded PostgreSQL listening/g) ?? []).toHaveLength(1);

      // A source file the server runs, written (its content unchanged): the watcher restarts the
      // server once (without --watch-path, or watching nothing, this would never come).
      const source = path.join(ROOT, "common", "constants.ts");
      writeFileSync(source, readFileSync(source));
      const serving = () => dev.output().match(/is serving on/g)?.length ?? 0;
      await expect.poll(serving, { timeout: 120_000, interval: 250 }).toBe(2);
      await waitForOk(`${url}/readyz`, dev, 60_000);
      expect(dev.output().match(/Restarting/g) ?? []).toHaveLength(1);

      const postmaster = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
      expect(postmaster).toBeGreaterThan(0);
      // Ctrl-C: SIGINT to the terminal's process group (npm, its shell, the watcher, the server).
      expect(await dev.stop("SIGINT")).toBe(true);
      // The watcher too: Node aborted in FSWatcher.close on a missing --env-file-if-exists (nodejs/node#64819).
      expect(dev.output()).not.toContain("Assertion failed");
      // The database went with it: pg_ctl starts PostgreSQL in a session of its own, so only the app stops it.
      expect(existsSync(pidFile)).toBe(false);
      // It removes its pid file a moment before it exits.
      const alive = () => {
        try {
          process.kill(postmaster, 0);
          return true;
        } catch {
          return false;
        }
      };
      await expect.poll(alive, { timeout: 10_000, interval: 100 }).toBe(false);
    } finally {
      await dev.stop("SIGKILL", 5_000);
      // A database left running (the defect this test is about) is stopped here, not left to the machine.
      if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "SIGINT");
    }
  });
});
