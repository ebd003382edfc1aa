import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { routeReads } from "./replica-router.ts";

// Issue 35 item 2: "a replica that fails or lags past a bound is skipped (reads go to the primary)
// and retried after a back-off, logged once per change of state". frozen.test.ts shows the failing
// replica on a real one; a lag of seconds cannot be made on demand there, so here the replica is a
// stand-in that says how far behind it is.

/** A stand-in pool: each statement answers a row naming the pool; the lag probe answers `lag()`. */
function standIn(name: string, lag: () => number) {
  const statements: string[] = [];
  const unsafe = (text: string) => {
    statements.push(text);
    const rows = /pg_last_xact_replay_timestamp/.test(text) ? [{ lag_ms: lag() }] : [{ from: name }];
    return Object.assign(Promise.resolve(rows), { values: () => Promise.resolve(rows.map(Object.values)) });
  };
  return { sql: { unsafe } as unknown as postgres.Sql, statements };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("reads routed to a read replica", () => {
  it("skips a replica that lags past the bound, reads on the primary, and uses it again once it keeps up, logging each change once", async () => {
    let lagMs = 0;
    const replica = standIn("replica", () => lagMs);
    const primary = standIn("primary", () => 0);
    const lines: string[] = [];
    const log = {
      info: (_: object, msg?: string) => lines.push(`info ${msg}`),
      warn: (_: object, msg?: string) => lines.push(`warn ${msg}`),
    };
    const routing = routeReads(replica.sql, primary.sql, { maxLagMs: 10_000, probeEveryMs: 0, backoffMs: 20, log });
    const read = async () => ((await replica.sql.unsafe("select 1")) as unknown as { from: string }[])[0]?.from;

    expect(await read()).toBe("replica");
    await tick();
    expect(routing.target()).toBe("replica");

    lagMs = 25_000;
    await read(); // asks how far behind it is
    await tick();
    expect(routing.target()).toBe("primary");
    for (let index = 0; index < 3; index++) expect(await read()).toBe("primary");

    lagMs = 200;
    await new Promise((resolve) => setTimeout(resolve, 60)); // past the back-off
    await read(); // probes again
    await tick();
    expect(routing.target()).toBe("replica");
    expect(await read()).toBe("replica");
    expect(lines).toEqual([
      "warn read replica skipped: its reads go to the primary",
      "info read replica back: reads go to it again",
    ]);
  });
});
