import type { Field } from "./fields.ts";
import type { createRandom } from "./random.ts";
import { countryInText } from "./regions.ts";
import type { GeneratedTrackRecord } from "./track-record.ts";

// A generated consultant's professional summary, written from the track record: the donors and
// countries it names are those of the assignments (most frequent first), its "most recent
// assignment" is the newest one, and nothing else claims work the track record does not show. About
// a third are written in the first person, as consultants often write their own.

type Random = ReturnType<typeof createRandom>;

export type BioFacts = {
  /** What a colleague calls the consultant ("Dewi", "Lan", "Thandar Aye"). */
  name: string;
  title: string;
  city: string;
  country: string;
  yearsExperience: number;
  languages: string[];
  field: Field;
  trackRecord: GeneratedTrackRecord;
};

/** Donors as a sentence names them. */
const DONOR_IN_TEXT: Record<string, string> = {
  "World Bank": "the World Bank",
  "Asian Development Bank": "the Asian Development Bank",
  "European Union": "the European Union",
  "Global Fund": "the Global Fund",
  "Gates Foundation": "the Gates Foundation",
};

const THIRD_PERSON_CLOSINGS = [
  "Known for practical recommendations and reports delivered on time.",
  "Comfortable leading mixed teams of government counterparts and international experts.",
  "Writes clearly for ministers, donors and communities alike.",
  "Prefers assignments with time in the field.",
  "Combines quantitative analysis with participatory methods.",
  "Used to working with tight deadlines and shifting terms of reference.",
  "Experienced with the reporting requirements of multilateral and bilateral donors.",
  "Has mentored many junior national consultants.",
  "Equally at home in a provincial office and in a donor coordination meeting.",
  "Pays attention to what happens after the consultants leave.",
];

const FIRST_PERSON_CLOSINGS = [
  "I like assignments that leave something behind: a system people use, a team that can carry on.",
  "I write short reports with clear recommendations, and I deliver them on time.",
  "I am at my best in the field, listening to the people a programme is meant to serve.",
  "I enjoy working alongside government counterparts rather than around them.",
  "I combine quantitative analysis with participatory methods.",
  "I am used to short deadlines and terms of reference that change along the way.",
  "I am happy to lead a team or to work as one expert among several.",
  "Open to short missions and to longer assignments in the region.",
];

function joinList(items: string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function article(word: string) {
  return /^[AEIOU]/.test(word) ? "an" : "a";
}

/** The items of the lists, most frequent first (first seen first among equals). */
function byFrequency(lists: string[][], limit: number) {
  const counts = new Map<string, number>();
  for (const list of lists) for (const item of list) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([item]) => item);
}

export function writeBio(random: Random, facts: BioFacts) {
  const { name, title, city, country, yearsExperience: years, field, trackRecord } = facts;
  const assignments = trackRecord.assignments;
  const donors = byFrequency(
    assignments.map((a) => a.donors.filter((donor) => donor !== "Other")),
    3,
  ).map((donor) => DONOR_IN_TEXT[donor] ?? donor);
  const countries = byFrequency(
    assignments.map((a) => a.countries),
    4,
  ).map(countryInText);
  const topics = joinList(random.sample(field.topics, random.int(2, 3)));
  const place = city === country ? country : `${city}, ${country}`;
  const newest = assignments[0];
  const onlyHome = countries.length === 1 && countries[0] === countryInText(country);
  const where = onlyHome ? `across ${countryInText(country)}` : `in ${joinList(countries)}`;
  // "Myanmar" is the language's name in the list; in a sentence it is Burmese (and names no country).
  const languages = facts.languages.map((language) => (language === "Myanmar" ? "Burmese" : language));
  const otherLanguages = languages.filter((language) => language !== "English");
  const sentences: string[] = [];
  if (random.chance(0.35)) {
    sentences.push(
      random.chance(0.5)
        ? `I am ${article(title)} ${title} based in ${place}, with ${years} years of experience in ${topics}.`
        : `${years} years of experience in ${topics}, as ${article(title)} ${title} based in ${place}.`,
    );
    sentences.push(
      random.chance(0.5)
        ? `I have worked on assignments funded by ${joinList(donors)} ${where}.`
        : `My assignments, funded by ${joinList(donors)}, have taken me ${onlyHome ? `across ${countryInText(country)}` : `to ${joinList(countries)}`}.`,
    );
    if (newest) {
      sentences.push(
        newest.endDate === null
          ? `I am currently working on the ${newest.title} (${newest.organization}).`
          : `My most recent assignment: ${newest.title} (${newest.organization}).`,
      );
    }
    sentences.push(random.pick(FIRST_PERSON_CLOSINGS));
    if (otherLanguages.length > 0 && random.chance(0.5)) sentences.push(`I work in ${joinList(languages)}.`);
  } else {
    sentences.push(
      random.chance(0.5)
        ? `${title} based in ${place}, with ${years} years of experience in ${topics}.`
        : `${name} is ${article(title)} ${title} in ${place} with ${years} years of experience in ${topics}.`,
    );
    sentences.push(
      random.chance(0.5)
        ? `${name} has worked on assignments funded by ${joinList(donors)} ${where}.`
        : `Assignments for ${joinList(donors)} have taken ${name} ${onlyHome ? `across ${countryInText(country)}` : `to ${joinList(countries)}`}.`,
    );
    if (newest) {
      sentences.push(
        newest.endDate === null
          ? `Currently ${newest.role ? `${newest.role.toLowerCase()} on` : "working on"} the ${newest.title} (${newest.organization}).`
          : `Most recent assignment: ${newest.title} (${newest.organization}).`,
      );
    }
    sentences.push(random.pick(field.approach));
    if (random.chance(0.5)) sentences.push(random.pick(THIRD_PERSON_CLOSINGS));
    if (otherLanguages.length > 0 && random.chance(0.4)) sentences.push(`Works in ${joinList(languages)}.`);
  }
  return sentences.join(" ");
}
