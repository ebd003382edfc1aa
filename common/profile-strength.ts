// How complete a consultant's profile is, and the next most useful thing to add (issue 12): what
// organizations look at first comes first. Shown to the owner on /my-consultant-profile.

export type StrengthFacts = {
  profilePhotoUrl: string | null;
  bio: string;
  languages: string[];
  languageLevels: Record<string, string>;
  assignments: unknown[];
  education: unknown[];
  dailyRate: unknown | null;
  availableFrom: string | null;
};

/** A summary at least this long reads as a real introduction. */
export const STRONG_SUMMARY_LENGTH = 300;
/** Enough assignments to show a track record, not one job. */
export const STRONG_ASSIGNMENT_COUNT = 3;

/** The things a profile can still lack, in the order they are asked for (the page words each one). */
export type StrengthStep =
  | "photo"
  | "assignment"
  | "education"
  | "summary"
  | "assignments"
  | "languageLevels"
  | "rateOrAvailability";

type Step = { step: StrengthStep; weight: number; done: (facts: StrengthFacts) => boolean };

const STEPS: Step[] = [
  { step: "photo", weight: 20, done: (facts) => Boolean(facts.profilePhotoUrl) },
  { step: "assignment", weight: 25, done: (facts) => facts.assignments.length > 0 },
  { step: "education", weight: 15, done: (facts) => facts.education.length > 0 },
  { step: "summary", weight: 15, done: (facts) => facts.bio.trim().length >= STRONG_SUMMARY_LENGTH },
  { step: "assignments", weight: 10, done: (facts) => facts.assignments.length >= STRONG_ASSIGNMENT_COUNT },
  {
    step: "languageLevels",
    weight: 10,
    done: (facts) => facts.languages.length > 0 && facts.languages.every((language) => facts.languageLevels[language]),
  },
  { step: "rateOrAvailability", weight: 5, done: (facts) => facts.dailyRate !== null || facts.availableFrom !== null },
];

/** How complete the profile is, in percent, and the next most useful thing to add (null: nothing left). */
export type ProfileStrength = { percent: number; next: StrengthStep | null };

export function profileStrength(facts: StrengthFacts): ProfileStrength {
  const total = STEPS.reduce((sum, step) => sum + step.weight, 0);
  const done = STEPS.filter((step) => step.done(facts));
  const next = STEPS.find((step) => !step.done(facts));
  return {
    percent: Math.round((done.reduce((sum, step) => sum + step.weight, 0) / total) * 100),
    next: next?.step ?? null,
  };
}
