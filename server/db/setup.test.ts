import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { loadConfig } from "../config.ts";
import { ensureAdmin } from "../services/accounts/bootstrap.ts";
import { DEMO_DIRECTORY_SIZE } from "./seed/demo.ts";
import { embeddedPostgresSettings, openDatabase } from "./setup.ts";

const GB = 1024 ** 3;

describe("embedded PostgreSQL settings", () => {
  it("give shared buffers a quarter of the memory, between 128 MB and 2 GB", () => {
    expect(embeddedPostgresSettings(24 * GB)).toEqual({
      shared_buffers: "2048MB",
      effective_cache_size: "12288MB",
      random_page_cost: "1.1",
    });
    expect(embeddedPostgresSettings(4 * GB).shared_buffers).toBe("1024MB");
    expect(embeddedPostgresSettings(0.25 * GB)).toMatchObject({ shared_buffers: "128MB", effective_cache_size: "512MB" });
  });
});

describe("start-up on an empty database", () => {
  it("three instances starting at once all come up: one migration, one admin, one demo directory", async () => {
    const adminUrl = inject("pgAdminUrl");
    const name = `startup_${randomBytes(5).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const config = loadConfig({
      DATABASE_URL: url.toString(),
      SEED_DEMO: "true",
      ADMIN_EMAIL: "ops@example.org",
      ADMIN_PASSWORD: "a long admin password",
    });
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const opened: Awaited<ReturnType<typeof openDatabase>>[] = [];
    try {
      const results = await Promise.allSettled(
        [1, 2, 3].map(() =>
          openDatabase(config, log, { underLock: (db) => ensureAdmin(db, log, config.admin) }).then((database) => {
            opened.push(database);
            return database;
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const [first] = opened as [(typeof opened)[number]];
      const [counts] = await first.sql<{ admins: number; consultants: number }[]>`
        select (select count(*)::int from auth_users where role = 'admin') as admins,
          (select count(*)::int from consultants) as consultants`;
      expect(counts).toEqual({ admins: 1, consultants: DEMO_DIRECTORY_SIZE });
    } finally {
      await Promise.all(opened.map((database) => database.close()));
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
