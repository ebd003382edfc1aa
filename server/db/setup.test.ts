import { describe, expect, it } from "vitest";
import { embeddedPostgresSettings } from "./setup.ts";

const GB = 1024 ** 3;

describe("embedded PostgreSQL settings", () => {
  it("give shared buffers a quarter of the memory, between 128 MB and 2 GB", () => {
    expect(embeddedPostgresSettings(24 * GB)).toEqual({
      shared_buffers: "2048MB",
      effective_cache_size: "12288MB",
      random_page_cost: "1.1",
    });
    expect(embeddedPostgresSettings(4 * GB).shared_buffers).toBe("1024MB");
    expect(embeddedPostgresSettings(0.25 * GB)).toMatchObject({ shared_buffers: "128MB", effective_cache_size: "512MB" });
  });
});
