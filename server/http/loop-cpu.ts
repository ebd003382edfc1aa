// Event-loop CPU per request (issue 35, item 1: no single request may use more than 250 ms of CPU
// on the event loop; what can is moved to a worker thread or a job). While one request computes,
// no other request of the process is served, /healthz included.
//
// What is measured: the CPU time of this process's main thread (process.threadCpuUsage: the CV
// thread, the libuv pool and V8's helper threads are not in it) from the moment the request
// reaches the app until its response is ready (a page is rendered whole before that, see
// app/entry.server.tsx; the body's bytes written afterwards are not counted). Two calls to the
// thread's clock a request, no hook in the promise machinery (which costs far more).
// What that figure is worth: requests interleave on the loop, so it is the request's own CPU only
// if no other request was in flight at any moment of it (`alone`); otherwise it is an upper bound
// (the others' work is in it too). Hence the metric takes only the exact figures, and the warning
// is only for them: under load every slow request would otherwise "use" everyone's CPU.
// tests/e2e/fuzz-every-route.test.ts sends every route its worst inputs and asks again, alone,
// any request whose shared figure passed the limit.

/** A request alone on the loop that used more than this (ms) is logged at warn. */
export const LOOP_CPU_LIMIT_MS = 250;

export type LoopCpu = {
  /** Main-thread CPU (ms) from the request's arrival until its response was ready. */
  ms: number;
  /** No other request was in flight at any moment of this one: `ms` is this request's own. */
  alone: boolean;
};

/**
 * The requests in flight on one event loop. One per HTTP app (createHttpApp makes it: one app a
 * process), not module state: a module's counters would exist once per copy of the code.
 */
export class LoopCpuMeter {
  private inFlight = 0;
  private arrivals = 0;

  /** Starts measuring a request; the returned function stops and says what it used. */
  measure(): () => LoopCpu {
    const started = process.threadCpuUsage();
    const sharedAtStart = this.inFlight > 0;
    const arrival = ++this.arrivals;
    this.inFlight++;
    let result: LoopCpu | undefined;
    return () => {
      if (result) return result;
      this.inFlight--;
      const used = process.threadCpuUsage(started);
      result = {
        ms: Math.round((used.user + used.system) / 100) / 10,
        alone: !sharedAtStart && this.arrivals === arrival,
      };
      return result;
    };
  }
}
