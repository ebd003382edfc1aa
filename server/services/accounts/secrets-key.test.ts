import { describe, expect } from "vitest";
import { databaseTest } from "../../../tests/setup/fixtures.ts";
import { secretsKeyProblem } from "./second-factor.ts";

// Issue 38: TOTP secrets are sealed with SECRETS_KEY. Without the key, nobody with an authenticator
// app could sign in, so start-up (server/main.ts) refuses with a message naming the setting; with
// no app set up (or only one not yet confirmed) there is nothing to open, and it starts.

const it = databaseTest();

describe("start-up without SECRETS_KEY", () => {
  it("is refused, naming SECRETS_KEY and how many accounts need it, once an app is set up; fine otherwise", async ({
    database,
  }) => {
    const insert = async (email: string) =>
      (
        await database.sql<{ id: number }[]>`
        insert into auth_users (email, hashed_password, name) values (${email}, 'x', 'Key Person') returning id`
      )[0]!.id;
    const started = await insert("started@example.org");
    await database.sql`insert into user_totp (user_id, secret_sealed) values (${started}, 'v1.a.b.c')`;
    // Set up but never confirmed: no one signs in with it.
    expect(await secretsKeyProblem(database.db, { secretsKey: undefined })).toBeNull();

    const confirmed = await insert("confirmed@example.org");
    await database.sql`insert into user_totp (user_id, secret_sealed, confirmed_at) values (${confirmed}, 'v1.a.b.c', now())`;
    const problem = await secretsKeyProblem(database.db, { secretsKey: undefined });
    expect(problem).toMatch(/^SECRETS_KEY is not set: .*Set SECRETS_KEY/);
    expect(problem).toContain("(1 account has an authenticator app.)");
    expect(await secretsKeyProblem(database.db, { secretsKey: "k".repeat(32) })).toBeNull();
  });
});
