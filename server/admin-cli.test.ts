import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect } from "vitest";
import type { TestDatabase } from "../tests/setup/database.ts";
import { databaseTest } from "../tests/setup/fixtures.ts";

const it = databaseTest();

const run = promisify(execFile);

function admin(database: TestDatabase, ...args: string[]) {
  return run(process.execPath, ["server/admin-cli.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: database.url, SEED_DEMO: "false", LOG_LEVEL: "warn" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe("npm run admin -- promote EMAIL", () => {
  it("promotes an existing account, found case-insensitively, and says so", async ({ database }) => {
    await database.sql`insert into auth_users (email, hashed_password, name) values ('ops@example.org', 'x', 'Ops')`;
    const result = await admin(database, "promote", "OPS@example.org");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("ops@example.org is now an admin.");
    const [row] = await database.sql`select role from auth_users where email = 'ops@example.org'`;
    expect(row?.role).toBe("admin");
    expect((await admin(database, "promote", "ops@example.org")).stdout).toContain("ops@example.org is already an admin.");
  });

  it("fails clearly for an unknown address and for bad usage", async ({ database }) => {
    const unknown = await admin(database, "promote", "ghost@example.org");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account with the email address ghost@example.org. The person must register first.");
    const usage = await admin(database, "demote");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run admin -- promote EMAIL");
  });
});
