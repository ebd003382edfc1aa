import { z } from "zod";
import { PAGE_MESSAGE } from "#common/constants.ts";
import {
  AVAILABILITY_VALUES,
  COUNTRIES,
  EXPERIENCE_LEVELS,
  LANGUAGES,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  PROFILE_SPECIALIZATIONS,
  SORT_OPTIONS,
} from "./constants.ts";
import { findCountry } from "./places.ts";
import {
  type AvailabilityValue,
  type ExperienceValue,
  MAX_DONORS,
  MAX_KEYWORDS_LENGTH,
  MAX_LANGUAGES,
  type SearchParams,
  type SortValue,
} from "./search.ts";
import { canonicalCountry, canonicalDonor, DONORS } from "./track-record.ts";

// Validation of the search parameters with the messages the API returns in its 400s.

const SORT_VALUES: string[] = SORT_OPTIONS.map((option) => option.value);
const EXPERIENCE_VALUES: string[] = EXPERIENCE_LEVELS.map((level) => level.value);

/** Select boxes commonly send "all" (or nothing) for "no filter". */
function isUnset(value: string) {
  return value === "" || value.toLowerCase() === "all";
}

/** Matches a value against a fixed list ignoring case; unknown values pass through unchanged. */
function canonical<T extends string>(list: readonly T[], value: string): string {
  return list.find((item) => item.toLowerCase() === value.toLowerCase()) ?? value;
}

const filterText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === undefined || isUnset(value) ? undefined : value));

const experienceMessage = `Experience must be one of ${EXPERIENCE_VALUES.join(", ")}`;
const limitMessage = `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

export const searchParamsSchema = z.object({
  keywords: filterText("Keywords", MAX_KEYWORDS_LENGTH),
  // A country in any spelling becomes its name ("burma" -> Myanmar); a city stays as typed.
  location: filterText("Location", 120).transform((value) => value && (findCountry(value) ?? canonical(COUNTRIES, value))),
  expertise: filterText("Expertise", 120).transform((value) => value && canonical(PROFILE_SPECIALIZATIONS, value)),
  experience: z
    .string()
    .trim()
    .optional()
    // The levels are shown as "1-3 years"; accept the label as well as the value.
    .transform((value) => (value === undefined || isUnset(value) ? undefined : value.replace(/\s*years?$/i, "")))
    .refine((value) => value === undefined || EXPERIENCE_VALUES.includes(value), experienceMessage)
    .transform((value) => value as ExperienceValue | undefined),
  languages: z
    .string()
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? "")
          .split(",")
          .map((language) => language.trim())
          .filter(Boolean)
          .map((language) => canonical(LANGUAGES, language)),
      ),
    ])
    .refine((list) => list.length <= MAX_LANGUAGES, `Choose at most ${MAX_LANGUAGES} languages`)
    .refine((list) => list.every((language) => language.length <= 40), "Each language must be at most 40 characters"),
  availability: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || isUnset(value) ? undefined : value.toLowerCase()))
    .refine(
      (value) => value === undefined || (AVAILABILITY_VALUES as readonly string[]).includes(value),
      "Availability must be available or unavailable",
    )
    .transform((value) => value as AvailabilityValue | undefined),
  donor: z
    .string()
    .optional()
    .transform((value, context) => {
      const donors: string[] = [];
      for (const name of (value ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)) {
        const donor = canonicalDonor(name);
        if (!donor) {
          context.addIssue({ code: "custom", message: `Donor must be one of ${DONORS.join(", ")}` });
          return z.NEVER;
        }
        if (!donors.includes(donor)) donors.push(donor);
      }
      return donors.length > 0 ? donors : undefined;
    })
    .refine((list) => list === undefined || list.length <= MAX_DONORS, `Choose at most ${MAX_DONORS} donors`),
  workedIn: filterText("Worked in", 80).transform((value) => value && canonicalCountry(value)),
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, PAGE_MESSAGE).default(1),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(MAX_PAGE_SIZE, limitMessage)
    .default(PAGE_SIZE),
  sort: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined))
    .refine((value) => value === undefined || SORT_VALUES.includes(value), `Sort must be one of ${SORT_VALUES.join(", ")}`)
    .transform((value) => (value ?? "relevance") as SortValue),
});

// The schema's output is exactly the shared type.
searchParamsSchema satisfies z.ZodType<SearchParams, unknown>;

type RawSearchParams = Partial<Record<keyof SearchParams, string>>;

const KEYS = Object.keys(searchParamsSchema.shape) as (keyof SearchParams)[];

/**
 * The raw values of a URL's query. Languages and donors may come as one comma-separated value (the API) or
 * as repeated keys (the search form's checkboxes); both become one list.
 */
export function rawSearchParams(query: URLSearchParams): RawSearchParams {
  const raw: RawSearchParams = {};
  for (const key of KEYS) {
    const values = query.getAll(key);
    if (values.length === 0) continue;
    raw[key] = key === "languages" || key === "donor" ? values.join(",") : values[0];
  }
  return raw;
}

/** Strict: for the API, where a nonsense value is a 400 that names it. */
export function parseSearchParams(query: URLSearchParams) {
  return searchParamsSchema.safeParse(rawSearchParams(query));
}

/** Lenient: for pages, where a mangled shared link should still show results. Drops bad values. */
export function parseSearchParamsLeniently(query: URLSearchParams): SearchParams {
  return parseLeniently(searchParamsSchema, rawSearchParams(query));
}

/**
 * A query's values through a page's search schema, each value the schema refuses dropped (the
 * consultants' and the opportunities' search pages): what is left always parses.
 */
export function parseLeniently<Output>(schema: z.ZodType<Output>, raw: Record<string, unknown>): Output {
  const values = { ...raw };
  for (;;) {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) delete values[String(issue.path[0])];
  }
}
