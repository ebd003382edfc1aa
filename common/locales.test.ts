import { describe, expect, it } from "vitest";
import { expectAnswers } from "../tests/setup/examples.ts";
import { intlLocale, isLocale, type Locale, localizePath, preferredLocale, splitLocalePath, toLocale } from "./locales.ts";

describe("language prefixes", () => {
  it("reads a page's language and its path in the English tree", () => {
    expectAnswers(splitLocalePath, [
      ["/", { locale: "en", path: "/" }],
      ["/about", { locale: "en", path: "/about" }],
      ["/th", { locale: "th", path: "/" }],
      ["/th/", { locale: "th", path: "/" }],
      ["/vi/consultant/12", { locale: "vi", path: "/consultant/12" }],
      ["/id/about", { locale: "id", path: "/about" }],
    ]);
  });

  it("leaves an unknown or look-alike first segment in the English tree (an English 404)", () => {
    for (const path of ["/fr/about", "/thai", "/TH/about", "/en/about"]) {
      expect(splitLocalePath(path)).toEqual({ locale: "en", path });
    }
  });

  it("puts a path in a language, query and fragment kept", () => {
    expectAnswers(
      ([locale, path]: [Locale, string]) => localizePath(locale, path),
      [
        [["en", "/about"], "/about"],
        [["th", "/"], "/th"],
        [["th", "/about"], "/th/about"],
        [["vi", "/?location=Vietnam&page=2"], "/vi?location=Vietnam&page=2"],
        [["id", "/consultant/5?tab=cv#reviews"], "/id/consultant/5?tab=cv#reviews"],
        [["id", "/#consultants"], "/id#consultants"],
      ],
    );
  });

  it("knows the four languages only", () => {
    expect(["en", "id", "vi", "th"].every(isLocale)).toBe(true);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(toLocale("xx")).toBe("en");
  });
});

describe("Accept-Language", () => {
  it("finds the translated language a browser prefers to English", () => {
    expectAnswers(preferredLocale, [
      ["th-TH,th;q=0.9,en-US;q=0.8,en;q=0.7", "th"],
      ["vi", "vi"],
      ["id-ID", "id"],
      // "in" is Indonesian's old code, still sent by some Android browsers.
      ["in-ID,in;q=0.9", "id"],
      ["fr-FR,fr;q=0.9,th;q=0.8", "th"],
      ["en;q=0.5,vi;q=0.9", "vi"],
    ]);
  });

  it("answers none when English comes first, nothing matches, or the header is junk", () => {
    for (const header of ["en-US,th;q=0.5", "fr,de", "*", "th;q=0", "", undefined, ";;;,,,q=abc", `${"x,".repeat(5000)}th`]) {
      expect(preferredLocale(header), header?.slice(0, 40)).toBeNull();
    }
  });
});

describe("Intl in each language", () => {
  it("writes Gregorian years everywhere, Thai included (Thai defaults to the Buddhist era)", () => {
    const date = new Date(Date.UTC(2025, 10, 21));
    const options = { year: "numeric", timeZone: "UTC" } as const;
    expect(new Intl.DateTimeFormat("th-TH", options).format(date)).toContain("2568");
    for (const locale of ["en", "id", "vi", "th"] as const) {
      expect(new Intl.DateTimeFormat(intlLocale(locale), options).format(date)).toContain("2025");
    }
  });

  it("uses Latin digits and each language's separators", () => {
    expect(new Intl.NumberFormat(intlLocale("th")).format(1234567)).toBe("1,234,567");
    expect(new Intl.NumberFormat(intlLocale("vi")).format(1234567)).toBe("1.234.567");
    expect(new Intl.NumberFormat(intlLocale("id")).format(1234567)).toBe("1.234.567");
  });
});
