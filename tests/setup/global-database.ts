import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { createDatabase } from "#server/db/client.ts";
import { startEmbeddedPostgres } from "#server/db/embedded.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { startJobQueue } from "#server/jobs/queue.ts";
import { GlossaryCache, syncConceptForms } from "#server/services/search/concepts.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster's maintenance database. */
    pgAdminUrl: string;
    /** A migrated, empty database that each test file clones. */
    pgTemplate: string;
  }
}

export const TEMPLATE = "devconsult_template";

// One embedded PostgreSQL for the whole run; a migrated template that test files clone.
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-test-pg-"));
  const quiet = { info: () => {}, warn: (msg: string) => console.warn(msg) };
  const cluster = await startEmbeddedPostgres({
    dir: path.join(dir, "postgres"),
    log: quiet,
    settings: { max_connections: "300" },
  });
  const admin = postgres(cluster.url("postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${TEMPLATE}`);
  await admin.end();
  const template = createDatabase(cluster.url(TEMPLATE), { max: 2 });
  await runMigrations(template.db, template.sql);
  // The field glossary's forms, as the app writes them at start-up: profiles are tagged with their concepts.
  await syncConceptForms(template.db, new GlossaryCache().base());
  await template.close();
  // The job queue's schema too, so that no test file pays for installing it.
  const silent = { info: () => {}, warn: () => {}, error: (obj: object) => console.error(obj) };
  const jobs = await startJobQueue({ url: cluster.url(TEMPLATE), log: silent, schedules: false });
  await jobs.stop();
  project.provide("pgAdminUrl", cluster.url("postgres"));
  project.provide("pgTemplate", TEMPLATE);
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
