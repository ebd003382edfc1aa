import type { EmbeddedOptions, EmbeddedPostgres } from "./embedded.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { isLivePostmaster, readPostmasterPid } from "./postmaster.ts";

// Keeps the embedded PostgreSQL running under the app. At start, a server left by a killed run
// is reused only when it is really alive (stale lock files and zombies are cleared, see
// postmaster.ts), and a start that fails (the dead server's shared memory still held for a moment)
// is retried. While the app runs, the postmaster is checked every second; when it has died it is
// started again on the same port (the connection pool reconnects by itself), with backoff from
// 1 s to 30 s while starting fails. Requests meanwhile answer 503. With DATABASE_URL the database
// is someone else's to run and nothing here applies.

export type DatabaseState = "up" | "restarting";

type Log = { info: (msg: string) => void; warn: (msg: string) => void; error: (msg: string) => void };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the embedded server, retrying a few times over about 15 s before giving up. */
export async function startEmbeddedWithRetry(options: EmbeddedOptions, log: Log): Promise<EmbeddedPostgres> {
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmbeddedPostgres(options);
    } catch (error) {
      if (attempt >= 5) throw error;
      log.warn(`embedded PostgreSQL did not start (attempt ${attempt}); trying again in ${delay} ms: ${String(error)}`);
      await sleep(delay);
      delay *= 2;
    }
  }
}

export type Supervisor = { state: () => DatabaseState; stop: () => void };

export function superviseEmbedded(
  embedded: EmbeddedPostgres,
  options: EmbeddedOptions,
  log: Log,
  { intervalMs = 1000, maxBackoffMs = 30_000 } = {},
): Supervisor {
  let state: DatabaseState = "up";
  let stopped = false;
  let backoff = 1000;
  let timer: NodeJS.Timeout | undefined;

  const alive = async () => {
    const info = await readPostmasterPid(embedded.dir);
    return info !== undefined && (await isLivePostmaster(info.pid));
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void check(), ms);
    timer.unref();
  };

  async function check() {
    if (stopped) return;
    if (await alive()) {
      if (state !== "up") log.warn(`embedded PostgreSQL is running again on port ${embedded.port}`);
      state = "up";
      backoff = 1000;
      return schedule(intervalMs);
    }
    if (state === "up") log.error(`embedded PostgreSQL (port ${embedded.port}) is not running; restarting it`);
    state = "restarting";
    try {
      await startEmbeddedPostgres({ ...options, port: embedded.port });
      if (stopped) return;
      state = "up";
      backoff = 1000;
      log.warn(`restarted embedded PostgreSQL on port ${embedded.port}`);
      return schedule(intervalMs);
    } catch (error) {
      log.error(`restarting embedded PostgreSQL failed; next try in ${backoff} ms: ${String(error)}`);
      const wait = backoff;
      backoff = Math.min(maxBackoffMs, backoff * 2);
      return schedule(wait);
    }
  }

  schedule(intervalMs);
  return {
    state: () => state,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
