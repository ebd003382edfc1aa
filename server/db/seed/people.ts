import type { Country } from "#common/constants.ts";
import people from "./people.json" with { type: "json" };
import type { createRandom } from "./random.ts";

// The generator's people and places (see generate.ts): names as people in each country write them
// (a country may have several naming traditions: Malay, Chinese and Indian names in Malaysia), with
// given names by gender so that family names that carry one (Lestari, binti Ismail) match, real
// cities (repeated by how many consultants live there), the languages spoken at home and the
// telephone prefixes. The data is people.json.

export type NameGroup = {
  /** Relative share of the country's people who name themselves this way. */
  weight: number;
  given: { f: string[]; m: string[] };
  family: { f?: string[]; m?: string[]; any?: string[] };
  familyFirst?: boolean;
  /**
   * What colleagues call the person in a sentence: the first word ("Dewi"), the last word of a
   * family-first name ("Lan" of Nguyễn Thị Lan, "Dara" of Sok Dara), or the full name (Burmese names
   * have no family name; Chinese names are written in full).
   */
  short: "first" | "last" | "full";
  /** Languages spoken at home by people of this group, instead of the country's. */
  languages?: string[];
};

export const PEOPLE = people.people as Record<Country, NameGroup[]>;

/** International consultants based in the region. */
export const EXPATS = people.expats as NameGroup[];

/** Full names of people in the neighbouring countries where assignments take place (reviewers). */
export const NEIGHBOUR_NAMES: Record<string, string[]> = people.neighbours;

export const CITIES: Record<Country, string[]> = people.cities;

export const HOME_LANGUAGES: Record<Country, string[]> = people.homeLanguages;

export const PHONE_PREFIX: Record<Country, string> = people.phonePrefix;

/** A person of one of the groups (by their weights): full name, what colleagues call them, and the group. */
export function drawPerson(random: ReturnType<typeof createRandom>, groups: NameGroup[]) {
  const total = groups.reduce((sum, group) => sum + group.weight, 0);
  let draw = random.next() * total;
  let group = groups[0] as NameGroup;
  for (const candidate of groups) {
    draw -= candidate.weight;
    group = candidate;
    if (draw < 0) break;
  }
  const gender = random.chance(0.5) ? "f" : "m";
  const given = random.pick(group.given[gender]);
  const family = random.pick([...(group.family[gender] ?? []), ...(group.family.any ?? [])]);
  const full = group.familyFirst ? `${family} ${given}` : `${given} ${family}`;
  const words = full.split(" ");
  const short = group.short === "full" ? full : group.short === "last" ? (words.at(-1) ?? full) : (words[0] ?? full);
  return { full, short, group };
}
