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

type Step = { weight: number; done: (facts: StrengthFacts) => boolean; next: string; why: string };

const STEPS: Step[] = [
  {
    weight: 20,
    done: (facts) => Boolean(facts.profilePhotoUrl),
    next: "Add a photo",
    why: "A face makes a profile more trusted and is remembered among search results.",
  },
  {
    weight: 25,
    done: (facts) => facts.assignments.length > 0,
    next: "Add an assignment",
    why: "Organizations choose by track record: which donors funded your work, where and in what role.",
  },
  {
    weight: 15,
    done: (facts) => facts.education.length > 0,
    next: "Add your education",
    why: "Donor CVs (the P11, key-expert CVs) always ask for degrees and institutions.",
  },
  {
    weight: 15,
    done: (facts) => facts.bio.trim().length >= STRONG_SUMMARY_LENGTH,
    next: "Write a longer summary",
    why: `A summary of at least ${STRONG_SUMMARY_LENGTH} characters tells organizations what you do best and is found by more searches.`,
  },
  {
    weight: 10,
    done: (facts) => facts.assignments.length >= STRONG_ASSIGNMENT_COUNT,
    next: "Add more assignments",
    why: `${STRONG_ASSIGNMENT_COUNT} or more assignments show a track record, and each adds donors and countries that filters find.`,
  },
  {
    weight: 10,
    done: (facts) => facts.languages.length > 0 && facts.languages.every((language) => facts.languageLevels[language]),
    next: "Give a level for each language",
    why: "Native, fluent, working or basic: organizations need to know which languages you can work in.",
  },
  {
    weight: 5,
    done: (facts) => facts.dailyRate !== null || facts.availableFrom !== null,
    next: "Add your daily rate or when you are available",
    why: "It answers an organization's first question before they write to you.",
  },
];

export type ProfileStrength = { percent: number; next: { label: string; why: string } | null };

export function profileStrength(facts: StrengthFacts): ProfileStrength {
  const total = STEPS.reduce((sum, step) => sum + step.weight, 0);
  const done = STEPS.filter((step) => step.done(facts));
  const next = STEPS.find((step) => !step.done(facts));
  return {
    percent: Math.round((done.reduce((sum, step) => sum + step.weight, 0) / total) * 100),
    next: next ? { label: next.next, why: next.why } : null,
  };
}
