import { test as base, expect, vi } from "vitest";
import { call, cookieFrom, startApiApp, type TestApi } from "./api-app.ts";
import { createTestDatabase } from "./database.ts";
import { freshIp } from "./unique.ts";
import { insertSignedInUser } from "./users.ts";

// The integration tests' fixtures (Vitest's test.extend): what the files beside the code used to
// start and stop by hand in beforeAll/afterAll. A file makes its `test` (or `it`) once, at its top
// level; a test names what it needs and gets it:
//
//   const it = apiTest();
//   it("…", async ({ api, signedIn }) => {
//     const admin = await signedIn("admin");
//     const { status } = await call(api.app, "GET", "/api/admin/users", { token: admin.token });
//   });
//
// Per file, started before its first test (in a hook, under the hook's timeout) and stopped after
// its last: `database` (a fresh database cloned from the migrated template) or `api` (the real Hono
// app on such a database, mail to a real SMTP server, the job queue and its workers running), with
// `signedIn` (an account of a role, straight in the database) and `register` (one through the API).

/**
 * A file whose tests work on a database of their own, cloned from the migrated template; with
 * `demo`, the demo directory (server/db/seed/demo.ts) loaded into it as the first start loads it.
 */
export function databaseTest({ demo = false }: { demo?: boolean } = {}) {
  const test = base
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
    .extend("database", { scope: "file" }, async ({}, { onCleanup }) => {
      const database = await createTestDatabase();
      onCleanup(() => database.close());
      if (demo) {
        const { seedDemoDirectory } = await import("#server/db/seed/demo.ts");
        await seedDemoDirectory(database.db, database.sql, { info: () => {} });
      }
      return database;
    });
  test.beforeAll(async ({ database }) => {
    await database.sql`select 1`;
  });
  return test;
}

/**
 * A file whose tests call the JSON API through `call(api.app, …)` (tests/setup/api-app.ts), the
 * app configured with `env` on top of the test settings. `signedIn(role, name?)` makes an account
 * of that role with a live session: its `token` signs calls in.
 */
export function apiTest(env: Record<string, string> = {}) {
  const test = base
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
    .extend("api", { scope: "file" }, async ({}, { onCleanup }) => {
      const api = await startApiApp(env);
      onCleanup(() => api.close());
      return api;
    })
    .extend("signedIn", { scope: "file" }, async ({ api }) => {
      return (role: "user" | "admin" = "user", name?: string) => insertSignedInUser(api.database.db, { role, name });
    })
    /**
     * Registers an account through `POST /api/auth/register` from a network address of its own
     * (so per-address limits never join two registrations), as a client would.
     */
    .extend("register", { scope: "file" }, async ({ api }) => {
      let count = 0;
      return async ({ ip, ...overrides }: Partial<{ email: string; password: string; name: string; ip: string }> = {}) => {
        count += 1;
        const from = ip ?? freshIp();
        const body = { email: `registered${count}@example.org`, password: "kettle-harbour-59", name: "Lan Nguyen", ...overrides };
        const response = await call(api.app, "POST", "/api/auth/register", { body, ip: from });
        expect(response.status, response.text).toBe(201);
        const token = response.json.sessionToken as string;
        return { ...response, body, ip: from, token, user: response.json.user, cookie: cookieFrom(response.headers) as string };
      };
    });
  test.beforeAll(async ({ api }) => {
    await api.database.sql`select 1`;
  });
  // A test that moves the clock (vi.useFakeTimers) never leaves it faked for the next one.
  test.afterEach(() => {
    vi.useRealTimers();
  });
  return test;
}

/**
 * The file's app for the helpers written at its top level (they run inside its tests, after the
 * file's first hook has filled it in): `const env = fileApi(it);` for `const it = apiTest(…)`.
 */
export function fileApi(test: ReturnType<typeof apiTest>): TestApi {
  const holder = {} as TestApi;
  test.beforeAll(({ api }) => {
    Object.assign(holder, api);
  });
  return holder;
}
