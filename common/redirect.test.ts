import { describe, expect, it } from "vitest";
import { expectAnswers } from "../tests/setup/examples.ts";
import { backToPage, safeRedirect, signInAndBackTo } from "./redirect.ts";

describe("safeRedirect (security review 2026-11, defect 2)", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expectAnswers(safeRedirect, [
      ["/inbox?page=2#top", "/inbox?page=2#top"],
      ["/consultant/12", "/consultant/12"],
      ["/a/../b", "/b"],
    ]);
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

describe("safeRedirect: pages only (issue 35, the operations review's failure 11)", () => {
  it("turns a data request's address into its page and refuses the API", () => {
    expectAnswers(safeRedirect, [
      ["/shortlists.data", "/shortlists"],
      ["/shortlists.data?_routes=routes%2Fshortlists&x=1", "/shortlists?x=1"],
      ["/_root.data", "/"],
      ["/consultant/7.data", "/consultant/7"],
      ["/api/shortlists", "/"],
      ["/api", "/"],
      ["/apiary", "/apiary"],
      ["/th/_root.data", "/th"],
      ["/th/shortlists/add.data?consultant=93&back=%2F", "/th/shortlists/add?consultant=93&back=%2F"],
    ]);
  });

  it("sends a signed-out data request to sign in with its page as the way back", () => {
    expect(signInAndBackTo("/shortlists/add.data?consultant=93")).toBe(
      `/sign-in?redirectTo=${encodeURIComponent("/shortlists/add?consultant=93")}`,
    );
    expect(signInAndBackTo("/api/shortlists")).toBe(`/sign-in?redirectTo=${encodeURIComponent("/")}`);
  });
});

describe("backToPage: a plain form's way back to its own page", () => {
  it("keeps an address of that page with its query and fragment", () => {
    for (const [address, page] of [
      ["/admin", "/admin"],
      ["/admin?tab=users&q=Ann+Lee#admin-confirm", "/admin"],
      ["/admin/reviews?filter=hidden&page=2", "/admin/reviews"],
    ] as const) {
      expect(backToPage(address, page)).toBe(address);
    }
  });

  it("refuses another page, another site and what a Location header cannot carry", () => {
    for (const value of [
      "/admin/organizations",
      "/admin/reviews/7",
      "/administrators",
      "/admin/../profile",
      "https://elsewhere.example/admin",
      "//elsewhere.example/admin",
      "/admin?tab=users\r\nSet-Cookie: x=1",
      "/admin?\u0001",
      "",
      null,
    ]) {
      expect(backToPage(value, "/admin"), JSON.stringify(value)).toBeNull();
    }
  });
});
