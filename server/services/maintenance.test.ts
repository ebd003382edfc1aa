import { describe, expect } from "vitest";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { purgeExpired } from "./maintenance.ts";

const it = databaseTest();

describe("purgeExpired", () => {
  it("deletes expired sessions, expired e-mail links and old rate-limit windows, and keeps the rest", async ({ database }) => {
    const { sql } = database;
    const [user] = await sql<{ id: number }[]>`
      insert into auth_users (email, hashed_password, name) values ('purge@example.org', 'x', 'P') returning id`;
    await sql`insert into auth_sessions (user_id, session_token, expires_at) values
      (${user!.id}, 'expired', now() - interval '1 minute'), (${user!.id}, 'current', now() + interval '1 day')`;
    await sql`insert into auth_tokens (user_id, purpose, token_hash, email, expires_at) values
      (${user!.id}, 'reset_password', 'old', 'purge@example.org', now() - interval '1 minute'),
      (${user!.id}, 'verify_email', 'new', 'purge@example.org', now() + interval '1 hour')`;
    await sql`insert into rate_limits (key, window_start, hits) values
      ('old', now() - interval '2 days', 3), ('recent', now(), 1)`;
    expect(await purgeExpired(database.db)).toEqual({ sessions: 1, tokens: 1 });
    expect((await sql`select session_token from auth_sessions`).map((row) => row.session_token)).toEqual(["current"]);
    expect((await sql`select token_hash from auth_tokens`).map((row) => row.token_hash)).toEqual(["new"]);
    expect((await sql`select key from rate_limits`).map((row) => row.key)).toEqual(["recent"]);
  });

  it("forgets the zero-result searches past the admins' 30 days, and keeps the ones the list reads", async ({ database }) => {
    const { sql } = database;
    await sql`insert into search_zero_results (day, query, searches) values
      (current_date - 30, 'keywords=old', 4), (current_date - 29, 'keywords=kept', 2), (current_date, 'keywords=today', 1)`;
    await purgeExpired(database.db);
    expect((await sql`select query from search_zero_results order by day`).map((row) => row.query)).toEqual([
      "keywords=kept",
      "keywords=today",
    ]);
  });

  it("with photo storage, also removes day-old uploads that no profile took", async ({ database }) => {
    const { sql } = database;
    const [user] = await sql<{ id: number }[]>`
      insert into auth_users (email, hashed_password, name) values ('photos@example.org', 'x', 'P') returning id`;
    const removed: string[] = [];
    const storage = {
      put: async () => {},
      get: async () => null,
      remove: async (key: string) => {
        removed.push(key);
      },
      urlOf: (key: string) => `/uploads/${key}`,
      keyOf: (url: string) => url.replace(/^\/uploads\//, ""),
      origin: null,
    };
    const abandoned = "/uploads/photos/abandonedabandonedabandon-400.webp";
    await sql`insert into photo_uploads (photo_url, user_id, created_at) values (${abandoned}, ${user!.id}, now() - interval '2 days')`;
    expect(await purgeExpired(database.db, { storage })).toMatchObject({ photos: 1 });
    expect(removed.sort()).toEqual(["photos/abandonedabandonedabandon-400.webp", "photos/abandonedabandonedabandon-96.webp"]);
  });
});
