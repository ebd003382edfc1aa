import { COUNTRIES, type Country } from "./constants.ts";
import { COUNTRY_ALIASES, PLACE_ROWS } from "./places-data.ts";

// The gazetteer: the places of the ten countries and every spelling of each (places-data.ts),
// so nobody is lost to spelling. Used by the profile form (suggests the canonical city), the
// search (keywords and the location filter match any spelling) and the write path (a profile's
// city is stored in canonical form; the full location stays as the consultant typed it).

export type Place = {
  /** The canonical English name, as stored in a profile's city. */
  name: string;
  country: Country;
  /** Every spelling, the canonical name first. */
  spellings: readonly string[];
};

/**
 * How a spelling is compared: lower case, without accents (đ as d), punctuation as spaces.
 * "Hà Nội" and "ha-noi" are both "ha noi"; "TP.HCM" is "tp hcm".
 */
export function placeKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[đĐ]/g, "d")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export const PLACES: readonly Place[] = COUNTRIES.flatMap((country) =>
  PLACE_ROWS[country].map(([name, ...aliases]) => ({ name, country, spellings: [name, ...aliases] })),
);

const placeByKey = new Map<string, Place>();
for (const place of PLACES) {
  for (const spelling of place.spellings) placeByKey.set(placeKey(spelling), place);
}

const countryByKey = new Map<string, Country>();
for (const country of COUNTRIES) {
  for (const spelling of [country, ...COUNTRY_ALIASES[country]]) countryByKey.set(placeKey(spelling), country);
}

/** Every spelling of a country: its name and its other names. */
export function countrySpellings(country: Country): string[] {
  return [country, ...COUNTRY_ALIASES[country]];
}

/** The place a text names exactly, in any of its spellings ("Saigon" → Ho Chi Minh City). */
export function findPlace(text: string): Place | undefined {
  return placeByKey.get(placeKey(text));
}

/** The country a text names, in any of its spellings ("Burma" → Myanmar, "viet nam" → Vietnam). */
export function findCountry(text: string): Country | undefined {
  return countryByKey.get(placeKey(text));
}

/** A city in its canonical spelling when the gazetteer knows it; anything else unchanged. */
export function canonicalCity<T extends string | null | undefined>(city: T): T | string {
  if (!city) return city;
  return findPlace(city)?.name ?? city;
}

/** The first part of a full location that names a place ("Hà Nội, Vietnam" → Hanoi). */
export function placeInLocation(location: string): Place | undefined {
  for (const part of location.split(/[,;/|]/)) {
    const place = findPlace(part);
    if (place) return place;
  }
  return undefined;
}

/** A run of keyword words that spells a place or a country, with every spelling of it. */
export type PlaceMention = { start: number; end: number; text: string; spellings: string[] };

const MAX_SPELLING_WORDS = Math.max(...[...placeByKey.keys(), ...countryByKey.keys()].map((key) => key.split(" ").length));

function spellingsOf(key: string): string[] | undefined {
  const place = placeByKey.get(key);
  if (place) return [...place.spellings];
  const country = countryByKey.get(key);
  return country ? countrySpellings(country) : undefined;
}

/**
 * The places named in a list of words, longest spelling first, left to right: ["ho", "chi",
 * "minh", "health"] names Ho Chi Minh City in words 0-2. Words of a place are not reused.
 */
export function findPlaceMentions(words: readonly string[]): PlaceMention[] {
  const keys = words.map(placeKey);
  const mentions: PlaceMention[] = [];
  let start = 0;
  while (start < keys.length) {
    let found: PlaceMention | undefined;
    for (let length = Math.min(MAX_SPELLING_WORDS, keys.length - start); length >= 1 && !found; length--) {
      const spellings = spellingsOf(keys.slice(start, start + length).join(" "));
      if (spellings) {
        found = { start, end: start + length, text: words.slice(start, start + length).join(" "), spellings };
      }
    }
    if (found) {
      mentions.push(found);
      start = found.end;
    } else {
      start++;
    }
  }
  return mentions;
}

/**
 * Canonical places for what someone is typing, best first: names that start with it, then
 * other spellings that do ("sai" suggests Ho Chi Minh City). Limited to a country when given.
 */
export function suggestPlaces(text: string, country?: string, limit = 8): Place[] {
  const key = placeKey(text);
  if (key.length < 2) return [];
  const inCountry = PLACES.filter((place) => !country || place.country === country);
  const byName = inCountry.filter((place) => placeKey(place.name).startsWith(key));
  const bySpelling = inCountry.filter(
    (place) => !byName.includes(place) && place.spellings.some((spelling) => placeKey(spelling).startsWith(key)),
  );
  return [...byName, ...bySpelling].slice(0, limit);
}
