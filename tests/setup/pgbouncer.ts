import { execFile, spawn } from "node:child_process";
import { access, chmod, chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "#server/db/embedded.ts";

// A real PgBouncer (Debian's package) in transaction mode in front of a test PostgreSQL: what a
// managed database usually looks like. Installed here when missing and we are root (.ci/run does
// the same on a clean machine).

const run = promisify(execFile);
const BINARY = "/usr/sbin/pgbouncer";

async function ensureInstalled() {
  if (
    await access(BINARY).then(
      () => true,
      () => false,
    )
  )
    return;
  if (process.getuid?.() !== 0) throw new Error("pgbouncer is not installed: apt-get install pgbouncer");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await run("apt-get", ["install", "-y", "-qq", "pgbouncer"], { env }).catch(async () => {
    await run("apt-get", ["update", "-qq"], { env });
    await run("apt-get", ["install", "-y", "-qq", "pgbouncer"], { env });
  });
}

/** PgBouncer will not run as root: as root it runs as the `postgres` user (which the embedded server created). */
async function runAs() {
  if (process.getuid?.() !== 0) return undefined;
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

async function waitForPort(port: number, deadline: number) {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type PgBouncer = {
  url: (database: string) => string;
  /** What PgBouncer has logged so far (its own refusals are here, not in PostgreSQL's log). */
  log: () => Promise<string>;
  stop: () => Promise<void>;
};

/** Starts PgBouncer in transaction mode in front of the server at `serverUrl` (user and password from it). */
export async function startPgBouncer(
  serverUrl: string,
  { poolSize = 3, serverLoginRetrySeconds }: { poolSize?: number; serverLoginRetrySeconds?: number } = {},
): Promise<PgBouncer> {
  await ensureInstalled();
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-pgbouncer-"));
  await chmod(dir, 0o755);
  const port = await freePort();
  const ini = path.join(dir, "pgbouncer.ini");
  const users = path.join(dir, "userlist.txt");
  await writeFile(
    ini,
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = scram-sha-256",
      `auth_file = ${users}`,
      "pool_mode = transaction",
      // Few server connections for many clients: consecutive statements of one client land on
      // different server connections, as they do in production.
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 200",
      "ignore_startup_parameters = extra_float_digits",
      // After a failed login PgBouncer waits this long before it tries the server again (15 s by default).
      ...(serverLoginRetrySeconds ? [`server_login_retry = ${serverLoginRetrySeconds}`] : []),
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  await writeFile(users, `"${user}" "${password.replace(/"/g, '""')}"\n`, { mode: 0o600 });
  const owner = await runAs();
  if (owner) for (const file of [dir, ini, users]) await chown(file, owner.uid, owner.gid);
  const child = spawn(BINARY, [ini], { ...owner, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await Promise.race([
      waitForPort(port, Date.now() + 15_000),
      exited.then(() => {
        throw new Error(`pgbouncer exited:\n${output}`);
      }),
    ]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url: (database) =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    log: () => readFile(path.join(dir, "pgbouncer.log"), "utf8"),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGINT");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
