import { afterAll, beforeAll, expect, it } from "vitest";
import { createDatabase } from "#server/db/client.ts";
import { createRuntime } from "#server/runtime.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { recordingLog } from "../../../tests/setup/service-deps.ts";
import { viewHomePage } from "./home-page.ts";

// Issue 35, re-run of the operations review (session 12): the primary killed, the replica healthy,
// and a visitor's home page answered 503 — the search read the replica, but the cards' donors
// and review counts read the primary. Everything a visitor's cards show is read where the search is.

let replica: TestDatabase;
// A primary that is down: nothing listens on port 1, so every connection is refused at once.
const primary = createDatabase("postgres://app:app@127.0.0.1:1/app", { max: 1, connectTimeoutMs: 1_000 });

beforeAll(async () => {
  replica = await createTestDatabase();
  const id = await insertListedConsultant(replica.db, { name: "Mekong Hydrologist", title: "Water resources hydrologist" });
  await replica.sql`update consultants set track_donors = '{ADB,World Bank}' where id = ${id}`;
});
afterAll(async () => {
  await primary.close();
  await replica?.close();
});

it("shows a visitor the results, with their cards' donors and review counts, while the primary is down", async () => {
  const { log, entries } = recordingLog();
  const deps = { db: primary.db, readDb: replica.db, runtime: createRuntime({ insights: null }), log };
  const page = await viewHomePage(deps, searchParams({ keywords: "hydrologist" }), { userAgent: "Mozilla/5.0" });
  expect(page.results?.consultants.map(({ name, donors, reviewCount }) => ({ name, donors, reviewCount }))).toEqual([
    { name: "Mekong Hydrologist", donors: ["ADB", "World Bank"], reviewCount: 0 },
  ]);
  // Only the stats strip's first count after a change reads the primary; the page goes without it.
  expect(entries.filter((entry) => entry.level === "error").map((entry) => entry.msg)).not.toContain(
    "loading review counts failed",
  );
});
