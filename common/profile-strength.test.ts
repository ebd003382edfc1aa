import { describe, expect, it } from "vitest";
import { profileStrength, type StrengthFacts } from "./profile-strength.ts";

const EMPTY: StrengthFacts = {
  profilePhotoUrl: null,
  bio: "Short bio.",
  languages: ["English"],
  languageLevels: {},
  assignments: [],
  education: [],
  dailyRate: null,
  availableFrom: null,
};

describe("profileStrength", () => {
  it("asks for a photo first, then an assignment, education and a longer summary", () => {
    expect(profileStrength(EMPTY)).toMatchObject({ percent: 0, next: "photo" });
    const withPhoto = { ...EMPTY, profilePhotoUrl: "/uploads/photos/a-400.webp" };
    expect(profileStrength(withPhoto)).toMatchObject({ percent: 20, next: "assignment" });
    const withAssignment = { ...withPhoto, assignments: [{}] };
    expect(profileStrength(withAssignment)).toMatchObject({ percent: 45, next: "education" });
    const withEducation = { ...withAssignment, education: [{}] };
    expect(profileStrength(withEducation)).toMatchObject({ percent: 60, next: "summary" });
  });

  it("counts a language without a level as missing, and says nothing is next for a complete profile", () => {
    const complete: StrengthFacts = {
      profilePhotoUrl: "/p.webp",
      bio: "x".repeat(300),
      languages: ["English", "Thai"],
      languageLevels: { English: "fluent", Thai: "native" },
      assignments: [{}, {}, {}],
      education: [{}],
      dailyRate: null,
      availableFrom: "2027-01-01",
    };
    expect(profileStrength(complete)).toEqual({ percent: 100, next: null });
    const missingLevel = profileStrength({ ...complete, languageLevels: { English: "fluent" } });
    expect(missingLevel).toMatchObject({ percent: 90, next: "languageLevels" });
    // A summary of blanks is not a longer summary.
    expect(profileStrength({ ...complete, bio: `${" ".repeat(400)}short` }).next).toBe("summary");
  });
});
