import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEPT_CV_MESSAGES } from "#common/cv-import.ts";
import { freePort } from "#server/db/embedded.ts";
import { importCv, startApiApp } from "../../../tests/setup/api-app.ts";
import { startHangingS3 } from "../../../tests/setup/s3.ts";
import { freshIp } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// Issue 34: a kept CV is stored like photos, within the same 10 s deadline. When the storage does
// not take the file (it never answers, or refuses the connection), the import answers 503 with its
// sentence and keeps no row, and the object it may have half written is named in
// stored_file_removals for the removals job: no row ever names a missing file, and no object is
// ever left behind unnamed.

const CV = path.resolve(import.meta.dirname, "../../../tests/fixtures/cv/pdf/01-wanida-kittisak.pdf");
const KEPT_KEY = /^private\/cv\/[A-Za-z0-9_-]{24}\.pdf$/;

type FailingStorage = { env: Record<string, string>; close?: () => Promise<void> };

/**
 * A new account imports a PDF CV with "Keep this file attached to my profile" ticked, on an app
 * whose storage is `storage`, then the same file without the box; `whileRunning` reads what the
 * storage saw before it closes. Answers both answers and what the database holds after the first.
 */
async function keepWhereStorageFails(storage: FailingStorage, whileRunning: () => void = () => {}) {
  const api = await startApiApp({ REQUIRE_APPROVAL: "false", ...storage.env });
  try {
    const owner = await insertSignedInUser(api.database.db);
    const bytes = await readFile(CV);
    const kept = await importCv(api.app, { bytes, name: "Wanida CV.pdf" }, { token: owner.token, keep: "true", ip: freshIp() });
    whileRunning();
    const rows = await api.database.sql`select id from kept_cv_files where user_id = ${owner.id}`;
    const removals = await api.database.sql<{ storage_key: string }[]>`select storage_key from stored_file_removals`;
    const [jobs] = await api.database.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name = 'stored-file-removals'`;
    const notKept = await importCv(api.app, { bytes, name: "Wanida CV.pdf" }, { token: owner.token, ip: freshIp() });
    return { kept, rows, removals: removals.map((row) => row.storage_key), removalJobs: jobs?.n, notKept };
  } finally {
    // The removals job may be waiting on the storage: close it first, so that stopping the queue does not wait.
    await storage.close?.();
    await api.close();
  }
}

/** What every failed keep answers and leaves: the 503 and its sentence, no row, the object named for removal. */
function expectForgotten(outcome: Awaited<ReturnType<typeof keepWhereStorageFails>>) {
  expect(outcome.kept.status).toBe(503);
  expect(outcome.kept.headers.get("retry-after")).toBe("30");
  expect(outcome.kept.json).toEqual({ message: KEPT_CV_MESSAGES.storageUnavailable });
  expect(outcome.rows).toHaveLength(0);
  expect(outcome.removals).toEqual([expect.stringMatching(KEPT_KEY)]);
  expect(outcome.removalJobs).toBeGreaterThanOrEqual(1);
  // The sentence's way out works: the same file without keeping it is read (the storage untouched).
  expect(outcome.notKept.status).toBe(200);
  expect(outcome.notKept.json.attachment).toBeNull();
  expect(outcome.notKept.json.drafts.assignments.length).toBeGreaterThan(0);
}

describe("keeping the CV file when the storage fails", () => {
  it("a storage that never answers: 503, no row, the key it was writing queued for removal", async () => {
    const hanging = await startHangingS3();
    let puts: string[] = [];
    try {
      const outcome = await keepWhereStorageFails(hanging, () => {
        puts = hanging.requests.filter((line) => line.startsWith("PUT ")).map((line) => line.split(" ")[1] ?? "");
      });
      expectForgotten(outcome);
      // The object queued for removal is the one the import tried to write (each attempt the same key).
      expect(puts.length).toBeGreaterThanOrEqual(1);
      expect(new Set(puts)).toEqual(new Set([`/photos/${outcome.removals[0]}`]));
    } finally {
      await hanging.close();
    }
  }, 60_000);

  it("a storage that refuses the connection: the same 503, no row, the key queued for removal", async () => {
    const closedPort = await freePort();
    expectForgotten(
      await keepWhereStorageFails({
        env: {
          S3_BUCKET: "photos",
          S3_ENDPOINT: `http://127.0.0.1:${closedPort}`,
          S3_ACCESS_KEY_ID: "key",
          S3_SECRET_ACCESS_KEY: "secret",
        },
      }),
    );
  }, 60_000);
});
