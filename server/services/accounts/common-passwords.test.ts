import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";

describe("common passwords", () => {
  it("refuses the most common passwords in any case, also with the usual endings", () => {
    for (const password of [
      "123456",
      "password",
      "PASSWORD",
      "Qwerty",
      "iloveyou",
      "sunshine1",
      "dragon123",
      "letmein!",
      "p@ssw0rd",
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("accepts passwords that are not on the list", () => {
    for (const password of ["kettle-harbour-59", "correct horse battery staple", "Lan-2024-Hanoi", "sunshine77x"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
