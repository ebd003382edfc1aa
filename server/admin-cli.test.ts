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
    const [user] = await database.sql<{ id: number }[]>`
      insert into auth_users (email, hashed_password, name) values ('ops@example.org', 'x', 'Ops') returning id`;
    await database.sql`insert into auth_sessions (user_id, session_token, expires_at) values (${user!.id}, 'hash-of-a-user-token', now() + interval '1 day')`;
    const result = await admin(database, "promote", "OPS@example.org");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("ops@example.org is now an admin.");
    const [row] = await database.sql`select role from auth_users where email = 'ops@example.org'`;
    expect(row?.role).toBe("admin");
    // Audited with the command line as the actor; the session begun as a user is over.
    const [entry] = await database.sql`select action, actor_id, actor_name, changes from audit_log where target_id = ${user!.id}`;
    expect(entry).toMatchObject({
      action: "promote",
      actor_id: null,
      actor_name: "Command line (npm run admin)",
      changes: { role: { from: "user", to: "admin" } },
    });
    const [sessions] = await database.sql`select count(*)::int as n from auth_sessions where user_id = ${user!.id}`;
    expect(sessions?.n).toBe(0);
    expect((await admin(database, "promote", "ops@example.org")).stdout).toContain("ops@example.org is already an admin.");
  });

  it("fails clearly for an unknown address and for bad usage", async ({ database }) => {
    const unknown = await admin(database, "promote", "ghost@example.org");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account with the email address ghost@example.org. The person must register first.");
    const usage = await admin(database, "demote");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run admin -- promote EMAIL | reset-second-factor EMAIL");
  });
});

describe("npm run admin -- reset-second-factor EMAIL", () => {
  it("removes the account's second factor and sessions, and writes it to the audit log", async ({ database }) => {
    const [user] = await database.sql<{ id: number }[]>`
      insert into auth_users (email, hashed_password, name) values ('lost@example.org', 'x', 'Lost Phone') returning id`;
    await database.sql`insert into user_totp (user_id, secret_sealed, confirmed_at) values (${user!.id}, 'v1.a.b.c', now())`;
    await database.sql`insert into recovery_codes (user_id, code_hash) values (${user!.id}, 'x')`;
    await database.sql`insert into auth_sessions (user_id, session_token, expires_at) values (${user!.id}, 'hash-of-a-token', now() + interval '1 day')`;
    const result = await admin(database, "reset-second-factor", "Lost@Example.org");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("lost@example.org: second factor removed and every session ended");
    const [left] = await database.sql`
      select (select count(*)::int from user_totp where user_id = ${user!.id}) as totp,
             (select count(*)::int from recovery_codes where user_id = ${user!.id}) as codes,
             (select count(*)::int from auth_sessions where user_id = ${user!.id}) as sessions`;
    expect(left).toEqual({ totp: 0, codes: 0, sessions: 0 });
    const [entry] =
      await database.sql`select action, actor_id, actor_name, target_id, changes from audit_log where target_id = ${user!.id}`;
    expect(entry).toMatchObject({
      action: "factor_reset",
      actor_id: null,
      actor_name: "Command line (npm run admin)",
      changes: { factor: { from: "totp", to: null } },
    });
    const unknown = await admin(database, "reset-second-factor", "ghost@example.org");
    expect(unknown.code).toBe(1);
  }, 120_000); // two runs of the command line, each a process start with migrations checked
});
