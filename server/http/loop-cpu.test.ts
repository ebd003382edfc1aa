import { describe, expect, it } from "vitest";
import { LoopCpuMeter } from "./loop-cpu.ts";

// The per-request event-loop CPU (issue 35, item 1): the main thread's own clock, exact for a
// request alone, flagged as shared when another was in flight at any moment of it.

/** Busy for `ms` of this thread's CPU (not wall time: a busy machine would give less). */
function spin(ms: number) {
  const started = process.threadCpuUsage();
  for (;;) {
    const used = process.threadCpuUsage(started);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

describe("LoopCpuMeter", () => {
  it("counts the CPU the loop spent, and a request alone is alone", async () => {
    const stop = new LoopCpuMeter().measure();
    spin(40);
    // Waiting costs no CPU.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const used = stop();
    expect(used.alone).toBe(true);
    expect(used.ms).toBeGreaterThanOrEqual(40);
    expect(used.ms).toBeLessThan(40 + 40);
    // Stopped once: asking again gives the same figure.
    expect(stop()).toBe(used);
  });

  it("is shared when another request was in flight at its start or began before its end", () => {
    const meter = new LoopCpuMeter();
    const first = meter.measure();
    const second = meter.measure();
    expect(first().alone).toBe(false);
    expect(second().alone).toBe(false);
    const third = meter.measure();
    const overlapping = meter.measure();
    overlapping();
    expect(third().alone).toBe(false);
    // Everything has ended: the next one is alone again.
    expect(meter.measure()().alone).toBe(true);
  });
});
