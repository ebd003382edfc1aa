import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { maximalProfile } from "../setup/maximal-profile.ts";
import { eventLoopCpuMs } from "../setup/thread-cpu.ts";
import { insertSignedInUser } from "../setup/users.ts";

// Issue 35, item 1 (the operations review's first failure): 20 anonymous downloads at once of the
// CV of a profile at the schema's limits, while another visitor searches. Before: 7 of 20
// answered 503, /healthz stalled 20 s, the search took 5 s. The server is the production build,
// one process, as `npm start` runs it.

let app: AppServer;
let consultantId: number;

beforeAll(async () => {
  app = await startApp({ env: { REQUIRE_APPROVAL: "false" } });
  const database = app.database;
  if (!database) throw new Error("the test database is missing");
  const owner = await insertSignedInUser(database.db);
  const created = await fetch(`${app.url}/api/consultants`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}`, origin: app.url },
    body: JSON.stringify(maximalProfile("load.cv@example.org")),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  consultantId = ((await created.json()) as { id: number }).id;
});
afterAll(async () => {
  await app?.stop();
});

async function timed(url: string) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

describe("20 CV downloads of a maximal profile at once", () => {
  // What decides it is the event loop's CPU per download (212-730 ms before the CV thread, 7-30 ms
  // after). The bounds (search under 100 ms, /healthz under 50 ms) hold for the median
  // (5 168 ms and seconds before); the maxima only catch a stall (5.2 s and 20.7 s before), since
  // one answer on a loaded machine can wait for a core whatever the server does.
  it("all answer, the event loop spends little CPU on each, and a search and /healthz never stall", async () => {
    const pid = app.process.pid;
    if (!pid) throw new Error("no server pid");
    // Warm: the first search of a fresh process plans its statements.
    await timed(`${app.url}/api/consultants?keywords=health`);
    await timed(`${app.url}/healthz`);
    // The same search with nothing else running, to read the numbers below against this machine's load.
    const quiet: number[] = [];
    for (let index = 0; index < 10; index++) quiet.push((await timed(`${app.url}/api/consultants?keywords=health`)).ms);

    const cpuBefore = eventLoopCpuMs(pid);
    let done = false;
    const downloads = Promise.all(
      Array.from({ length: 20 }, () => timed(`${app.url}/api/consultants/${consultantId}/cv.pdf`)),
    ).finally(() => {
      done = true;
    });
    const searches: number[] = [];
    const health: number[] = [];
    while (!done) {
      const [search, alive] = await Promise.all([
        timed(`${app.url}/api/consultants?keywords=health`),
        timed(`${app.url}/healthz`),
      ]);
      expect(search.status).toBe(200);
      searches.push(search.ms);
      health.push(alive.ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await downloads;
    const cpuPerDownload = (eventLoopCpuMs(pid) - cpuBefore) / answers.length;
    const max = (values: number[]) => Math.round(Math.max(...values));
    const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0);
    console.info(
      `20 CV downloads: ${answers.filter((answer) => answer.status === 200).length} × 200 in ${max(answers.map((a) => a.ms))} ms; ` +
        `event loop CPU ${cpuPerDownload.toFixed(1)} ms per download; ${searches.length} searches, median ${median(searches)} / max ${max(searches)} ms; /healthz median ${median(health)} / max ${max(health)} ms`,
    );
    console.info(
      `quiet searches ${quiet.map(Math.round).join(" ")} ms; during: searches ${searches.map(Math.round).join(" ")}, /healthz ${health.map(Math.round).join(" ")}`,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(cpuPerDownload).toBeLessThan(100);
    expect(median(searches)).toBeLessThan(100);
    expect(median(health)).toBeLessThan(50);
    expect(max(searches)).toBeLessThan(1000);
    expect(max(health)).toBeLessThan(1000);
  });
});
