import cluster from "node:cluster";
import { writeFileSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { runPrimary } from "#server/cluster.ts";

// A primary process as server/main.ts runs it, over a stand-in worker (cluster-worker.ts) that
// serves, crashes, then fails to start a number of times (a database that is down), then serves
// again. Prints the primary's log as JSON lines; exits 0 once a replacement serves, else with the
// primary's own exit code. For server/cluster.test.ts.

const counter = process.argv[2];
if (!counter) throw new Error("usage: cluster-primary.ts COUNTER_FILE");
writeFileSync(counter, "0");
cluster.setupPrimary({ exec: path.join(import.meta.dirname, "cluster-worker.ts") });
const log = pino({ base: null, timestamp: false });
let listening = 0;
cluster.on("listening", () => {
  listening++;
  if (listening === 2) {
    console.log(JSON.stringify({ msg: "a replacement serves" }));
    void primary.stop("test done");
  }
});
const primary = runPrimary({
  workers: 1,
  log,
  env: { CLUSTER_TEST_COUNTER: counter },
  restartDelayMs: 20,
  onStopped: async () => {
    process.exit(listening === 2 ? 0 : primary.exitCode() || 1);
  },
});
