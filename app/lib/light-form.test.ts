import { describe, expect, it } from "vitest";
import { deferredValidation, type Validate } from "./light-form.ts";

const rejectAll: Validate = () => ({ email: ["Valid email address is required"] });

describe("deferredValidation", () => {
  it("is not ready before its first use, loads once however often it is asked, then is at hand", async () => {
    let loads = 0;
    const validation = deferredValidation(async () => {
      loads += 1;
      return rejectAll;
    });
    expect(validation.ready()).toBeUndefined();
    const [first, second] = await Promise.all([validation.load(), validation.load()]);
    expect(first).toBe(rejectAll);
    expect(second).toBe(rejectAll);
    expect(await validation.load()).toBe(rejectAll);
    expect(loads).toBe(1);
    expect(validation.ready()?.(new FormData())).toEqual({ email: ["Valid email address is required"] });
  });

  it("tries again after a failed load (offline a moment), and stays not ready until one succeeds", async () => {
    let attempt = 0;
    const validation = deferredValidation(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error("Failed to fetch dynamically imported module");
      return rejectAll;
    });
    await expect(validation.load()).rejects.toThrow("Failed to fetch");
    expect(validation.ready()).toBeUndefined();
    expect(await validation.load()).toBe(rejectAll);
    expect(attempt).toBe(2);
    expect(validation.ready()).toBe(rejectAll);
  });
});
