import { PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { PROFILE_LIMITS } from "#common/consultant-schema.ts";
import { DONORS, LANGUAGE_NAMES, TRACK_LIMITS } from "#common/track-record.ts";

// A profile at the schema's limits, as any account may create one (the operations review: a
// 90-page CV). Every text at its maximum length, every list at its maximum count.

const WORDS = "district health water evaluation capacity gender irrigation budget survey training".split(" ");

/** Plain words up to exactly `length` characters; `seed` varies them. */
function prose(length: number, seed = 0) {
  let text = "";
  for (let index = seed; text.length < length; index++) text += `${WORDS[index % WORDS.length]} `;
  return text.slice(0, length).trimEnd().padEnd(length, "x");
}

/** Distinct place names of `length` letters (the schema accepts any name made of letters). */
function placeName(index: number, length: number) {
  return `Province ${String.fromCharCode(65 + index)} ${prose(length, index)}`.slice(0, length).trimEnd().padEnd(length, "a");
}

export function maximalProfile(email: string) {
  const languages = LANGUAGE_NAMES.slice(0, PROFILE_LIMITS.listItems);
  return {
    name: prose(PROFILE_LIMITS.name),
    title: prose(PROFILE_LIMITS.title, 1),
    email,
    phone: "+84 24 5550 1420",
    location: prose(PROFILE_LIMITS.location, 2),
    country: "Vietnam",
    yearsExperience: PROFILE_LIMITS.yearsExperienceMax,
    languages,
    languageLevels: Object.fromEntries(languages.map((language) => [language, "fluent"])),
    primarySpecialization: PROFILE_SPECIALIZATIONS[0],
    secondarySpecializations: Array.from({ length: PROFILE_LIMITS.listItems }, (_, index) =>
      prose(PROFILE_LIMITS.listItemLength, index),
    ),
    bio: prose(PROFILE_LIMITS.bio, 3),
    dailyRate: { min: 400, max: 900, currency: "USD" },
    assignments: Array.from({ length: TRACK_LIMITS.assignments }, (_, index) => ({
      title: prose(TRACK_LIMITS.text, index),
      organization: prose(TRACK_LIMITS.text, index + 1),
      donors: DONORS.slice(0, TRACK_LIMITS.donorsPerAssignment),
      countries: Array.from({ length: TRACK_LIMITS.countriesPerAssignment }, (_, country) =>
        placeName(country, TRACK_LIMITS.country),
      ),
      role: prose(TRACK_LIMITS.text, index + 2),
      startDate: "2001-01",
      endDate: null,
      sector: PROFILE_SPECIALIZATIONS[index % PROFILE_SPECIALIZATIONS.length],
      description: prose(TRACK_LIMITS.description, index + 3),
    })),
    education: Array.from({ length: TRACK_LIMITS.education }, (_, index) => ({
      degree: prose(TRACK_LIMITS.text, index),
      field: prose(TRACK_LIMITS.text, index + 1),
      institution: prose(TRACK_LIMITS.text, index + 2),
      year: 1990 + index,
    })),
  };
}
