import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const run = promisify(execFile);

// Issue 35, re-run of the operations review (session 12): the database killed behind PgBouncer,
// both workers died, their replacements could not start while it was down, and the primary took
// "a worker failed to start" as a reason to stop the whole instance — which then answered nothing
// after the database came back. A replacement that fails to start is now forked again after a
// back-off; only a failure at start-up stops the instance.
it("forks again a replacement worker that fails to start, instead of stopping the instance", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "devconsult-cluster-"));
  try {
    const primary = path.join(import.meta.dirname, "../tests/setup/cluster-primary.ts");
    const { stdout } = await run(process.execPath, [primary, path.join(dir, "starts")], { timeout: 20_000 }).catch(
      (error: { stdout?: string; code?: number }) => {
        throw new Error(`the primary exited with ${error.code}:\n${error.stdout}`);
      },
    );
    const messages = stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual([
      "a worker exited unexpectedly; starting another",
      "a replacement worker failed to start; trying again",
      "a replacement worker failed to start; trying again",
      "a replacement serves",
      "shutting down: the workers finish their requests in flight",
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
