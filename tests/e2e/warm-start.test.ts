import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { insertConsultant } from "../setup/consultants.ts";

// Issue 35, item 5 (the operations review's failure 5): a fresh server took its first 200
// connections cold (pool not connected, route modules not loaded, first page not rendered) and
// timed out 37-128 of them; warm reruns none. A process now listens only once its pool is
// connected and its busiest pages have been answered once (server/http/warm-up.ts), so the
// moment /readyz first answers, all of that is already done.

const POOL = 6;
let app: AppServer;

beforeAll(async () => {
  // At info: the warm-up's own line says what it answered.
  app = await startApp({ env: { SEED_DEMO: "false", DATABASE_POOL_SIZE: String(POOL), LOG_LEVEL: "info" } });
});
afterAll(async () => {
  await app?.stop();
});

describe("a freshly started server", () => {
  it("has its whole pool connected before it answers anyone", async () => {
    const sql = app.database?.sql;
    if (!sql) throw new Error("the app runs on the test database");
    // startApp returned at the first /readyz answer: nothing but that probe has reached the server.
    const [pool] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'devconsult-web'`;
    expect(pool?.n).toBeGreaterThanOrEqual(POOL);
  });

  it("has answered the home page and the search API before it listens, with nothing failed", async () => {
    // Written before listening, so it is there by the first /readyz answer (the pipe may lag a moment).
    const deadline = Date.now() + 5_000;
    let warmed: { warmed?: string[]; failed?: string[] } | undefined;
    while (!warmed && Date.now() < deadline) {
      warmed = app
        .output()
        .split("\n")
        .filter((line) => line.includes('"warmed up: ready for traffic"'))
        .map((line) => JSON.parse(line) as { warmed?: string[]; failed?: string[] })[0];
      if (!warmed) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(warmed, app.output()).toMatchObject({
      warmed: ["/", "/?keywords=evaluation", "/api/consultants?limit=1"],
      failed: [],
    });
  });

  it("answers its first searches from warm connections, every one of 40 at once", async () => {
    await insertConsultant(app.database!.sql, { name: "Warm Start", title: "Hydrologist" });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        fetch(`${app.url}/?keywords=hydrologist&page=${(index % 3) + 1}`).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      ),
    );
    expect(answers.filter((status) => status !== 200)).toEqual([]);
  });
});
