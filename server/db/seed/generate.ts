import { COUNTRIES, type Country, LANGUAGES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { canonicalCity } from "#common/places.ts";
import type { PublicConsultant } from "#common/views.ts";
import { FIELDS, type Field, FUNDERS } from "./fields.ts";
import { CITIES, EXPATS, HOME_LANGUAGES, PEOPLE, type People, PHONE_PREFIX } from "./people.ts";
import { createRandom } from "./random.ts";
import { type GeneratedTrackRecord, generateTrackRecord } from "./track-record.ts";

// Deterministic, plausible consultant profiles for the demo directory and the benchmarks.
// Hand-written pools: names as people in each country write them, real cities, the donors and
// agencies that commission work in the region, and bios built from the vocabulary of the field.

/** A consultant as the directory stores it, before it has an id; contact details always given. */
export type GeneratedConsultant = Omit<PublicConsultant, "id" | "email" | "phone" | "city" | "country" | "profilePhotoUrl"> & {
  email: string;
  phone: string;
  city: string;
  country: Country;
  /** Assignments, education and language levels (issue 12). */
  trackRecord?: GeneratedTrackRecord;
};

type Random = ReturnType<typeof createRandom>;

function personName(random: Random, people: People) {
  const given = random.pick(people.given);
  const family = random.pick(people.family);
  return people.familyFirst ? `${family} ${given}` : `${given} ${family}`;
}

function slug(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}

function joinList(items: string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export type GenerateOptions = {
  count: number;
  seed?: number;
  now?: Date;
  /** For large synthetic directories: allow repeated names and make e-mails unique with a tag and index. */
  uniqueSuffix?: boolean;
  emailTag?: string;
};

/** Makes `count` consultants; spreads them evenly over countries and specializations. */
export function* generateConsultants({
  count,
  seed = 2026,
  now = new Date("2026-11-01T00:00:00Z"),
  uniqueSuffix = false,
  emailTag = "",
}: GenerateOptions) {
  const random = createRandom(seed);
  const usedNames = new Set<string>();
  for (let i = 0; i < count; i++) {
    const country = COUNTRIES[i % COUNTRIES.length] as Country;
    const primarySpecialization = PROFILE_SPECIALIZATIONS[
      Math.floor(i / COUNTRIES.length) % PROFILE_SPECIALIZATIONS.length
    ] as string;
    const field = FIELDS[primarySpecialization] as Field;
    const expat = random.chance(0.18);
    let name = personName(random, expat ? EXPATS : PEOPLE[country]);
    for (let tries = 0; usedNames.has(name) && tries < 20; tries++) name = personName(random, expat ? EXPATS : PEOPLE[country]);
    if (usedNames.has(name) || uniqueSuffix) name = uniqueSuffix ? name : `${name} ${String.fromCharCode(65 + (i % 26))}.`;
    usedNames.add(name);
    const city = random.pick(CITIES[country]);
    const yearsExperience = random.pick([2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 17, 20, 22, 25, 28]);
    const languages = [
      ...new Set([
        "English",
        ...(expat ? [] : HOME_LANGUAGES[country].slice(0, random.int(1, 2))),
        ...(random.chance(0.25) ? [random.pick(LANGUAGES)] : []),
      ]),
    ];
    const secondaryPool = PROFILE_SPECIALIZATIONS.filter((s) => s !== primarySpecialization);
    const secondarySpecializations = random.sample(secondaryPool, random.int(0, 3));
    const title = random.pick(field.titles);
    const topics = random.sample(field.topics, 3);
    const funders = random.sample(FUNDERS, 3);
    const otherCountries = random.sample(
      COUNTRIES.filter((c) => c !== country),
      random.int(1, 3),
    );
    const shortName = name.split(" ")[0];
    const bio = [
      `${title} based in ${city}, ${country}, with ${yearsExperience} years of experience in ${joinList(topics)}.`,
      `${shortName} has worked on assignments for ${joinList(funders)} across ${joinList([country, ...otherCountries])}.`,
      `Recent work: ${random.pick(field.work)}.`,
      random.chance(0.5)
        ? `Comfortable leading mixed teams of government counterparts and international experts, and writing for both ministers and donors.`
        : `Known for practical recommendations, clear reporting and close work with government counterparts and communities.`,
      random.chance(0.3) ? "Experienced in project management, from inception reports to final evaluations." : "",
    ]
      .filter(Boolean)
      .join(" ");
    const emailLocal = slug(name) || `consultant${i}`;
    yield {
      name,
      title,
      email: uniqueSuffix ? `${emailLocal}.${emailTag}${i}@example.org` : `${emailLocal}@example.org`,
      phone: `${PHONE_PREFIX[country]} ${String(random.int(100, 999))} ${String(random.int(1000, 9999))}`,
      location: city === country ? country : `${city}, ${country}`,
      city: canonicalCity(city),
      country,
      yearsExperience,
      languages,
      primarySpecialization,
      secondarySpecializations,
      bio,
      showEmail: random.chance(0.6),
      showPhone: random.chance(0.4),
      availableForWork: random.chance(0.75),
      rating: random.int(62, 98),
      projectsCompleted: Math.max(1, Math.round(yearsExperience * (1 + random.next() * 2))),
      createdAt: new Date(now.getTime() - random.int(0, 540) * 86_400_000 - random.int(0, 86_399) * 1000),
      // From its own random stream: the fields above stay what they were before track records.
      trackRecord: generateTrackRecord({ country, primarySpecialization, yearsExperience, languages }, { seed, index: i, now }),
    } satisfies GeneratedConsultant;
  }
}
