import { describe, expect } from "vitest";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { TooManyRequests } from "./errors.ts";
import { consumeRateLimit, consumeRateLimits, resetRateLimit } from "./rate-limit.ts";

const it = databaseTest();

describe("rate limits", () => {
  it("allows up to the limit, then refuses with a Retry-After within the window", async ({ database }) => {
    const rule = { key: "test:a", limit: 3, windowSeconds: 60, message: "Slow down" };
    for (let i = 0; i < 3; i++) await consumeRateLimit(database.db, rule);
    const error = await consumeRateLimit(database.db, rule).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).message).toBe("Slow down");
    expect((error as TooManyRequests).retryAfterSeconds).toBeGreaterThan(0);
    expect((error as TooManyRequests).retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("starts a new window once the old one has passed", async ({ database }) => {
    const rule = { key: "test:b", limit: 1, windowSeconds: 60 };
    await consumeRateLimit(database.db, rule);
    await expect(consumeRateLimit(database.db, rule)).rejects.toBeInstanceOf(TooManyRequests);
    await database.sql`update rate_limits set window_start = now() - interval '61 seconds' where key = 'test:b'`;
    await expect(consumeRateLimit(database.db, rule)).resolves.toBeUndefined();
  });

  it("keeps subjects apart, counts every rule, and can be reset", async ({ database }) => {
    await consumeRateLimit(database.db, { key: "test:c:1", limit: 1, windowSeconds: 60 });
    await expect(consumeRateLimit(database.db, { key: "test:c:2", limit: 1, windowSeconds: 60 })).resolves.toBeUndefined();
    const rules = [
      { key: "test:d:ip", limit: 5, windowSeconds: 60 },
      { key: "test:d:account", limit: 1, windowSeconds: 60 },
    ];
    await consumeRateLimits(database.db, rules);
    await expect(consumeRateLimits(database.db, rules)).rejects.toBeInstanceOf(TooManyRequests);
    const [ip] = await database.sql`select hits from rate_limits where key = 'test:d:ip'`;
    expect(ip?.hits).toBe(2);
    await resetRateLimit(database.db, "test:d:account");
    await expect(consumeRateLimits(database.db, rules)).resolves.toBeUndefined();
  });
});
