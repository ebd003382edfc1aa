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
