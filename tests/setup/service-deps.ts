import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Config, loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { createRuntime } from "#server/runtime.ts";
import type { ServiceDeps, ServiceLog, ServiceRuntime } from "#server/services/context.ts";
import { createMailer, type Mailer } from "#server/services/mail.ts";
import { createStorage } from "#server/services/storage.ts";

/** A log that keeps what services wrote, for tests that assert a failure was logged. */
export function recordingLog() {
  const entries: { level: "debug" | "info" | "warn" | "error"; obj: unknown; msg?: string }[] = [];
  const entry =
    (level: "debug" | "info" | "warn" | "error") =>
    (obj: unknown, msg?: string): void => {
      entries.push({ level, obj, msg });
    };
  const log = { debug: entry("debug"), info: entry("info"), warn: entry("warn"), error: entry("error") } as unknown as ServiceLog;
  return { log, entries, errors: () => entries.filter((e) => e.level === "error").map((e) => e.obj) };
}

/** What a service-level test gets: the services' deps, plus the mailer its workers send with. */
export type TestServiceDeps = ServiceDeps & { config: Config; mailer: Mailer };

/**
 * The services' dependencies for a service-level test, built the way a door builds them: a real
 * config (test environment, a temporary DATA_DIR), real storage and a real mailer (to the given
 * SMTP server, or .eml files in DATA_DIR/mail).
 */
export async function testServiceDeps(
  db: Database,
  {
    env = {},
    smtpUrl,
    log,
    mailer,
    jobs,
    clientIp = "192.0.2.10",
    runtime = createRuntime({ insights: null }),
  }: {
    /** The job queue (tests/setup/api-app.ts `startTestJobQueue`), with workers if mail must arrive. */
    jobs: Pick<JobQueue, "enqueue">;
    env?: Record<string, string>;
    smtpUrl?: string;
    log?: ServiceLog;
    mailer?: Mailer;
    clientIp?: string;
    /** The process's runtime; by default one of its own, without insights counting. */
    runtime?: ServiceRuntime;
  },
): Promise<TestServiceDeps> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "devconsult-services-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://devconsult.test",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    ...env,
  });
  const serviceLog = log ?? recordingLog().log;
  return {
    db,
    readDb: db,
    config,
    log: serviceLog,
    mailer: mailer ?? createMailer(config, serviceLog),
    jobs,
    storage: createStorage(config),
    clientIp,
    runtime,
  };
}
