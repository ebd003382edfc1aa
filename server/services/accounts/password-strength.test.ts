import { describe, expect, it } from "vitest";
import { passwordWeakness } from "./password-strength.ts";

describe("password strength (zxcvbn)", () => {
  it("refuses common passwords, and a place of the region with a number", () => {
    for (const password of [
      "123456",
      "password123",
      "Qwerty123",
      "iloveyou",
      "sunshine1",
      "letmein!",
      "bangkok2024",
      "hanoi123",
      "Manila2025",
      "abcdefgh",
    ]) {
      const weakness = passwordWeakness(password);
      expect(weakness, password).not.toBeNull();
      expect(weakness?.suggestions.length, password).toBeGreaterThan(0);
    }
  });

  it("refuses a password made of the person's own name or address", () => {
    expect(passwordWeakness("nguyenlan1", ["Lan Nguyen", "lan.nguyen@example.org"])).not.toBeNull();
  });

  it("accepts passwords that would take long to guess", () => {
    for (const password of ["kettle-harbour-59", "correct horse battery staple", "a long admin password", "sunshine77x-orbit"]) {
      expect(passwordWeakness(password), password).toBeNull();
    }
  });

  it("says what is wrong in plain words", () => {
    expect(passwordWeakness("password123")).toEqual({
      warning: "This is a commonly used password.",
      suggestions: ["Add more words that are less common."],
    });
  });
});
