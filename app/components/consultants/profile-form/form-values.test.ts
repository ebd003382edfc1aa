import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { consultantProfileSchema } from "#common/consultant-schema.ts";
import { draftFormValues, EMPTY_FORM, normalizeProfileFormData, savedFormValues, withImportedDrafts } from "./form-values.ts";
import { suggestLanguages } from "./languages-field.tsx";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** What the shared schema answers for the form `entries` as the page normalizes them: its status and field errors. */
function submitted(entries: [string, string][]) {
  const submission = parseWithZod(normalizeProfileFormData(form(entries)), {
    schema: consultantProfileSchema,
    disableAutoCoercion: true,
  });
  return { status: submission.status, errors: (submission.status === "error" ? submission.error : undefined) ?? {} };
}

/** An assignment's first fields as typed: its title and client. */
const roadSafetyReview = (index: number): [string, string][] => [
  [`assignments[${index}].title`, "Road Safety Review"],
  [`assignments[${index}].organization`, "ADB"],
];

describe("normalizeProfileFormData", () => {
  it("adds each assignment's typed countries to its ticked ones and drops levels not given", () => {
    const normalized = normalizeProfileFormData(
      form([
        ["assignments[0].countries", "Laos"],
        ["assignments[0].otherCountries", " Timor-Leste, nepal ,, "],
        ["assignments[1].otherCountries", ""],
        ["languageLevels.Thai", "native"],
        ["languageLevels.English", ""],
      ]),
    );
    expect(normalized.getAll("assignments[0].countries")).toEqual(["Laos", "Timor-Leste", "nepal"]);
    expect(normalized.getAll("assignments[1].countries")).toEqual([]);
    expect(normalized.get("languageLevels.English")).toBeNull();
    expect(normalized.get("languageLevels.Thai")).toBe("native");
  });

  it("leaves out an assignment or education entry left blank, so a restored draft with one saves (issue 36)", () => {
    const blank = (index: number): [string, string][] =>
      ["id", "fromCv", "title", "organization", "role", "sector", "startDate", "endDate", "otherCountries", "description"].map(
        (field) => [`assignments[${index}].${field}`, ""],
      );
    const normalized = normalizeProfileFormData(
      form([
        ...blank(0),
        ...roadSafetyReview(1),
        ["assignments[1].donors", "Asian Development Bank"],
        ["assignments[1].countries", "Nepal"],
        ["assignments[1].startDate", "2020-05"],
        ...blank(2),
        ["education[0].degree", " "],
        ["education[0].institution", ""],
      ]),
    );
    expect(normalized.get("assignments[0].title")).toBe("Road Safety Review");
    expect([...normalized.keys()].filter((name) => /assignments\[[12]\]|education/.test(name))).toEqual([]);
    const submission = parseWithZod(normalized, { schema: consultantProfileSchema, disableAutoCoercion: true });
    const errors = submission.status === "error" ? (submission.error ?? {}) : {};
    expect(Object.keys(errors).filter((name) => /assignments|education/.test(name))).toEqual([]);
  });

  it("says to choose a donor and a country when none is ticked, not that a list is malformed (issue 36)", () => {
    const { errors } = submitted([...roadSafetyReview(0), ["assignments[0].startDate", "2020-05"]]);
    expect(errors["assignments[0].donors"]).toEqual(["Choose at least one funding donor"]);
    expect(errors["assignments[0].countries"]).toEqual(["Name at least one country where the work took place"]);
  });

  it("lets the shared schema name the item and field of a refused assignment", () => {
    const { status, errors } = submitted([
      ...roadSafetyReview(0),
      ["assignments[0].donors", "Asian Development Bank"],
      ["assignments[0].otherCountries", "Nepal"],
      ["assignments[0].startDate", "2020-05"],
      ["assignments[0].endDate", "2019-01"],
    ]);
    expect(status).toBe("error");
    expect(errors["assignments[0].endDate"]).toEqual(["End month must not be before the start month"]);
    expect(errors["assignments[0].countries"]).toBeUndefined();
  });
});

describe("form values", () => {
  it("splits a saved assignment's countries into the ASEAN ticks and the typed others, and back from a draft", () => {
    const values = savedFormValues(
      {
        name: "Lan",
        title: "Evaluator",
        email: "lan@example.org",
        phone: null,
        location: "Hanoi",
        city: null,
        country: "Vietnam",
        yearsExperience: 9,
        languages: ["Vietnamese"],
        primarySpecialization: "Healthcare",
        secondarySpecializations: [],
        bio: "Nine years of evaluation.",
        profileLanguage: "vi",
        profilePhotoUrl: null,
        showEmail: false,
        showPhone: false,
        availableForWork: true,
      },
      {
        assignments: [
          {
            id: 1,
            title: "Review",
            organization: "WHO",
            donors: ["WHO"],
            countries: ["Laos", "Nepal", "Vietnam"],
            role: null,
            startDate: "2020-01",
            endDate: null,
            sector: null,
            description: null,
          },
        ],
        education: [{ id: 2, degree: "MSc", field: null, institution: "Mahidol University", year: 2010 }],
        languageLevels: { Vietnamese: "native" },
        availableFrom: null,
        updatedAt: new Date(),
        dailyRate: { min: 300, max: 400, currency: "USD" },
        rateVisibility: "signed-in",
      },
    );
    expect(values.assignments[0]).toMatchObject({ countries: ["Laos", "Vietnam"], otherCountries: "Nepal", endDate: "" });
    expect(values.education[0]).toEqual({ degree: "MSc", field: "", institution: "Mahidol University", year: "2010" });
    expect(values.dailyRate).toEqual({ min: "300", max: "400", currency: "USD" });
    expect(values.profileLanguage).toBe("vi");

    // A draft is Conform's payload: single values are strings, repeated ones arrays.
    const draft = draftFormValues({
      name: "Lan",
      profileLanguage: "th",
      languages: "Vietnamese, Thai",
      languageLevels: { Thai: "basic" },
      showEmail: ["false", "true"],
      assignments: [{ title: "Review", donors: "WHO", countries: ["Laos", "Nepal"], otherCountries: "Nepal" }],
      education: [{ degree: "MSc" }],
      rateVisibility: "",
    });
    expect(draft).toMatchObject({
      name: "Lan",
      profileLanguage: "th",
      languages: "Vietnamese, Thai",
      languageLevels: { Thai: "basic" },
      showEmail: true,
      availableForWork: false,
      rateVisibility: "hidden",
      assignments: [{ title: "Review", donors: ["WHO"], countries: ["Laos"], otherCountries: "Nepal", endDate: "" }],
      education: [{ degree: "MSc", field: "", institution: "", year: "" }],
    });
    expect(draftFormValues("not an object").assignments).toEqual([]);
  });
});

describe("suggestLanguages", () => {
  it("puts languages starting with what was typed first, leaves out the chosen ones, ignores case", () => {
    expect(suggestLanguages("THA", [])).toEqual(["Thai"]);
    const ma = suggestLanguages("ma", []);
    expect(ma.slice(0, 2)).toEqual(["Malay", "Mandarin"]);
    expect(ma.indexOf("German")).toBeGreaterThan(1);
    expect(suggestLanguages("ese", [])).toContain("Vietnamese");
    expect(suggestLanguages("ese", ["Vietnamese"])).not.toContain("Vietnamese");
    expect(suggestLanguages("   ", [])).toEqual([]);
  });
});

describe("withImportedDrafts", () => {
  const drafts = {
    profile: {
      name: "Nguyễn Thị Lan",
      title: "Maternal Health Adviser",
      location: "Ba Đình, Hà Nội, Viet Nam",
      bio: "Fifteen years.",
    },
    assignments: [
      {
        title: "Mid-term Review",
        organization: "Ministry of Health of Lao PDR",
        donors: ["Asian Development Bank"],
        countries: ["Laos", "Timor-Leste"],
        role: "Team Leader",
        startDate: "2019-03",
        endDate: "2021-06",
        sector: "Healthcare",
        description: "Led a team.",
      },
    ],
    education: [{ degree: "MSc", field: "Public Health", institution: "Mahidol University", year: "2008" }],
    languages: [
      { name: "Vietnamese", level: "native" as const },
      { name: "English", level: "fluent" as const },
    ],
  };

  it("fills empty fields, puts the CV's entries first marked as from the CV, and adds its languages", () => {
    const values = withImportedDrafts(
      { ...EMPTY_FORM, name: "Lan Nguyen", languages: "English", languageLevels: { English: "working" } },
      drafts,
      new Date("2026-06-01"),
    );
    expect(values.name).toBe("Lan Nguyen");
    expect(values.title).toBe("Maternal Health Adviser");
    expect(values.city).toBe("Hanoi");
    expect(values.country).toBe("Vietnam");
    expect(values.yearsExperience).toBe("7");
    expect(values.assignments[0]).toMatchObject({ countries: ["Laos"], otherCountries: "Timor-Leste", fromCv: "1" });
    expect(values.education[0]).toMatchObject({ degree: "MSc", fromCv: "1" });
    expect(values.languages).toBe("English, Vietnamese");
    expect(values.languageLevels).toEqual({ English: "working", Vietnamese: "native" });
  });

  it("does not add an assignment or degree the form already has", () => {
    const once = withImportedDrafts(EMPTY_FORM, drafts);
    const twice = withImportedDrafts(once, drafts);
    expect(twice.assignments).toHaveLength(1);
    expect(twice.education).toHaveLength(1);
  });
});
