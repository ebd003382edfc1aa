import type { Country } from "./constants.ts";
import places from "./places.json" with { type: "json" };

// The places of the ten countries (cities, provinces, states, regions, districts) with the
// spellings people actually type: local names with and without diacritics, older English
// exonyms, abbreviations. The data is places.json; each row: the canonical English name, then
// its other spellings. Spellings that only differ in accents or case need not be listed
// (placeKey ignores them), and no spelling belongs to two places (places.test.ts checks).

type PlaceRow = [name: string, ...aliases: string[]];

/** Each country's places, one row each (places.json). */
export const PLACE_ROWS = places.rows as Record<Country, PlaceRow[]>;

/** Other names of the ten countries, for keywords and the location filter. */
export const COUNTRY_ALIASES: Record<Country, string[]> = places.countryAliases;
