import { describe, expect, it } from "vitest";
import { UNICODE_BIO, UNICODE_TITLE, ZAWGYI_BIO, ZAWGYI_TITLE } from "../../tests/fixtures/zawgyi.ts";
import { unicodeBurmese, withUnicodeBurmese } from "./burmese.ts";

// Burmese typed in Zawgyi (issue 37) is stored in Unicode; Unicode Burmese and every other script
// are kept as they are (tests/fixtures/zawgyi.ts: a bio and a title in both encodings).

describe("unicodeBurmese", () => {
  it("converts Zawgyi to Unicode", () => {
    expect(unicodeBurmese(ZAWGYI_BIO)).toBe(UNICODE_BIO);
    expect(unicodeBurmese(ZAWGYI_TITLE)).toBe(UNICODE_TITLE);
    // Mixed with English, as a bio often is.
    expect(unicodeBurmese(`WASH specialist. ${ZAWGYI_BIO}`)).toBe(`WASH specialist. ${UNICODE_BIO}`);
  });

  it("keeps Unicode Burmese, other scripts and text without Burmese as they are", () => {
    for (const text of [UNICODE_BIO, UNICODE_TITLE, "ที่ปรึกษาด้านน้ำ", "ទឹកស្អាត", "Hello, world", ""]) {
      expect(unicodeBurmese(text), text).toBe(text);
    }
  });

  it("reaches every string of a parsed input, and nothing else", () => {
    const when = new Date("2026-01-01T00:00:00Z");
    const input = {
      title: ZAWGYI_TITLE,
      years: 12,
      available: true,
      photo: null,
      since: when,
      assignments: [{ title: ZAWGYI_TITLE, donors: ["ADB"], description: ZAWGYI_BIO }],
    };
    expect(withUnicodeBurmese(input)).toEqual({
      ...input,
      title: UNICODE_TITLE,
      assignments: [{ title: UNICODE_TITLE, donors: ["ADB"], description: UNICODE_BIO }],
    });
    expect(withUnicodeBurmese(input).since).toBe(when);
  });
});
