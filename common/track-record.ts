import { z } from "zod";
import { PROFILE_SPECIALIZATIONS } from "./constants.ts";
import type { PublicReference } from "./references.ts";
import {
  canonicalCountry,
  canonicalDonor,
  canonicalLanguage,
  type DailyRate,
  DONORS,
  LANGUAGE_LEVELS,
  type LanguageLevel,
  RATE_CURRENCIES,
  RATE_VISIBILITIES,
  type RateCurrency,
  type RateVisibility,
  TRACK_LIMITS,
} from "./track-record-lists.ts";

// A consultant's track record (issue 12): assignments with their funding donors and countries,
// education, languages with a level, availability and a daily rate. The controlled lists, the
// limits and the zod schemas with their messages, shared by the server, the form and the CV.

export * from "./track-record-lists.ts";

// ---------------------------------------------------------------------------------------------
// Schemas. Messages name the field; `trackFieldErrors` adds the item ("Assignment 3: ...") and
// the API path names both (`assignments[2].endDate`).

const HTML = /<\s*[a-zA-Z!/?]|&[a-zA-Z#][a-zA-Z0-9]*;/;

function blankToNull(value: unknown) {
  return typeof value === "string" && value.trim() === "" ? null : value;
}

function requiredText(label: string, max: number = TRACK_LIMITS.text) {
  const required = `${label} is required`;
  return z.preprocess(
    (value) => blankToNull(value) ?? undefined,
    z
      .string({ error: required })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .refine((value) => !HTML.test(value), `${label} must not contain HTML`),
  );
}

function optionalText(label: string, max: number = TRACK_LIMITS.text) {
  return z.preprocess(
    (value) => blankToNull(value) ?? null,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .refine((value) => !HTML.test(value), `${label} must not contain HTML`)
      .nullable(),
  );
}

/** A list given as an array or as comma-separated text (what a form field sends). */
function listOf(value: unknown) {
  if (typeof value === "string") return value.split(",").filter((item) => item.trim() !== "");
  return value;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const MONTH_MESSAGES = {
  start: "Start month is required, as YYYY-MM",
  startFormat: "Start month must be a month written YYYY-MM (for example 2021-03)",
  endFormat: "End month must be a month written YYYY-MM, or empty while the assignment is ongoing",
  endBeforeStart: "End month must not be before the start month",
} as const;

function validMonth(value: string) {
  const match = MONTH.exec(value);
  return match !== null && Number(match[1]) >= 1950 && Number(match[1]) <= 2100;
}

/** What a person is told about the track record's lists (app/i18n/texts.ts says them in id/vi/th). */
export const TRACK_LIST_TEXTS = {
  donors: "Choose the funding donors from the list",
  tooManyDonors: `Keep at most ${TRACK_LIMITS.donorsPerAssignment} donors: remove the others`,
  countries: "Write the countries where the work took place, separated by commas",
  tooManyCountries: `Keep at most ${TRACK_LIMITS.countriesPerAssignment} countries: remove the others`,
  tooManyAssignments: `Keep at most ${TRACK_LIMITS.assignments} assignments: remove the others`,
  tooManyEducation: `Keep at most ${TRACK_LIMITS.education} education entries: remove the others`,
} as const;

const donorsField = z.preprocess(
  listOf,
  z
    .array(
      z.string({ error: "Each donor must be text" }).transform((value, context) => {
        const donor = canonicalDonor(value);
        if (!donor) {
          context.addIssue({
            code: "custom",
            message: `Unknown donor "${value.slice(0, 60)}": choose from ${DONORS.join(", ")}`,
          });
          return z.NEVER;
        }
        return donor;
      }),
      // None ticked sends no field at all: that is "none chosen", not a list in the wrong shape.
      { error: (issue) => (issue.input === undefined ? "Choose at least one funding donor" : TRACK_LIST_TEXTS.donors) },
    )
    .min(1, "Choose at least one funding donor")
    .max(TRACK_LIMITS.donorsPerAssignment, TRACK_LIST_TEXTS.tooManyDonors)
    .transform((donors) => [...new Set(donors)]),
);

const countriesField = z.preprocess(
  listOf,
  z
    .array(
      z
        .string({ error: "Each country must be text" })
        .trim()
        .min(1, "Each country must have a name")
        .max(TRACK_LIMITS.country, `Each country must be at most ${TRACK_LIMITS.country} characters`)
        .regex(/^\p{L}[\p{L}\p{M} .'’()-]*$/u, "Each country must be a country's name")
        .transform(canonicalCountry),
      {
        error: (issue) =>
          issue.input === undefined ? "Name at least one country where the work took place" : TRACK_LIST_TEXTS.countries,
      },
    )
    .min(1, "Name at least one country where the work took place")
    .max(TRACK_LIMITS.countriesPerAssignment, TRACK_LIST_TEXTS.tooManyCountries)
    .transform((countries) => [...new Set(countries)]),
);

const sectorMessage = `Sector must be one of ${PROFILE_SPECIALIZATIONS.join(", ")}`;

/**
 * Whether an assignment is stored (a row with its own id), not one the owner's view shows while it
 * waits for review with a negative stand-in id (standInAssignmentId): only a stored one can be
 * confirmed by a reference, which hangs off its row.
 */
export function isStoredAssignment(assignment: { id: number }): boolean {
  return assignment.id > 0;
}

/**
 * The stand-in id the owner's view (changes.ts withOwnChange) gives the assignment at `index` of a
 * waiting change that has no row yet: negative, so never a row's id (isStoredAssignment), and read
 * as "new" when sent back (the assignment schema's id).
 */
export function standInAssignmentId(index: number): number {
  return -(index + 1);
}

/**
 * A saved assignment's id, sent back with it so that it keeps its references (issue 34). A negative
 * whole number is the stand-in id the owner's own view gives an assignment that waits for review
 * and is not stored yet (standInAssignmentId): sent back, it means a new assignment.
 */
const assignmentIdField = z.preprocess((value) => {
  const given = blankToNull(value) ?? undefined;
  const number = typeof given === "string" ? (/^\s*-?\d{1,10}\s*$/.test(given) ? Number(given) : Number.NaN) : given;
  return typeof number === "number" && Number.isInteger(number) && number < 0 ? undefined : number;
}, z
  .number({ error: "Assignment id must be a whole number" })
  .int("Assignment id must be a whole number")
  .positive("Assignment id must be a whole number")
  .max(2_147_483_647, "Assignment id must be a whole number")
  .optional());

export const assignmentSchema = z
  .object(
    {
      id: assignmentIdField,
      title: requiredText("Assignment title"),
      organization: requiredText("Client or employing organization"),
      donors: donorsField,
      countries: countriesField,
      role: optionalText("Role or position"),
      startDate: z.preprocess(
        (value) => blankToNull(value) ?? undefined,
        z.string({ error: MONTH_MESSAGES.start }).trim().refine(validMonth, MONTH_MESSAGES.startFormat),
      ),
      endDate: z.preprocess(
        (value) => blankToNull(value) ?? null,
        z.string({ error: MONTH_MESSAGES.endFormat }).trim().refine(validMonth, MONTH_MESSAGES.endFormat).nullable(),
      ),
      sector: z.preprocess(
        (value) => blankToNull(value) ?? null,
        z
          .string({ error: sectorMessage })
          .refine((value) => (PROFILE_SPECIALIZATIONS as readonly string[]).includes(value), sectorMessage)
          .nullable(),
      ),
      description: optionalText("Description", TRACK_LIMITS.description),
    },
    { error: "Give each assignment its title, client and dates, each under its name" },
  )
  .refine((item) => item.endDate === null || item.endDate >= item.startDate, {
    message: MONTH_MESSAGES.endBeforeStart,
    path: ["endDate"],
  });

export type AssignmentInput = z.infer<typeof assignmentSchema>;
export type Assignment = Omit<AssignmentInput, "id"> & { id: number };

const currentYear = new Date().getUTCFullYear();
const yearMessage = `Year must be a year from 1950 to ${currentYear + 8}`;

export const educationSchema = z.object(
  {
    degree: requiredText("Degree"),
    field: optionalText("Field of study"),
    institution: requiredText("Institution"),
    year: z.preprocess(
      (value) => {
        const given = blankToNull(value);
        if (typeof given === "string") return /^\s*\d{4}\s*$/.test(given) ? Number(given) : Number.NaN;
        return given ?? null;
      },
      z
        .number({ error: yearMessage })
        .int(yearMessage)
        .min(1950, yearMessage)
        .max(currentYear + 8, yearMessage)
        .nullable(),
    ),
  },
  { error: "Give each education entry its degree, institution and year, each under its name" },
);

export type EducationInput = z.infer<typeof educationSchema>;
export type Education = EducationInput & { id: number };

export const assignmentsField = z
  .array(assignmentSchema, { error: "Add assignments as a list of entries" })
  .max(TRACK_LIMITS.assignments, TRACK_LIST_TEXTS.tooManyAssignments)
  .optional();

export const educationField = z
  .array(educationSchema, { error: "Add education as a list of entries" })
  .max(TRACK_LIMITS.education, TRACK_LIST_TEXTS.tooManyEducation)
  .optional();

/** `{ "Thai": "native" }`: a level for each language that has one. Names are canonicalised. */
export const languageLevelsField = z
  .record(z.string(), z.enum(LANGUAGE_LEVELS, { error: `Each language level must be one of ${LANGUAGE_LEVELS.join(", ")}` }), {
    error: "Give each language's level under the language's name, such as English: fluent",
  })
  .transform((levels, context) => {
    const canonical: Record<string, LanguageLevel> = {};
    for (const [name, level] of Object.entries(levels)) {
      const language = canonicalLanguage(name);
      if (!language) {
        context.addIssue({ code: "custom", message: `Unknown language "${name.slice(0, 60)}": pick one from the list` });
        return z.NEVER;
      }
      canonical[language] = level;
    }
    return canonical;
  })
  .optional();

const availableFromMessage = "Available from must be a date written YYYY-MM-DD";

export const availableFromField = z.preprocess(
  (value) => (value === undefined ? undefined : (blankToNull(value) ?? null)),
  z
    .string({ error: availableFromMessage })
    .trim()
    // One check: zod runs every refinement, so a second one would see the values the first refused.
    .refine((value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const time = Date.parse(`${value}T00:00:00Z`);
      // 2025-02-30 parses (as 2 March): only a date that reads back the same is one.
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    }, availableFromMessage)
    .nullable()
    .optional(),
);

const rateMessage = `Daily rate must be a whole number from 1 to ${TRACK_LIMITS.rateMax.toLocaleString("en")}`;
const rateAmount = z.preprocess((value) => {
  const given = blankToNull(value);
  if (typeof given === "string") return /^\s*\d{1,9}\s*$/.test(given) ? Number(given) : Number.NaN;
  return given ?? null;
}, z.number({ error: rateMessage }).int(rateMessage).min(1, rateMessage).max(TRACK_LIMITS.rateMax, rateMessage).nullable());

export const dailyRateSchema = z
  .object(
    {
      min: rateAmount,
      max: rateAmount,
      currency: z.preprocess(
        (value) => blankToNull(value) ?? null,
        z.enum(RATE_CURRENCIES, { error: `Currency must be one of ${RATE_CURRENCIES.join(", ")}` }).nullable(),
      ),
    },
    { error: "Give the daily rate with its lowest and highest amounts (min, max) and its currency" },
  )
  .superRefine((rate, context) => {
    if (rate.min === null && rate.max === null) return;
    if (rate.currency === null)
      context.addIssue({ code: "custom", message: "Choose the currency of your daily rate", path: ["currency"] });
    if (rate.min === null) context.addIssue({ code: "custom", message: "Give the lowest daily rate", path: ["min"] });
    if (rate.min !== null && rate.max !== null && rate.max < rate.min) {
      context.addIssue({ code: "custom", message: "The highest daily rate must not be below the lowest", path: ["max"] });
    }
  })
  .transform((rate) =>
    rate.min === null ? null : { min: rate.min, max: rate.max ?? rate.min, currency: rate.currency as RateCurrency },
  )
  .nullable()
  .optional();

export const rateVisibilityField = z.preprocess(
  (value) => (value === undefined ? undefined : (blankToNull(value) ?? "hidden")),
  z.enum(RATE_VISIBILITIES, { error: `Rate visibility must be one of ${RATE_VISIBILITIES.join(", ")}` }).optional(),
);

/** The track-record fields of the profile schema (common/consultant-schema.ts spreads them in). */
export const trackRecordFields = {
  assignments: assignmentsField,
  education: educationField,
  languageLevels: languageLevelsField,
  availableFrom: availableFromField,
  dailyRate: dailyRateSchema,
  rateVisibility: rateVisibilityField,
};

/** What GET /api/consultants/{id} adds to the public profile (and the profile page shows). */
export type TrackRecordView = {
  assignments: Assignment[];
  /** Confirmed references of the assignments (issue 34): never the referee's e-mail. */
  references?: PublicReference[];
  education: Education[];
  languageLevels: Record<string, LanguageLevel>;
  availableFrom: string | null;
  updatedAt: Date;
  /** Null unless the viewer may see it: everyone when public, signed-in users when so chosen, the owner and admins always. */
  dailyRate: DailyRate | null;
};

/** The owner's (and admins') view adds who the rate is shown to. */
export type OwnTrackRecord = TrackRecordView & { rateVisibility: RateVisibility };
