import { COUNTRIES, type Country, LANGUAGES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { canonicalCity } from "#common/places.ts";
import type { DailyRate, RateVisibility } from "#common/track-record.ts";
import type { PublicConsultant } from "#common/views.ts";
import { type BioFacts, writeBio } from "./bios.ts";
import { FIELDS, type Field } from "./fields.ts";
import { CITIES, drawPerson, EXPATS, HOME_LANGUAGES, PEOPLE, PHONE_PREFIX } from "./people.ts";
import { createRandom } from "./random.ts";
import type { WorkCountry } from "./regions.ts";
import { type GeneratedTrackRecord, generateTrackRecord } from "./track-record.ts";

// Deterministic, plausible consultant profiles for the demo directory and the benchmarks.
// Hand-written pools: names as people in each country write them, real cities, and a track record
// per consultant (track-record.ts) from which the bio, the projects completed and the daily rate
// follow, so that nothing on a profile contradicts anything else on it.

/** A consultant as the directory stores it, before it has an id; contact details always given. */
export type GeneratedConsultant = Omit<
  PublicConsultant,
  "id" | "email" | "phone" | "city" | "country" | "profilePhotoUrl" | "profileLanguage"
> & {
  email: string;
  phone: string;
  city: string;
  country: Country;
  /** Assignments, education and language levels (issue 12). */
  trackRecord?: GeneratedTrackRecord;
  /** About six in ten consultants give a daily rate, each choosing who sees it. */
  dailyRate?: (DailyRate & { visibility: RateVisibility }) | null;
  /** What colleagues call the consultant in a sentence ("Dewi", "Lan", "Thandar Aye"): reviews use it. */
  shortName?: string;
  /** For some consultants who are not available now: the month they will be (YYYY-MM-DD). */
  availableFrom?: string | null;
  /**
   * When the profile was last edited: after the latest month its track record shows (its owner
   * added that assignment), never before it joined; the page's "Last updated".
   */
  updatedAt?: Date;
  /** The language the profile is written in (issue 37): the demo's are not stated. */
  profileLanguage?: PublicConsultant["profileLanguage"];
};

type Random = ReturnType<typeof createRandom>;

/**
 * Where the region's consultants live, per hundred: a roster has more Indonesians, Filipinos and
 * Vietnamese than Singaporeans or Bruneians (the ten countries' populations and donor portfolios).
 */
export const HOME_SHARES: Record<Country, number> = {
  Indonesia: 16,
  Philippines: 15,
  Vietnam: 14,
  Thailand: 13,
  Cambodia: 10,
  Myanmar: 9,
  Laos: 7,
  Malaysia: 7,
  Singapore: 6,
  Brunei: 3,
};

/** The hundred homes in an interleaved order (smooth weighted round robin): any stretch has the shares. */
const HOME_CYCLE: Country[] = (() => {
  const credit = new Map<Country, number>(COUNTRIES.map((country) => [country, 0]));
  const cycle: Country[] = [];
  for (let i = 0; i < 100; i++) {
    let best: Country = COUNTRIES[0];
    for (const country of COUNTRIES) {
      credit.set(country, (credit.get(country) ?? 0) + HOME_SHARES[country]);
      if ((credit.get(country) ?? 0) > (credit.get(best) ?? 0)) best = country;
    }
    credit.set(best, (credit.get(best) ?? 0) - 100);
    cycle.push(best);
  }
  return cycle;
})();

function slug(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}

/** Indicative exchange rates to the US dollar, for rates quoted in a local currency. */
const LOCAL_CURRENCY: Partial<Record<Country, { currency: DailyRate["currency"]; perUsd: number; step: number }>> = {
  Thailand: { currency: "THB", perUsd: 34, step: 500 },
  Philippines: { currency: "PHP", perUsd: 57, step: 500 },
  Indonesia: { currency: "IDR", perUsd: 16_000, step: 100_000 },
  Vietnam: { currency: "VND", perUsd: 25_000, step: 100_000 },
  Malaysia: { currency: "MYR", perUsd: 4.4, step: 50 },
  Singapore: { currency: "SGD", perUsd: 1.33, step: 50 },
  Brunei: { currency: "BND", perUsd: 1.33, step: 50 },
};

/**
 * A daily fee range as consultants in the region quote it: national consultants from about USD 150
 * early in a career to 600 for a senior team leader (more in Singapore, Malaysia and Brunei),
 * international consultants based in the region from about 500 to 1,000. Mostly in US dollars.
 */
function dailyRate(
  random: Random,
  { years, country, international }: { years: number; country: Country; international: boolean },
) {
  if (!random.chance(0.6)) return null;
  const highIncome = country === "Singapore" || country === "Malaysia" || country === "Brunei";
  const usd =
    (international ? 450 + years * 20 : 110 + years * 17) *
    (highIncome && !international ? 1.35 : 1) *
    (0.85 + random.next() * 0.3);
  const spread = random.chance(0.3) ? 1 : 1 + random.int(1, 4) * 0.1;
  const draw = random.next();
  const local = LOCAL_CURRENCY[country];
  const quote =
    international && draw < 0.15
      ? { currency: "EUR" as const, perUsd: 0.92, step: 25 }
      : international && draw < 0.25
        ? { currency: "AUD" as const, perUsd: 1.5, step: 25 }
        : !international && local && draw < 0.2
          ? local
          : { currency: "USD" as const, perUsd: 1, step: usd >= 300 ? 25 : 10 };
  const round = (value: number) => Math.max(quote.step, Math.round(value / quote.step) * quote.step);
  const min = round(usd * quote.perUsd);
  const max = round(usd * spread * quote.perUsd);
  const visibility: RateVisibility = random.chance(0.4) ? "public" : random.chance(0.58) ? "signed-in" : "hidden";
  return { min, max: Math.max(min, max), currency: quote.currency, visibility };
}

export type GenerateOptions = {
  count: number;
  seed?: number;
  now?: Date;
  /** For large synthetic directories: allow repeated names and make e-mails unique with a tag and index. */
  uniqueSuffix?: boolean;
  emailTag?: string;
};

/** The moment the demo directory is dated from (reviews and conversations too). */
export const DEMO_NOW = new Date("2026-11-01T00:00:00Z");

/** Makes `count` consultants; spreads them over the countries (HOME_SHARES) and evenly over specializations. */
/** The languages of the countries where an assignment took place that are not its home's: Tetum in Timor-Leste… */
const NEIGHBOUR_LANGUAGES: Partial<Record<WorkCountry, string[]>> = {
  "Timor-Leste": ["Tetum"],
  Nepal: ["Nepali"],
  Bangladesh: ["Bengali"],
  "Sri Lanka": ["Tamil"],
};

/**
 * The one more language a consultant speaks: a language of the country they live in or of one
 * where they worked, not yet listed (null when there is none: the draw then adds nothing).
 */
function extraLanguage(spoken: string[], country: Country, track: GeneratedTrackRecord, random: Random): string | null {
  const places = [country, ...track.assignments.flatMap((assignment) => assignment.countries as WorkCountry[])];
  const candidates = [
    ...new Set(
      places.flatMap((place) =>
        (COUNTRIES as readonly string[]).includes(place) ? HOME_LANGUAGES[place as Country] : (NEIGHBOUR_LANGUAGES[place] ?? []),
      ),
    ),
  ].filter((language) => !spoken.includes(language));
  return candidates.length > 0 ? random.pick(candidates) : null;
}

/** The track record with the level drawn for one language moved to another (or dropped: null). */
function withLanguageRenamed(track: GeneratedTrackRecord, from: string, to: string | null): GeneratedTrackRecord {
  const { [from]: level, ...others } = track.languageLevels;
  return { ...track, languageLevels: level && to ? { ...others, [to]: level } : others };
}

/**
 * The last edit of a generated profile: a few days into the latest month its track record shows
 * (up to `now`), or when it joined if that is later. Drawn from a stream of its own, so the rest
 * of the directory stays as it was.
 */
function lastEdited(track: GeneratedTrackRecord, createdAt: Date, now: Date, seed: number, index: number) {
  const current = now.toISOString().slice(0, 7);
  const latest = track.assignments
    .flatMap((assignment) => [assignment.startDate, assignment.endDate])
    .filter((month): month is string => month !== null && month <= current)
    .sort()
    .at(-1);
  if (!latest) return createdAt;
  const days = createRandom((seed * 131 + index * 104_729 + 5) >>> 0).int(1, 27);
  const edited = new Date(`${latest}-01T00:00:00Z`).getTime() + days * 86_400_000 + ((index * 7_919) % 86_400) * 1000;
  return new Date(Math.min(now.getTime(), Math.max(createdAt.getTime(), edited)));
}

export function* generateConsultants({
  count,
  seed = 2026,
  now = DEMO_NOW,
  uniqueSuffix = false,
  emailTag = "",
}: GenerateOptions) {
  const random = createRandom(seed);
  const usedNames = new Set<string>();
  for (let i = 0; i < count; i++) {
    const country = HOME_CYCLE[i % HOME_CYCLE.length] as Country;
    // Shifted every hundred so that each country meets every specialization in a large directory.
    const primarySpecialization = PROFILE_SPECIALIZATIONS[
      (i + Math.floor(i / HOME_CYCLE.length)) % PROFILE_SPECIALIZATIONS.length
    ] as string;
    const field = FIELDS[primarySpecialization] as Field;
    const international = random.chance(0.15);
    const groups = international ? EXPATS : PEOPLE[country];
    let name = drawPerson(random, groups);
    for (let tries = 0; !uniqueSuffix && usedNames.has(name.full) && tries < 20; tries++) name = drawPerson(random, groups);
    if (!uniqueSuffix && usedNames.has(name.full))
      name = { ...name, full: `${name.full} ${String.fromCharCode(65 + (i % 26))}.` };
    usedNames.add(name.full);
    const city = random.pick(CITIES[country]);
    const yearsExperience = random.pick([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 18, 20, 22, 25, 28]);
    const homeLanguages = international ? [] : (name.group.languages ?? HOME_LANGUAGES[country]).slice(0, random.int(1, 2));
    const spoken = [
      ...new Set([
        "English",
        ...homeLanguages,
        ...(international && random.chance(0.35) ? HOME_LANGUAGES[country].slice(0, 1) : []),
      ]),
    ];
    // One consultant in five speaks one more language. It used to be any of the list (a Filipino
    // who never worked in Laos listed Lao, issue 36); the draw is kept, so that the rest of the
    // directory stays as it was, and the language becomes one of where the consultant works (below).
    const extraDrawn = random.chance(0.2) ? random.pick(LANGUAGES) : null;
    const hasExtra = extraDrawn !== null && !spoken.includes(extraDrawn);
    const secondaryPool = PROFILE_SPECIALIZATIONS.filter((s) => s !== primarySpecialization);
    const secondarySpecializations = random.sample(secondaryPool, random.int(0, 3));
    const baseTitle = random.pick(field.titles);
    const title =
      yearsExperience >= 12 && !/^Senior /.test(baseTitle)
        ? `Senior ${baseTitle}`
        : yearsExperience < 6
          ? baseTitle.replace(/^Senior /, "")
          : baseTitle;
    const generated = generateTrackRecord(
      {
        country,
        primarySpecialization,
        secondarySpecializations,
        yearsExperience,
        languages: hasExtra ? [...spoken, extraDrawn] : spoken,
        international,
      },
      { seed, index: i, now },
    );
    const extra = hasExtra ? extraLanguage(spoken, country, generated, createRandom((seed * 31 + i * 7_919 + 17) >>> 0)) : null;
    const languages = extra ? [...spoken, extra] : spoken;
    const trackRecord = hasExtra ? withLanguageRenamed(generated, extraDrawn as string, extra) : generated;
    const facts: BioFacts = { name: name.short, title, city, country, yearsExperience, languages, field, trackRecord };
    const availableForWork = random.chance(0.75);
    const emailLocal = slug(name.full) || `consultant${i}`;
    const consultant = {
      name: name.full,
      shortName: name.short,
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
      bio: writeBio(random, facts),
      showEmail: random.chance(0.6),
      showPhone: random.chance(0.4),
      availableForWork,
      availableFrom:
        !availableForWork && random.chance(0.5)
          ? `${new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + random.int(1, 6), 1)).toISOString().slice(0, 10)}`
          : null,
      rating: random.int(62, 98),
      // Product decision: once assignments exist, projects completed counts the completed ones.
      projectsCompleted: trackRecord.assignments.filter((assignment) => assignment.endDate !== null).length,
      dailyRate: dailyRate(random, { years: yearsExperience, country, international }),
      createdAt: new Date(now.getTime() - random.int(0, 1460) * 86_400_000 - random.int(0, 86_399) * 1000),
      trackRecord,
    } satisfies GeneratedConsultant;
    // After the draws above, in their order: the rest of the directory stays as it was.
    yield { ...consultant, updatedAt: lastEdited(trackRecord, consultant.createdAt, now, seed, i) };
  }
}
