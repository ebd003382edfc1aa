import { execFile } from "node:child_process";
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "#server/db/embedded.ts";

// A primary and a streaming replica of it, both embedded PostgreSQL 18, for the read-replica
// test. The embedded package ships no pg_basebackup (and Debian's is version 15, which refuses an
// 18 server), so the base backup is PostgreSQL's low-level one: pg_backup_start, a copy of the
// data folder, pg_backup_stop's backup_label; the replica then streams WAL from the primary.

const run = promisify(execFile);
const quiet = { info: () => {}, warn: () => {} };

export type PrimaryWithReplica = { primary: EmbeddedPostgres; replica: EmbeddedPostgres; stop: () => Promise<void> };

export async function startPrimaryWithReplica(dir: string): Promise<PrimaryWithReplica> {
  const primary = await startEmbeddedPostgres({
    dir: path.join(dir, "primary"),
    log: quiet,
    settings: { wal_level: "replica", max_wal_senders: "4", wal_keep_size: "512MB" },
  });
  const replicaDir = path.join(dir, "replica");
  const admin = postgres(primary.url("postgres"), { max: 1, onnotice: () => {} });
  try {
    // Non-exclusive backup: start and stop on the same session (max: 1).
    await admin`select pg_backup_start('replica', true)`;
    await run("cp", ["-a", primary.dir, replicaDir]);
    const [{ labelfile } = { labelfile: "" }] = await admin<{ labelfile: string }[]>`select labelfile from pg_backup_stop(false)`;
    for (const file of ["postmaster.pid", "postmaster.opts"]) await rm(path.join(replicaDir, file), { force: true });
    // The WAL comes from the primary by streaming, not from a copy taken mid-write.
    for (const entry of await readdir(path.join(replicaDir, "pg_wal"))) {
      const file = path.join(replicaDir, "pg_wal", entry);
      if ((await stat(file)).isFile()) await rm(file);
    }
    await writeFile(path.join(replicaDir, "backup_label"), labelfile);
    await writeFile(path.join(replicaDir, "standby.signal"), "");
    const url = new URL(primary.url("postgres"));
    await writeFile(
      path.join(replicaDir, "postgresql.auto.conf"),
      `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres password=${decodeURIComponent(url.password)} application_name=replica'\n`,
      { flag: "a" },
    );
    await copyFile(`${primary.dir}.password`, `${replicaDir}.password`);
    if (process.getuid?.() === 0) await run("chown", ["-R", "postgres:postgres", replicaDir]);
  } finally {
    await admin.end();
  }
  await mkdir(replicaDir, { recursive: true });
  const replica = await startEmbeddedPostgres({ dir: replicaDir, log: quiet, settings: { hot_standby: "on" } });
  return {
    primary,
    replica,
    stop: async () => {
      await replica.stop();
      await primary.stop();
    },
  };
}

/**
 * A primary and its replica in a new temporary folder (`devconsult-<name>-…`, which PostgreSQL's
 * user may read), with an empty `app` database on the primary (streamed to the replica). The
 * caller stops `servers` and removes `dir` when done.
 */
export async function startReplicatedAppDatabase(name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `devconsult-${name}-`));
  await chmod(dir, 0o755);
  const servers = await startPrimaryWithReplica(dir);
  const admin = postgres(servers.primary.url("postgres"), { max: 1, onnotice: () => {} });
  await admin`create database app`;
  await admin.end();
  return { dir, servers };
}

/** Waits until the replica has replayed everything the primary has written so far. */
export async function waitForReplay(primaryUrl: string, replicaUrl: string, timeoutMs = 20_000) {
  const primary = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  const replica = postgres(replicaUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ lsn } = { lsn: "" }] = await primary<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [{ caught } = { caught: false }] = await replica<{ caught: boolean }[]>`
        select coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) as caught`;
      if (caught) return;
      if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${lsn} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await primary.end();
    await replica.end();
  }
}
