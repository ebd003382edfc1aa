import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect.ts";

describe("safeRedirect (security review 2026-11, defect 2)", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirect("/inbox?page=2#top")).toBe("/inbox?page=2#top");
    expect(safeRedirect("/consultant/12")).toBe("/consultant/12");
    expect(safeRedirect("/a/../b")).toBe("/b");
  });

  it("falls back for anything a browser could take to another site", () => {
    for (const value of [
      "/\t/evil.example.org",
      "/\n/evil.example.org",
      "/\r/evil.example.org",
      "//evil.example.org",
      "/\\evil.example.org",
      "\\\\evil.example.org",
      "https://evil.example.org",
      "javascript:alert(1)",
      "evil.example.org",
      "/\u0000",
      "",
      undefined,
      null,
      42,
    ]) {
      expect(safeRedirect(value), JSON.stringify(value)).toBe("/");
    }
    expect(safeRedirect("//evil.example.org", "/inbox")).toBe("/inbox");
  });
});
