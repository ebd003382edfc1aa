import { describe, expect, it } from "vitest";
import { expectAnswers } from "../tests/setup/examples.ts";
import { fullName, nameParts } from "./person-names.ts";

// Which part of a name is the family name, for the donors' forms (P11, EU annex, Europass) and a
// Europass CV read back: Vietnamese names are written family name first.

describe("nameParts", () => {
  it("takes a Vietnamese name's first word as its family name, with or without its marks", () => {
    expect(nameParts("Trần Minh Khoa")).toEqual({ family: "Trần", given: "Minh Khoa" });
    expect(nameParts("Nguyễn Thị Lan")).toEqual({ family: "Nguyễn", given: "Thị Lan" });
    expect(nameParts("Tran Minh Khoa")).toEqual({ family: "Tran", given: "Minh Khoa" });
    // Decomposed marks (as some keyboards type them) are the same name.
    expect(nameParts("Le\u0302 Va\u0306n Nam".normalize("NFD"))).toEqual({
      family: "Lê".normalize("NFD"),
      given: "Văn Nam".normalize("NFD"),
    });
  });

  it("takes the last word of other names, and a single word as a given name", () => {
    expectAnswers(nameParts, [
      ["Somchai Wongsawat", { given: "Somchai", family: "Wongsawat" }],
      ["Maria Cristina Santos", { given: "Maria Cristina", family: "Santos" }],
      ["Khoa Tran", { given: "Khoa", family: "Tran" }],
      ["Le Anh", { given: "Le", family: "Anh" }],
      ["Suharto", { given: "Suharto", family: "—" }],
    ]);
  });
});

describe("fullName", () => {
  it("puts a Vietnamese family name first and others last", () => {
    expect(fullName("Thị Lan", "Nguyễn")).toBe("Nguyễn Thị Lan");
    expect(fullName("Somchai", "Wongsawat")).toBe("Somchai Wongsawat");
    expect(fullName("", "Sok")).toBe("Sok");
  });
});
