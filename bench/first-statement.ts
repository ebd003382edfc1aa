import { parseArgs } from "node:util";
import { parseSearchParams } from "../common/search-params.ts";
import { createDatabase, prepareOnEveryConnection, recordStatements } from "../server/db/client.ts";
import { createRuntime } from "../server/runtime.ts";
import { searchConsultants } from "../server/services/search/index.ts";
import { openBenchDatabase, round } from "./harness.ts";

// node bench/first-statement.ts [--count 2000] [--trials 10]
//
// What the warm-up's preparation on every connection (issue 35, item 5) saves a request: a search
// by keyword on a connection that has never run it (a describe round trip, the parse, the generic
// plan, the backend's catalogue caches), against the same search on a connection the warm-up
// prepared, and against a connection that has run it many times. A new connection for every
// trial, and one runtime (its in-process caches filled first) for all three.

const { values: args } = parseArgs({
  options: { count: { type: "string", default: "2000" }, trials: { type: "string", default: "10" } },
});
const query = parseSearchParams(new URLSearchParams("keywords=evaluation"));
if (!query.success) throw query.error;
const params = query.data;

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const median = (values: number[]) => round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0, 2);

const database = await openBenchDatabase(Number(args.count));
const cold: number[] = [];
const prepared: number[] = [];
const steady: number[] = [];
try {
  for (let trial = 0; trial < Number(args.trials); trial++) {
    // What the warm-up records: the statements one search sends (prepareOnEveryConnection names them).
    // One runtime for the trial, its caches (glossary, statistics) filled by this first search:
    // what differs between the pools below is the connection only.
    const runtime = createRuntime({ insights: null });
    const recorder = createDatabase(database.databaseUrl, { max: 1 });
    const stop = recordStatements(recorder.sql);
    await searchConsultants({ db: recorder.db, runtime }, params);
    const statements = stop();
    await recorder.close();

    const order = [
      [cold, false],
      [prepared, true],
    ] as const;
    for (const [figures, prepare] of trial % 2 ? [...order].reverse() : order) {
      const pool = createDatabase(database.databaseUrl, { max: 1 });
      await pool.sql`select 1`;
      if (prepare) await prepareOnEveryConnection(pool.sql, statements, 1);
      figures.push(await timed(() => searchConsultants({ db: pool.db, runtime }, params)));
      if (!prepare) {
        for (let again = 0; again < 5; again++) await searchConsultants({ db: pool.db, runtime }, params);
        steady.push(await timed(() => searchConsultants({ db: pool.db, runtime }, params)));
      }
      await pool.close();
    }
  }
} finally {
  await database.stop();
}
console.log(
  `search by keyword, first on a new connection: ${median(cold)} ms; first on a connection the warm-up prepared: ${median(prepared)} ms; the sixth on one connection: ${median(steady)} ms (medians of ${cold.length})`,
);
