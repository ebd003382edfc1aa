import { z } from "zod";

// The match score between an opportunity and a consultant's profile (issue 32, decision 016):
// 0-100, the sum of five parts, each shown with what was shared, so both sides read why. ONE
// function computes it, for the organization (Suggested consultants, applicants) and for the
// consultant (Opportunities for you, the digest): the same pair always scores the same.
//
// The score explains a match; it does not choose the consultants an organization is offered:
// the search engine does (server/services/opportunities/matching.ts, decision 006's one engine).

/** What a ToR asks for. Lists are canonical names (common/constants.ts, common/track-record-lists.ts). */
export type MatchOpportunity = {
  specializations: readonly string[];
  countries: readonly string[];
  remote: boolean;
  donors: readonly string[];
  languages: readonly string[];
  minYearsExperience: number;
};

/** What a profile offers: its specializations, home country, track record's countries and donors, languages, years. */
export type MatchProfile = {
  primarySpecialization: string;
  secondarySpecializations: readonly string[];
  country: string;
  workedIn: readonly string[];
  donors: readonly string[];
  languages: readonly string[];
  yearsExperience: number;
};

export const MATCH_PARTS = ["expertise", "countries", "donor", "languages", "experience"] as const;
export type MatchPartName = (typeof MATCH_PARTS)[number];

/** The most each part gives; they add up to 100. */
export const MATCH_WEIGHTS: Record<MatchPartName, number> = {
  expertise: 35,
  countries: 20,
  donor: 15,
  languages: 15,
  experience: 15,
};

export type MatchPart = {
  part: MatchPartName;
  points: number;
  max: number;
  /** The values both sides share (specializations, countries, donors, languages); for experience, the profile's years. */
  shared: string[];
  /** The ToR does not ask for it: the part is given in full. */
  isOpen: boolean;
};

export type MatchScore = { score: number; parts: MatchPart[] };

function sharedOf(asked: readonly string[], offered: readonly string[]): string[] {
  const have = new Set(offered.map((value) => value.toLowerCase()));
  return asked.filter((value) => have.has(value.toLowerCase()));
}

function part(name: MatchPartName, fraction: number, shared: string[], isOpen = false): MatchPart {
  const max = MATCH_WEIGHTS[name];
  return { part: name, points: Math.round(max * Math.max(0, Math.min(1, fraction))), max, shared, isOpen };
}

/**
 * The score of one profile for one opportunity.
 * - expertise: the ToR's specialization as the profile's primary one (all), as a secondary one (70 %);
 * - countries: worked in one of the ToR's countries (all), lives in one (half); a remote-only ToR asks none;
 * - donor: worked on an assignment funded by one of the ToR's donors (all);
 * - languages: the share of the required languages the profile speaks;
 * - experience: the profile's years over the minimum asked (all when it reaches it).
 */
export function matchScore(opportunity: MatchOpportunity, profile: MatchProfile): MatchScore {
  const parts: MatchPart[] = [];

  if (opportunity.specializations.length === 0) parts.push(part("expertise", 1, [], true));
  else {
    const primary = sharedOf(opportunity.specializations, [profile.primarySpecialization]);
    const secondary = sharedOf(opportunity.specializations, profile.secondarySpecializations);
    const shared = [...new Set([...primary, ...secondary])];
    parts.push(part("expertise", primary.length > 0 ? 1 : secondary.length > 0 ? 0.7 : 0, shared));
  }

  if (opportunity.countries.length === 0) parts.push(part("countries", 1, [], true));
  else {
    const worked = sharedOf(opportunity.countries, profile.workedIn);
    const home = sharedOf(opportunity.countries, [profile.country]);
    const shared = [...new Set([...worked, ...home])];
    parts.push(part("countries", worked.length > 0 ? 1 : home.length > 0 ? 0.5 : 0, shared));
  }

  if (opportunity.donors.length === 0) parts.push(part("donor", 1, [], true));
  else {
    const shared = sharedOf(opportunity.donors, profile.donors);
    parts.push(part("donor", shared.length > 0 ? 1 : 0, shared));
  }

  if (opportunity.languages.length === 0) parts.push(part("languages", 1, [], true));
  else {
    const shared = sharedOf(opportunity.languages, profile.languages);
    parts.push(part("languages", shared.length / opportunity.languages.length, shared));
  }

  const years = Math.max(0, profile.yearsExperience);
  if (opportunity.minYearsExperience <= 0) parts.push(part("experience", 1, [String(years)], true));
  else parts.push(part("experience", years / opportunity.minYearsExperience, [String(years)]));

  return { score: parts.reduce((sum, item) => sum + item.points, 0), parts };
}

/** One of an opportunity's Suggested consultants: what the card shows, and the score with its parts. */
export type SuggestedConsultant = {
  consultant: {
    id: number;
    name: string;
    title: string;
    location: string;
    profilePhotoUrl: string | null;
    primarySpecialization: string;
    yearsExperience: number;
    availableForWork: boolean;
  };
  match: MatchScore;
};

export const MATCH_TEXTS = {
  signIn: "You need to be signed in to see the opportunities that match your profile.",
  noProfile: "You do not have a consultant profile yet.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  frequency: "Frequency must be one of weekly, daily, off",
} as const;

/** How often a consultant is e-mailed the newly published opportunities that match their profile. */
export const DIGEST_FREQUENCIES = ["weekly", "daily", "off"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** At most this many opportunities in one digest (the best matches; the rest wait for the page). */
export const DIGEST_LIMIT = 10;

/** PUT /api/my-consultant-profile/opportunity-digest and the profile page's form. */
export const digestFrequencySchema = z
  .object({ frequency: z.enum(DIGEST_FREQUENCIES, { error: MATCH_TEXTS.frequency }) })
  .strict();
