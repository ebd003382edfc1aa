import autocannon from "autocannon";
import { type AppServer, machineBusyMs, round, treeCpuMs } from "./harness.ts";
import type { Scenario } from "./scenarios.ts";

// One measured run (bench/run.ts): autocannon drives a server with a scenario's paths for a while,
// and /proc says what each request cost in CPU, in the server, in PostgreSQL and elsewhere.
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** p50, p95, p99 and the largest of latencies sorted ascending (ms). */
export function latencySummary(sorted: number[]) {
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** The index of the next path: in turn, or drawn by the weights. */
function pickPath(paths: string[], weights?: number[]) {
  if (paths.length === 1) return () => 0;
  const total = (weights ?? []).reduce((sum, weight) => sum + weight, 0);
  let next = 0;
  return () => {
    if (!weights) return next++ % paths.length;
    let roll = Math.random() * total;
    for (let index = 0; index < weights.length; index++) {
      roll -= weights[index] as number;
      if (roll <= 0) return index;
    }
    return paths.length - 1;
  };
}

export type Measurement = {
  app: string;
  scenario: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Bytes on the wire per response (headers and body, compressed when the server compressed). */
  bytesPerResponse: number;
  /** CPU per request from /proc: the Node server's tree, PostgreSQL's tree, this load generator, the rest of the machine. */
  cpuMsPerRequest: { node: number; postgres: number; loadGenerator: number; foreign: number };
  errors: number;
  non2xx: number;
  /** The class's target p95 at one connection (ms), when it has one. */
  targetP95?: number;
};

export async function drive(
  app: AppServer,
  scenario: Scenario,
  connections: number,
  seconds: number,
  { acceptEncoding, postmasterPid }: { acceptEncoding?: string; postmasterPid?: number },
): Promise<Measurement> {
  const paths = scenario.paths(app);
  const next = pickPath(paths, scenario.weights);
  const latencies: number[] = [];
  const instance = autocannon({
    url: app.url,
    connections,
    duration: seconds,
    // A browser's User-Agent: what a person's request costs, insights counting included (bots are not counted).
    headers: { "user-agent": BROWSER_USER_AGENT, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    requests: [
      {
        setupRequest: (request) => {
          const index = next();
          const headers = scenario.headers?.[index];
          return {
            ...request,
            path: paths[index] as string,
            ...(headers ? { headers: { ...request.headers, ...headers } } : {}),
          };
        },
      },
    ],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const roots = { node: app.pid, postgres: postmasterPid };
  const before = { tree: treeCpuMs(roots), self: process.cpuUsage(), busy: machineBusyMs() };
  const result = await instance;
  const after = { tree: treeCpuMs(roots), self: process.cpuUsage(before.self), busy: machineBusyMs() };
  latencies.sort((a, b) => a - b);
  const requests = Math.max(1, result.requests.total);
  const node = (after.tree.node ?? 0) - (before.tree.node ?? 0);
  const pg = (after.tree.postgres ?? 0) - (before.tree.postgres ?? 0);
  const self = (after.self.user + after.self.system) / 1000;
  const foreign = Math.max(0, after.busy - before.busy - node - pg - self);
  return {
    app: app.label,
    scenario: scenario.name,
    connections,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / result.duration, 0),
    latencyMs: latencySummary(latencies),
    bytesPerResponse: Math.round(result.throughput.total / requests),
    cpuMsPerRequest: {
      node: round(node / requests, 2),
      postgres: round(pg / requests, 2),
      loadGenerator: round(self / requests, 2),
      foreign: round(foreign / requests, 2),
    },
    errors: result.errors,
    non2xx: result.non2xx,
    ...(scenario.targetP95 === undefined ? {} : { targetP95: scenario.targetP95 }),
  };
}

export function printMeasurement(measurement: Measurement, showApp: boolean) {
  const { p50, p95, p99 } = measurement.latencyMs;
  const cpu = measurement.cpuMsPerRequest;
  const failures = measurement.non2xx + measurement.errors;
  const parts = [
    `${showApp ? `[${measurement.app}] ` : ""}${measurement.scenario.padEnd(30)} c=${String(measurement.connections).padStart(2)}`,
    `${String(measurement.requestsPerSecond).padStart(6)} req/s`,
    `p50 ${p50}  p95 ${p95}  p99 ${p99} ms`,
    `CPU/req node ${cpu.node}  pg ${cpu.postgres} ms (foreign ${cpu.foreign})`,
    `${(measurement.bytesPerResponse / 1024).toFixed(1)} KB`,
    failures > 0 ? `(${measurement.non2xx} non-2xx, ${measurement.errors} errors)` : "",
    measurement.targetP95 !== undefined && measurement.connections === 1
      ? `target p95 ${measurement.targetP95} ms: ${p95 <= measurement.targetP95 ? "met" : "MISSED"}`
      : "",
  ];
  console.log(parts.join("  ").trimEnd());
}
