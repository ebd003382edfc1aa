import { readFile, rm } from "node:fs/promises";
import path from "node:path";

// Is the PostgreSQL server recorded in a cluster's postmaster.pid really running? A postmaster
// killed with the app stays a zombie until PID 1 reaps it, and a zombie still "exists" for
// kill(pid, 0) and `pg_ctl status`, so both call it running; PostgreSQL itself then refuses to
// start over the lock file. Linux's /proc tells a zombie (state Z) from a live process and shows
// whether the pid now belongs to something else.

export type PostmasterInfo = { pid: number; port: number };

/** The pid and port in the lock file, or undefined when there is none (or it is unreadable). */
export async function readPostmasterPid(clusterDir: string): Promise<PostmasterInfo | undefined> {
  const text = await readFile(path.join(clusterDir, "postmaster.pid"), "utf8").catch(() => undefined);
  if (!text) return undefined;
  const lines = text.split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, port: Number.isInteger(port) && port > 0 ? port : 0 };
}

/** True when the process exists, is not a zombie and (where /proc shows it) is a postgres. */
export async function isLivePostmaster(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres user when the app runs as root).
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  if (stat === undefined) return process.platform !== "linux";
  // "pid (comm) S ...": the state follows the closing parenthesis of the command name.
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  if (state === "Z" || state === "X") return false;
  const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  return comm.startsWith("postgres");
}

/**
 * Removes a lock file whose postmaster is gone (dead, a zombie, or the pid reused by another
 * program), so a fresh server can start at once. Returns what was found.
 */
export async function clearStalePostmaster(clusterDir: string): Promise<"none" | "running" | "cleared"> {
  const info = await readPostmasterPid(clusterDir);
  if (!info) return "none";
  if (await isLivePostmaster(info.pid)) return "running";
  await rm(path.join(clusterDir, "postmaster.pid"), { force: true });
  return "cleared";
}
