import { describe, expect, it } from "vitest";
import { intlLocale, isLocale, localizePath, preferredLocale, splitLocalePath, toLocale } from "./locales.ts";

describe("language prefixes", () => {
  it("reads a page's language and its path in the English tree", () => {
    expect(splitLocalePath("/")).toEqual({ locale: "en", path: "/" });
    expect(splitLocalePath("/about")).toEqual({ locale: "en", path: "/about" });
    expect(splitLocalePath("/th")).toEqual({ locale: "th", path: "/" });
    expect(splitLocalePath("/th/")).toEqual({ locale: "th", path: "/" });
    expect(splitLocalePath("/vi/consultant/12")).toEqual({ locale: "vi", path: "/consultant/12" });
    expect(splitLocalePath("/id/about")).toEqual({ locale: "id", path: "/about" });
  });

  it("leaves an unknown or look-alike first segment in the English tree (an English 404)", () => {
    expect(splitLocalePath("/fr/about")).toEqual({ locale: "en", path: "/fr/about" });
    expect(splitLocalePath("/thai")).toEqual({ locale: "en", path: "/thai" });
    expect(splitLocalePath("/TH/about")).toEqual({ locale: "en", path: "/TH/about" });
    expect(splitLocalePath("/en/about")).toEqual({ locale: "en", path: "/en/about" });
  });

  it("puts a path in a language, query and fragment kept", () => {
    expect(localizePath("en", "/about")).toBe("/about");
    expect(localizePath("th", "/")).toBe("/th");
    expect(localizePath("th", "/about")).toBe("/th/about");
    expect(localizePath("vi", "/?location=Vietnam&page=2")).toBe("/vi?location=Vietnam&page=2");
    expect(localizePath("id", "/consultant/5?tab=cv#reviews")).toBe("/id/consultant/5?tab=cv#reviews");
    expect(localizePath("id", "/#consultants")).toBe("/id#consultants");
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
    expect(preferredLocale("th-TH,th;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("th");
    expect(preferredLocale("vi")).toBe("vi");
    expect(preferredLocale("id-ID")).toBe("id");
    // "in" is Indonesian's old code, still sent by some Android browsers.
    expect(preferredLocale("in-ID,in;q=0.9")).toBe("id");
    expect(preferredLocale("fr-FR,fr;q=0.9,th;q=0.8")).toBe("th");
    expect(preferredLocale("en;q=0.5,vi;q=0.9")).toBe("vi");
  });

  it("answers none when English comes first, nothing matches, or the header is junk", () => {
    expect(preferredLocale("en-US,th;q=0.5")).toBeNull();
    expect(preferredLocale("fr,de")).toBeNull();
    expect(preferredLocale("*")).toBeNull();
    expect(preferredLocale("th;q=0")).toBeNull();
    expect(preferredLocale("")).toBeNull();
    expect(preferredLocale(undefined)).toBeNull();
    expect(preferredLocale(";;;,,,q=abc")).toBeNull();
    expect(preferredLocale(`${"x,".repeat(5000)}th`)).toBeNull();
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
