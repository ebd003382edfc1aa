import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "#server/db/embedded.ts";
import { startApp } from "../setup/app-server.ts";

/** A cleanly stopped PostgreSQL removes its lock file. */
function pgIsRunning(dataDir: string) {
  return existsSync(path.join(dataDir, "postgres", "postmaster.pid"));
}

describe("the process and its embedded database", () => {
  it("starts PostgreSQL under DATA_DIR, survives kill -9 with its data, and stops PostgreSQL on SIGTERM", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "devconsult-proc-"));
    try {
      const first = await startApp({ useTestDatabase: false, dataDir });
      const before = await (await fetch(`${first.url}/api/consultants?limit=1`)).json();
      expect(before.total).toBe(150);
      expect(first.output()).toContain("with the random password");
      expect(await first.stop("SIGKILL")).toBeNull();

      const second = await startApp({ useTestDatabase: false, dataDir });
      const after = await (await fetch(`${second.url}/api/consultants?limit=1`)).json();
      expect(after.total).toBe(150);
      expect(after.consultants[0].id).toBe(before.consultants[0].id);
      // The demo admin is created once: the second start prints no new password.
      expect(second.output()).not.toContain("with the random password");
      expect(await second.stop("SIGTERM")).toBe(0);
      expect(pgIsRunning(dataDir)).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses to start on a PostgreSQL that may lose acknowledged writes, naming the setting", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-nofsync-"));
    const unsafe = await startEmbeddedPostgres({
      dir: path.join(dir, "postgres"),
      log: { info: () => {}, warn: () => {} },
      settings: { fsync: "off" },
    });
    try {
      await expect(startApp({ useTestDatabase: false, env: { DATABASE_URL: unsafe.url("postgres") } })).rejects.toThrow(
        /PostgreSQL setting fsync is off/,
      );
    } finally {
      await unsafe.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("stops with a clear message when its port is taken, and stops the PostgreSQL it started", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "devconsult-port-"));
    // Another program on the port: one that answers, so the wait for /readyz asks again until the app exits.
    const taken = http.createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = String((taken.address() as AddressInfo).port);
    try {
      await expect(startApp({ useTestDatabase: false, dataDir, env: { PORT: port, SEED_DEMO: "false" } })).rejects.toThrow(
        new RegExp(
          `exited with 78:[\\s\\S]*PORT: 127\\.0\\.0\\.1:${port} is already in use by another program; stop it or set PORT to a free port`,
        ),
      );
      expect(pgIsRunning(dataDir)).toBe(false);
    } finally {
      taken.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("stops with a clear message on a bad setting", async () => {
    await expect(startApp({ useTestDatabase: false, env: { PORT: "seventy", SEED_DEMO: "maybe" } })).rejects.toThrow(
      /PORT: must be a port number[\s\S]*SEED_DEMO: must be true or false/,
    );
  });
});
