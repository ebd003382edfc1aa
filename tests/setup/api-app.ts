import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { type Config, loadConfig } from "#server/config.ts";
import { createHttpApp } from "#server/http/app.ts";
import type { HttpDeps } from "#server/http/context.ts";
import { startJobQueue } from "#server/jobs/queue.ts";
import { startWorkers } from "#server/jobs/workers.ts";
import type { Logger } from "#server/logger.ts";
import { createRuntime } from "#server/runtime.ts";
import { InsightsBuffer } from "#server/services/insights/counter.ts";
import { createMailer } from "#server/services/mail.ts";
import { createStorage } from "#server/services/storage.ts";
import { contractBreach, holdAnswersToTheDocument, holdsAnswers } from "./api-contract.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { errorRecordingLogger } from "./logged-errors.ts";
import { startSmtpServer, type TestSmtp } from "./smtp.ts";
import { insertSignedInUser } from "./users.ts";

export const PUBLIC_URL = "http://devconsult.test";

/**
 * The real Hono app on a fresh database, delivering mail to a real SMTP server, for API tests
 * through `app.request()`. Requests name their client address in X-Forwarded-For (TRUST_PROXY),
 * so tests can keep per-address rate limits apart. Photos go to a temporary DATA_DIR.
 */
export async function startApiApp(env: Record<string, string> = {}, { log = errorRecordingLogger() }: { log?: Logger } = {}) {
  const [database, smtp, dataDir] = await Promise.all([
    createTestDatabase(),
    startSmtpServer(),
    mkdtemp(path.join(os.tmpdir(), "devconsult-api-")),
  ]);
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "true",
    LOG_LEVEL: "silent",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    ...env,
  });
  // Silent but for errors, which fail the test (tests/setup/integration.ts), unless a test reads the log itself.
  const { app, jobs, runtime } = await serveApi(config, { ...database, directUrl: database.url }, log);
  return {
    app,
    config,
    database,
    smtp,
    jobs,
    runtime,
    close: async () => {
      await jobs.stop();
      await runtime.close();
      await smtp.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The JSON door of the real app over an open database: its runtime (insights counted when
 * `config` says so and `insights` does not refuse), the job queue on the direct connection with
 * its workers, mail as `config` says, photos in `config`'s storage. Pages are never rendered.
 */
export async function serveApi(
  config: Config,
  database: Pick<HttpDeps, "db" | "readDb" | "sql"> & { directUrl: string },
  log: Logger,
  { insights = config.insightsCounting }: { insights?: boolean } = {},
) {
  const mailer = createMailer(config, log);
  const storage = createStorage(config);
  const runtime = createRuntime({ insights: insights ? new InsightsBuffer(database.db, log) : null });
  const jobs = await startTestJobQueue(database.directUrl, log);
  await startWorkers(jobs, { db: database.db, config, mailer, log, storage, runtime });
  const app = createHttpApp({
    config,
    db: database.db,
    readDb: database.readDb,
    sql: database.sql,
    log,
    mailer,
    jobs,
    storage,
    runtime,
    renderDocument: async () => {
      throw new Error("API tests never render a page");
    },
  });
  // Each answer to a test is what the OpenAPI document says (tests/setup/api-contract.ts).
  return { app: holdAnswersToTheDocument(app), jobs, runtime };
}

/**
 * A second app instance's job queue and workers on `api`'s database and mail server (logging
 * nothing, counting no insights), for work two instances race for: stop it when done.
 */
export async function startSecondInstanceJobs(api: TestApi) {
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  const jobs = await startTestJobQueue(api.database.url, silent);
  await startWorkers(jobs, {
    db: api.database.db,
    config: api.config,
    mailer: createMailer(api.config, silent),
    log: silent,
    runtime: createRuntime({ insights: null }),
  });
  return jobs;
}

/** The job queue as tests run it: retries after about a second, no recurring jobs (tests run them). */
export function startTestJobQueue(url: string, log: Parameters<typeof startJobQueue>[0]["log"]) {
  return startJobQueue({ url, log, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, schedules: false });
}

export type ApiApp = { app: ReturnType<typeof createHttpApp>; database: TestDatabase; smtp: TestSmtp };
/** What `startApiApp` (and the `api` fixture of tests/setup/fixtures.ts) gives a test. */
export type TestApi = Awaited<ReturnType<typeof startApiApp>>;

type CallOptions = { body?: unknown; token?: string; cookie?: string; ip?: string; headers?: Record<string, string> };

/**
 * A JSON API call as a client makes it: Bearer token or cookie, JSON body when there is one. A
 * successful answer that does not match its route's documented schema throws.
 */
export async function call(app: ApiApp["app"], method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? "192.0.2.1", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await app.request(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // A successful answer is what the OpenAPI document says it is (tests/setup/api-contract.ts); an
  // app of serveApi checks its answers itself.
  const breach = holdsAnswers(app) ? undefined : contractBreach(method, path, response.status, text, json);
  if (breach) throw new Error(`API contract: ${breach}`);
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they just asserted the shape of
  return { status: response.status, headers: response.headers, json: json as Record<string, any>, text };
}

/**
 * A CV file posted to `POST /api/my-consultant-profile/import` as the import panel posts it
 * (multipart, the file in `file`, `keep` when given), from `ip`: answers the status, the headers
 * and the JSON.
 */
export async function importCv(
  app: ApiApp["app"],
  file: { bytes: Uint8Array | string; name: string; type?: string },
  { token, keep, ip }: { token?: string; keep?: string; ip: string },
) {
  const body = new FormData();
  const content = typeof file.bytes === "string" ? file.bytes : Buffer.from(file.bytes);
  body.set("file", new File([content], file.name, { type: file.type ?? "application/octet-stream" }));
  if (keep !== undefined) body.set("keep", keep);
  const headers: Record<string, string> = { "x-forwarded-for": ip };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await app.request("/api/my-consultant-profile/import", { method: "POST", body, headers });
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they assert the shape of
  const json = (await response.json()) as Record<string, any>;
  return { status: response.status, headers: response.headers, json };
}

/** The `name=value` pair of a Set-Cookie header, ready for a Cookie header. */
export function cookieFrom(headers: Headers, name = "session"): string | undefined {
  const line = headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  return line?.split(";")[0];
}

/** Waits until no job of `queue` is waiting or running: answers its jobs, every one completed or failed. */
export async function settledJobs(api: TestApi, queue: string) {
  for (;;) {
    const jobs = await api.jobs.boss.findJobs(queue, {});
    if (jobs.every((job) => job.state === "completed" || job.state === "failed")) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until every mail job to `address` is sent: answers those jobs (count them to see a mail went once). */
export async function sentMailJobs(api: TestApi, address: string) {
  for (;;) {
    const mails = await api.jobs.boss.findJobs<{ to: string }>("mail", {});
    const theirs = mails.filter((job) => job.data.to === address);
    if (theirs.every((job) => job.state === "completed")) return theirs;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A profile made through `POST /api/consultants` by a new signed-in account, as its owner makes it
 * (the body may read the owner, e.g. its address): answers the `owner` and the profile's `id`.
 */
export async function postOwnProfile(
  api: Pick<TestApi, "app" | "database">,
  body: Record<string, unknown> | ((owner: { email: string }) => Record<string, unknown>),
) {
  const owner = await insertSignedInUser(api.database.db);
  const created = await call(api.app, "POST", "/api/consultants", {
    token: owner.token,
    body: typeof body === "function" ? body(owner) : body,
  });
  expect(created.status, created.text).toBe(201);
  return { owner, id: created.json.id as number };
}
