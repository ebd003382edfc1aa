import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { COUNTRIES } from "#common/constants.ts";
import { PLACES, placeKey } from "#common/places.ts";
import { once } from "../once.ts";

// How guessable a password is, by zxcvbn (the @zxcvbn-ts port, maintained): it recognises common
// passwords, English words and names, keyboard patterns, dates, years and sequences, and adds up
// how many guesses the cheapest combination of them costs. The region's place names are in its
// dictionary too: "bangkok2024" and "hanoi123" are a city and a number, guessed at once. The
// spec's rule (at least 6 characters, its message) is checked first by the form schemas.

/** zxcvbn's scale is 0 to 4; 2 ("somewhat guessable", above 10^6 guesses) is the least accepted. */
export const MINIMUM_SCORE = 2;

const placeWords = [
  ...new Set(
    [...COUNTRIES, ...PLACES.flatMap((place) => place.spellings)]
      .map((spelling) => placeKey(spelling))
      .flatMap((key) => [key.replace(/ /g, ""), ...key.split(" ")])
      .filter((word) => word.length >= 3),
  ),
];

const estimator = once(
  () =>
    new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary, places: placeWords },
    }),
);

export type PasswordWeakness = { warning: string | null; suggestions: string[] };

/**
 * Null for a password strong enough, else what is wrong with it and how to do better.
 * `personal` are the person's own words (name, e-mail), which make a password easy to guess too.
 */
export function passwordWeakness(password: string, personal: string[] = []): PasswordWeakness | null {
  const words = personal.flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  const result = estimator().check(password, words);
  if (result.score >= MINIMUM_SCORE) return null;
  const suggestions = result.feedback.suggestions.length
    ? result.feedback.suggestions
    : ["Add another word or two. Uncommon words are better."];
  return { warning: result.feedback.warning || null, suggestions };
}
