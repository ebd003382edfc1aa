import type { Country } from "#common/constants.ts";
import people from "./people.json" with { type: "json" };

// The generator's people and places (see generate.ts): names as people in each country write them,
// real cities, the languages spoken at home and the telephone prefixes. The data is people.json.

export type People = { given: string[]; family: string[]; familyFirst?: boolean };

export const PEOPLE: Record<Country, People> = people.people;

/** International consultants based in the region. */
export const EXPATS: People = people.expats;

export const CITIES: Record<Country, string[]> = people.cities;

export const HOME_LANGUAGES: Record<Country, string[]> = people.homeLanguages;

export const PHONE_PREFIX: Record<Country, string> = people.phonePrefix;
