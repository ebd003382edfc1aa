import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsultant } from "../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/database.ts";
import { createDatabase } from "./db/client.ts";
import { CHANGES_CHANNEL, shareChangesAcrossInstances } from "./instances.ts";
import { createRuntime } from "./runtime.ts";
import { directoryStats } from "./services/stats.ts";

// One instance in this process; "another instance" is a second connection that NOTIFYs and
// LISTENs as one would. (tests/e2e/multi-instance.test.ts runs three real instances.)

let database: TestDatabase;
let other: ReturnType<typeof createDatabase>;
let stop: () => Promise<void>;
const silent = { warn: () => {} };
const runtime = createRuntime({ insights: null });
const stats = () => directoryStats({ db: database.db, readDb: database.db, runtime });

beforeAll(async () => {
  database = await createTestDatabase();
  other = createDatabase(database.url, { max: 2 });
  stop = await shareChangesAcrossInstances({ listenSql: database.sql, notifySql: database.sql, log: silent, runtime });
});
afterAll(async () => {
  await stop?.();
  await other?.close();
  await database?.close();
});

const waitFor = async (check: () => boolean | Promise<boolean>) => {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("sharing changes across instances", () => {
  it("another instance's directory change drops this instance's stats and pages at once", async () => {
    await insertConsultant(database.sql, { status: "approved" });
    expect((await stats()).totalConsultants).toBe(1);
    // Written by another instance: this one's cached stats are now stale…
    await insertConsultant(other.sql, { status: "approved" });
    expect((await stats()).totalConsultants).toBe(1);
    let pagesDropped = 0;
    const stopWatching = runtime.pages.subscribe((origin) => {
      if (origin === "remote") pagesDropped++;
    });
    try {
      // …until its notification arrives.
      await other.sql.notify(CHANGES_CHANNEL, "directory:another-instance");
      await waitFor(async () => (await stats()).totalConsultants === 2);
      expect(pagesDropped).toBeGreaterThan(0);
    } finally {
      stopWatching();
    }
  });

  it("announces this instance's own changes, and ignores its own announcements", async () => {
    const heard: string[] = [];
    const listening = await other.sql.listen(CHANGES_CHANNEL, (payload) => heard.push(payload));
    let remoteDrops = 0;
    const stopWatching = runtime.pages.subscribe((origin) => {
      if (origin === "remote") remoteDrops++;
    });
    try {
      const before = (await stats()).totalConsultants;
      await insertConsultant(database.sql, { status: "approved" });
      runtime.directory.changed();
      await waitFor(() => heard.some((payload) => payload.startsWith("directory:")));
      const [announcement] = heard.filter((payload) => payload.startsWith("directory:"));
      expect(announcement).toMatch(/^directory:[0-9a-f-]{36}$/);
      // The local change recounts at once; hearing itself does no harm.
      expect((await stats()).totalConsultants).toBe(before + 1);
      // Its own announcements reach it first (one channel keeps its order), then another's: only
      // the other's drops its pages as a remote change.
      await other.sql.notify(CHANGES_CHANNEL, "pages:another-instance");
      await waitFor(() => remoteDrops >= 1);
      expect(remoteDrops).toBe(1);
    } finally {
      stopWatching();
      await listening.unlisten();
    }
  });
});
