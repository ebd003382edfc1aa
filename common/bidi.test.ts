import { describe, expect, it } from "vitest";
import { inSentence, isolate } from "./bidi.ts";

describe("people's words inside our sentences", () => {
  it("isolates right-to-left text and text with bidi controls of its own, and leaves the rest as typed", () => {
    expect(inSentence("محمد الأحمد")).toBe("\u2068محمد الأحمد\u2069");
    expect(inSentence("Eve\u202Eafed")).toBe("\u2068Eve\u202Eafed\u2069");
    for (const name of ["Nguyễn Thị Hoa", "สมชาย ใจดี", "王小明", "Ana O'Brien"]) expect(inSentence(name)).toBe(name);
  });

  it("balances isolates the text opens or closes itself, so it cannot end ours early", () => {
    expect(isolate("a\u2069b")).toBe("\u2068ab\u2069");
    expect(isolate("a\u2067b")).toBe("\u2068a\u2067b\u2069\u2069");
  });
});
