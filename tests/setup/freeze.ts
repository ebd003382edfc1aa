import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Freezes a PostgreSQL server as a hung machine would: the postmaster and every backend stopped
// (SIGSTOP). The kernel still accepts connections and acknowledges packets, so a client sees a
// server that is there and never answers. Only for servers a test started itself.

function processesOf(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Stops the cluster in `dir` (SIGSTOP to its postmaster and backends); the returned function resumes it. */
export function freezePostgres(dir: string): () => void {
  const postmaster = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  if (!Number.isInteger(postmaster) || postmaster < 2) throw new Error(`no postmaster pid in ${dir}`);
  const stopped = processesOf(postmaster);
  for (const pid of stopped) process.kill(pid, "SIGSTOP");
  return () => {
    for (const pid of stopped) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // Gone meanwhile.
      }
    }
  };
}
