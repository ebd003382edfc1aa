import { type ChildProcess, spawn } from "node:child_process";

// An npm script started as a terminal starts it: in a process group of its own, so a test can
// send what Ctrl-C sends (SIGINT to the whole group) and wait until every process of it is gone.
// Used by the install and dev-server tests (npm → sh → node, with node --watch one more); its
// output capture and readiness wait are tests/setup/app-server.ts's too.

export type ScriptRun = {
  child: ChildProcess;
  output: () => string;
  /** Signals the whole group and waits (up to `ms`) until none of its processes is left. */
  stop: (signal: NodeJS.Signals, ms?: number) => Promise<boolean>;
};

/** Everything a child writes to stdout and stderr, interleaved as it came. */
export function captureOutput(child: ChildProcess): () => string {
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return () => output;
}

export function runScript(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): ScriptRun {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const output = captureOutput(child);
  const groupAlive = () => {
    try {
      process.kill(-(child.pid as number), 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    child,
    output,
    stop: async (signal, ms = 60_000) => {
      if (!groupAlive()) return true;
      process.kill(-(child.pid as number), signal);
      for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
        if (!groupAlive()) return true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      process.kill(-(child.pid as number), "SIGKILL");
      return false;
    },
  };
}

/** Polls GET url until it answers 200, the process exits (or a signal ends it), or `ms` pass. */
export async function waitForOk(url: string, run: Pick<ScriptRun, "child" | "output">, ms: number) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const { exitCode, signalCode } = run.child;
    if (exitCode !== null || signalCode !== null) throw new Error(`exited with ${exitCode ?? signalCode}:\n${run.output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${ms / 1000} s:\n${run.output()}`);
}

/** PATH without any node_modules/.bin: the machine's own node and npm, as an operator's shell has them. */
export function machinePath() {
  return (process.env.PATH ?? "")
    .split(":")
    .filter((dir) => !dir.includes("node_modules"))
    .join(":");
}
