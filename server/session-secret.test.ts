import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { resolveSessionSecret } from "./session-secret.ts";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-secret-"));
  dirs.push(dir);
  return dir;
}

describe("the session secret", () => {
  it("is SESSION_SECRET when set, and must be long enough", async () => {
    const secret = "s".repeat(40);
    const warnings: string[] = [];
    const config = loadConfig({ NODE_ENV: "test", SESSION_SECRET: secret, DATA_DIR: await dataDir() });
    expect(await resolveSessionSecret(config, { warn: (message: string) => warnings.push(message) })).toBe(secret);
    expect(warnings).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: "test", SESSION_SECRET: "too short" })).toThrow(/SESSION_SECRET.*32/);
  });

  it("is made once in DATA_DIR, readable by this user only, and the same at every start (two at once too)", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: path.join(await dataDir(), "fresh") });
    const silent = { warn: () => {} };
    const [first, second] = await Promise.all([resolveSessionSecret(config, silent), resolveSessionSecret(config, silent)]);
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(config.dataDir, "session-secret");
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await resolveSessionSecret(config, silent)).toBe(first);
  });

  it("warns that other instances need the same SESSION_SECRET when the database is external", async () => {
    const warnings: string[] = [];
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: await dataDir(), DATABASE_URL: "postgres://localhost/devconsult" });
    await resolveSessionSecret(config, { warn: (message: string) => warnings.push(message) });
    expect(warnings).toEqual([expect.stringContaining("set SESSION_SECRET, the same on every instance")]);
  });
});
