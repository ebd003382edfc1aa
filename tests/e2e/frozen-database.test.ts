import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { freezePostgres } from "../setup/freeze.ts";

// Issue 35, item 2, through the production build: the app's own embedded PostgreSQL frozen
// (SIGSTOP, as a hung machine). Before, pages and the API hung as long as the freeze and /readyz
// did not answer; now every page and API request answers 503 within the statement timeout,
// /readyz 503 within a second, /healthz 200 at once, and all is well again after the thaw.

const STATEMENT_TIMEOUT_MS = 2_000;
/** Stall bounds, far above the jitter of a loaded machine: before the fix nothing answered within 20 s. */
const STALL_MS = STATEMENT_TIMEOUT_MS + 5_000;
const READY_STALL_MS = 4_000;
let app: AppServer;

beforeAll(async () => {
  app = await startApp({
    useTestDatabase: false,
    env: { SEED_DEMO: "false", DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) },
  });
});
afterAll(async () => {
  await app?.stop();
});

async function timed(address: string) {
  const started = performance.now();
  const response = await fetch(`${app.url}${address}`, { signal: AbortSignal.timeout(20_000), redirect: "manual" }).catch(
    () => null,
  );
  await response?.arrayBuffer();
  return {
    status: response?.status ?? 0,
    ms: Math.round(performance.now() - started),
    retryAfter: response?.headers.get("retry-after"),
  };
}

describe("the database frozen", () => {
  it("answers 503 within the statement timeout on pages and the API, never hangs, and recovers", async () => {
    for (const address of ["/", "/api/consultants?keywords=water", "/readyz"]) expect((await timed(address)).status).toBe(200);
    const thaw = freezePostgres(path.join(app.dataDir, "postgres"));
    let answers: Record<string, Awaited<ReturnType<typeof timed>>>;
    try {
      const addresses = [
        "/",
        "/consultant/1",
        // A client-side navigation's route data (single fetch), as a form's action answers too.
        "/consultant/1.data",
        "/sign-in",
        "/api/consultants?keywords=water",
        "/api/stats",
        "/readyz",
        "/healthz",
      ];
      const results = await Promise.all(addresses.map((address) => timed(address)));
      answers = Object.fromEntries(
        addresses.map((address, index) => [address, results[index] as Awaited<ReturnType<typeof timed>>]),
      );
    } finally {
      thaw();
    }
    console.info(
      `frozen database: ${Object.entries(answers)
        .map(([address, answer]) => `${address} ${answer.status} in ${answer.ms} ms`)
        .join(", ")}`,
    );
    for (const address of ["/", "/consultant/1", "/consultant/1.data", "/api/consultants?keywords=water"]) {
      expect(answers[address]?.status, address).toBe(503);
      expect(answers[address]?.ms, address).toBeLessThan(STALL_MS);
      expect(answers[address]?.retryAfter, address).toBe("5");
    }
    expect(answers["/readyz"]?.status).toBe(503);
    expect(answers["/readyz"]?.ms).toBeLessThan(READY_STALL_MS);
    expect(answers["/healthz"]?.status).toBe(200);
    // The sign-in page and the stats may answer from what the process already has: never a hang.
    for (const address of ["/sign-in", "/api/stats"]) expect(answers[address]?.ms, address).toBeLessThan(STALL_MS);

    const deadline = Date.now() + 20_000;
    let home = await timed("/");
    while (home.status !== 200 && Date.now() < deadline) home = await timed("/");
    expect(home.status).toBe(200);
    expect((await timed("/readyz")).status).toBe(200);
  }, 90_000);
});
