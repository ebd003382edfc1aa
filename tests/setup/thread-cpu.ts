import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;

/**
 * The CPU time, in ms, used so far by the main thread of process `pid` (the thread that runs
 * Node's event loop; a worker thread's time is not in it). Linux only: /proc/<pid>/task/<pid>/stat.
 * In steps of a clock tick (10 ms).
 */
export function eventLoopCpuMs(pid: number = process.pid): number {
  const text = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  // The command name may hold spaces and parentheses: the fields start after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of proc(5), counted from "state" = 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * The CPU time, in ms, used so far by every thread of this process: the event loop, libuv's pool
 * (where sharp decodes an image) and worker threads (where a CV is read). What a piece of work
 * cost, which a loaded machine stretches far less than the wall clock (it only waits longer for
 * a core). Compare two readings around work the test alone runs in this process.
 */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
