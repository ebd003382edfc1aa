import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for a newcomer", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.siteName).toBe("DevConsult SEA");
    expect(config.seedDemo).toBe(true);
    expect(config.requireApproval).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.secureCookies).toBe(false);
    expect(config.storage).toEqual({ kind: "local", dir: path.resolve("data", "uploads") });
    expect(config.mail.outboxDir).toBe(path.resolve("data", "mail"));
  });

  it("reads every setting", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: "/var/lib/devconsult",
      DATABASE_URL: "postgres://u:p@db:5432/app",
      SITE_NAME: "Consultants Hub",
      ADMIN_EMAIL: "ops@example.org",
      ADMIN_PASSWORD: "s3cret-enough",
      SMTP_URL: "smtp://mail:25",
      SEED_DEMO: "false",
      REQUIRE_APPROVAL: "0",
      INSIGHTS_COUNTING: "false",
      PUBLIC_URL: "https://consultants.example.org/",
      S3_BUCKET: "photos",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/var/lib/devconsult",
      databaseUrl: "postgres://u:p@db:5432/app",
      siteName: "Consultants Hub",
      admin: { email: "ops@example.org", password: "s3cret-enough" },
      seedDemo: false,
      requireApproval: false,
      insightsCounting: false,
      publicUrl: "https://consultants.example.org",
      secureCookies: true,
      mail: { smtpUrl: "smtp://mail:25" },
      storage: { kind: "s3", bucket: "photos" },
    });
  });

  it("names every bad setting in one clear message", () => {
    const attempt = () => loadConfig({ PORT: "99999", DATABASE_URL: "mysql://x", SEED_DEMO: "maybe" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: must be between 0 and 65535/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//);
    expect(attempt).toThrow(/SEED_DEMO: must be true or false/);
  });

  it("reads the page cache and worker settings, and rejects nonsense in them", () => {
    expect(loadConfig({})).toMatchObject({ pageCacheSeconds: 5, webConcurrency: undefined });
    expect(loadConfig({ PAGE_CACHE_SECONDS: "0", WEB_CONCURRENCY: "2" })).toMatchObject({
      pageCacheSeconds: 0,
      webConcurrency: 2,
    });
    const attempt = () => loadConfig({ PAGE_CACHE_SECONDS: "soon", WEB_CONCURRENCY: "0" });
    expect(attempt).toThrow(/PAGE_CACHE_SECONDS: must be a number of seconds/);
    expect(attempt).toThrow(/WEB_CONCURRENCY: must be between 1 and 64/);
    expect(() => loadConfig({ PAGE_CACHE_SECONDS: "3600" })).toThrow(/PAGE_CACHE_SECONDS: must be between 0 and 60/);
  });

  it("reads how long an authentication counts as recent (1 to 1440 minutes, 10 by default)", () => {
    expect(loadConfig({}).reauthenticateMinutes).toBe(10);
    expect(loadConfig({ REAUTHENTICATE_MINUTES: "1440" }).reauthenticateMinutes).toBe(1440);
    expect(() => loadConfig({ REAUTHENTICATE_MINUTES: "0" })).toThrow(
      /REAUTHENTICATE_MINUTES: must be between 1 and 1440 minutes/,
    );
    expect(() => loadConfig({ REAUTHENTICATE_MINUTES: "1441" })).toThrow(/REAUTHENTICATE_MINUTES: must be between 1 and 1440/);
    expect(() => loadConfig({ REAUTHENTICATE_MINUTES: "2.5" })).toThrow(
      /REAUTHENTICATE_MINUTES: must be a whole number of minutes/,
    );
    expect(() => loadConfig({ REAUTHENTICATE_MINUTES: "soon" })).toThrow(/REAUTHENTICATE_MINUTES: must be a number of minutes/);
  });

  it("wants ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "admin@example.org" })).toThrow(
      /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
  });

  it("seeds the demo by default only with the embedded database", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db/app" }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db/app", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "off" }).seedDemo).toBe(false);
  });

  it("reads the several-instance database settings, and refuses a pooler without a direct connection", () => {
    const timeouts = {
      connectTimeoutMs: 3_000,
      statementTimeoutMs: 5_000,
      jobStatementTimeoutMs: 60_000,
      replicaMaxLagMs: 10_000,
    };
    expect(loadConfig({}).database).toEqual({
      directUrl: undefined,
      readUrl: undefined,
      pooler: false,
      poolSize: 10,
      ...timeouts,
    });
    expect(
      loadConfig({
        DATABASE_URL: "postgres://u:p@pgbouncer:6432/app",
        DATABASE_DIRECT_URL: "postgres://u:p@db:5432/app",
        DATABASE_READ_URL: "postgres://u:p@replica:5432/app",
        DATABASE_POOLER: "true",
        DATABASE_POOL_SIZE: "20",
        DATABASE_STATEMENT_TIMEOUT_MS: "2500",
      }).database,
    ).toEqual({
      directUrl: "postgres://u:p@db:5432/app",
      readUrl: "postgres://u:p@replica:5432/app",
      pooler: true,
      poolSize: 20,
      ...timeouts,
      statementTimeoutMs: 2_500,
    });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "5s" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS: must be a number of milliseconds/,
    );
    expect(() => loadConfig({ DATABASE_URL: "postgres://u:p@pgbouncer/app", DATABASE_POOLER: "true" })).toThrow(
      /DATABASE_DIRECT_URL: DATABASE_POOLER=true needs DATABASE_DIRECT_URL/,
    );
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://u:p@replica/app" })).toThrow(
      /DATABASE_READ_URL: DATABASE_READ_URL needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE: must be between 2 and 500/);
    // One connection deadlocked start-up: the lock held it while the migrations waited for it.
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "1" })).toThrow(/DATABASE_POOL_SIZE: must be between 2 and 500/);
    expect(loadConfig({ DATABASE_POOL_SIZE: "2" }).database.poolSize).toBe(2);
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters long/);
  });
});
