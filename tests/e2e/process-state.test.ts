import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSIGHTS_FLUSH_MS } from "#server/services/insights/counter.ts";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { insertConsultant } from "../setup/consultants.ts";

// One runtime per process (server/runtime.ts): the pages, rendered from React Router's build,
// count through the same insights buffer as the API, so INSIGHTS_COUNTING=false reaches them and
// a graceful shutdown writes what they counted. (When the build kept its own copy of the
// services' module state, pages counted with counting off, and their last views were lost.)

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let counting: AppServer;
let notCounting: AppServer;

beforeAll(async () => {
  [counting, notCounting] = await Promise.all([
    startApp({ env: { SEED_DEMO: "false" } }),
    startApp({ env: { SEED_DEMO: "false", INSIGHTS_COUNTING: "false" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([counting?.stop(), notCounting?.stop()]);
});

function sqlOf(app: AppServer) {
  const sql = app.database?.sql;
  if (!sql) throw new Error("the app runs on the test database");
  return sql;
}

/** A person's look at a profile page and at a results page that lists it. */
async function lookAt(app: AppServer, id: number, word: string) {
  for (const path of [`/consultant/${id}`, `/?keywords=${word}`]) {
    const response = await fetch(`${app.url}${path}`, { headers: { "user-agent": BROWSER } });
    expect(response.status, path).toBe(200);
    expect(await response.text()).toContain("Quokka");
  }
}

async function counted(app: AppServer, id: number) {
  const [row] = await sqlOf(app)<{ views: number; appearances: number; visitors: number }[]>`
    select coalesce(sum(profile_views), 0)::int as views, coalesce(sum(search_appearances), 0)::int as appearances,
      (select count(*)::int from insight_visitors where consultant_id = ${id}) as visitors
    from consultant_insights where consultant_id = ${id}`;
  return row;
}

describe("the process's insights buffer", () => {
  it("counts nothing from the pages with INSIGHTS_COUNTING=false, however long the process runs", async () => {
    const { id } = await insertConsultant(sqlOf(notCounting), { title: "Quokkaology Adviser" });
    await lookAt(notCounting, id, "quokkaology");
    // Longer than a flush: a buffer that had counted would have written by now.
    await new Promise((resolve) => setTimeout(resolve, INSIGHTS_FLUSH_MS + 1_500));
    expect(await counted(notCounting, id)).toEqual({ views: 0, appearances: 0, visitors: 0 });
  });

  it("writes a page view and a search appearance made just before a graceful shutdown", async () => {
    const { id } = await insertConsultant(sqlOf(counting), { title: "Quokkaology Adviser" });
    await lookAt(counting, id, "quokkaology");
    // At once, well within a flush period: only the shutdown can have written them.
    const exited = new Promise<number | null>((resolve) => counting.process.once("exit", resolve));
    counting.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(await counted(counting, id)).toEqual({ views: 1, appearances: 1, visitors: 1 });
  });
});
