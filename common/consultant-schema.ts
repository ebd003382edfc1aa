import { z } from "zod";
import { BIO_MIN_LENGTH, COUNTRIES, PROFILE_SPECIALIZATIONS } from "./constants.ts";
import { errorPath, itemMessage } from "./error-paths.ts";
import { canonicalCity } from "./places.ts";
import { canonicalProfileLanguage, PROFILE_LANGUAGES } from "./profile-languages.ts";
import { canonicalLanguage, trackRecordFields } from "./track-record.ts";
import { bioField, booleanField, emailField, oneOf, optionalText, phoneField, requiredText, yearsField } from "./zod-fields.ts";

// The consultant profile a person submits (the form and POST/PUT /api/consultants), with the
// messages of spec section 5 word for word. One schema for the browser, the page action and
// the API. Only these fields are read: id, createdAt, rating, projectsCompleted, the owner and
// the status never come from the client (unknown keys are dropped).
//
// Every field accepts what a JSON client sends and what an HTML form sends: numbers or numeric
// text, lists or comma-separated text, booleans or checkbox values.

export const PROFILE_LIMITS = {
  name: 255,
  title: 255,
  email: 255,
  phone: 50,
  location: 255,
  city: 120,
  bio: 5000,
  yearsExperienceMax: 80,
  listItems: 15,
  listItemLength: 60,
  photoUrl: 500,
} as const;

export const PROFILE_MESSAGES = {
  name: "Name is required",
  title: "Professional title is required",
  email: "Valid email address is required",
  location: "Location is required",
  country: "Country is required",
  yearsExperience: "Years of experience is required",
  primarySpecialization: "Primary specialization is required",
  bio: "Bio must be at least 10 characters long",
} as const;

/**
 * Splits a list given as an array or as comma-separated text: items trimmed, empties dropped,
 * duplicates (ignoring case) removed, first spelling kept.
 */
export function splitList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const parts = Array.isArray(value) ? value : [value];
  if (!parts.every((part) => typeof part === "string")) return undefined;
  const seen = new Set<string>();
  const items: string[] = [];
  for (const item of (parts as string[]).flatMap((part) => part.split(","))) {
    const trimmed = item.trim().replace(/\s+/g, " ");
    const key = trimmed.toLocaleLowerCase("en");
    if (trimmed && !seen.has(key)) {
      seen.add(key);
      items.push(trimmed);
    }
  }
  return items;
}

/** What a person is told about a list field of the profile (app/i18n/texts.ts says them in id/vi/th). */
export function listTexts(label: string) {
  const lower = label.toLowerCase();
  return {
    notList: `Write the ${lower} separated by commas, or choose them from the list`,
    tooMany: `Keep at most ${PROFILE_LIMITS.listItems} ${lower}: remove the others`,
  };
}

function listField(label: string, noun: string) {
  const { listItems, listItemLength } = PROFILE_LIMITS;
  return z.preprocess(
    (value) => (value === undefined ? value : value === null ? [] : (splitList(value) ?? value)),
    z
      .array(
        z
          .string({ error: `Each ${noun} must be text` })
          .max(listItemLength, `Each ${noun} must be at most ${listItemLength} characters`),
        {
          error: listTexts(label).notList,
        },
      )
      .max(listItems, listTexts(label).tooMany)
      .optional(),
  );
}

const yearsExperience = yearsField(PROFILE_MESSAGES.yearsExperience, PROFILE_LIMITS.yearsExperienceMax, (text) =>
  /^\s*\d{1,3}\s*$/.test(text) ? Number(text) : Number.NaN,
);

const countryMessage = `Country must be one of ${COUNTRIES.join(", ")}`;
const specializationMessage = `Primary specialization must be one of ${PROFILE_SPECIALIZATIONS.join(", ")}`;
export const PROFILE_LANGUAGE_MESSAGE = `Profile language must be one of ${PROFILE_LANGUAGES.join(", ")} (BCP 47 codes), or empty when not stated`;

/**
 * The language the profile is written in (issue 37): a code of the list, any case ("TH" is "th");
 * blank or null is "not stated" (null), absent keeps what is stored.
 */
const profileLanguage = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  return value.trim() === "" ? null : (canonicalProfileLanguage(value) ?? value);
}, z.enum(PROFILE_LANGUAGES, { error: PROFILE_LANGUAGE_MESSAGE }).nullable().optional());

const fields = {
  name: requiredText(PROFILE_MESSAGES.name, "Name", PROFILE_LIMITS.name),
  title: requiredText(PROFILE_MESSAGES.title, "Professional title", PROFILE_LIMITS.title),
  email: emailField(PROFILE_MESSAGES.email, PROFILE_LIMITS.email),
  phone: phoneField(PROFILE_LIMITS.phone),
  location: requiredText(PROFILE_MESSAGES.location, "Location", PROFILE_LIMITS.location),
  // A known place is stored in its canonical spelling ("Sài Gòn" -> Ho Chi Minh City); the full
  // location stays as typed, for display.
  city: optionalText("City", PROFILE_LIMITS.city, canonicalCity),
  country: oneOf(COUNTRIES, PROFILE_MESSAGES.country, countryMessage),
  yearsExperience,
  // Languages from the controlled list, stored in canonical form ("thai" becomes "Thai").
  languages: listField("Languages", "language")
    .transform((languages, context) => {
      if (!languages) return languages;
      const canonical: string[] = [];
      for (const language of languages) {
        const name = canonicalLanguage(language);
        if (!name) {
          context.addIssue({ code: "custom", message: `Unknown language "${language}": pick one from the list` });
          return z.NEVER;
        }
        if (!canonical.includes(name)) canonical.push(name);
      }
      return canonical;
    })
    .optional(),
  primarySpecialization: oneOf(PROFILE_SPECIALIZATIONS, PROFILE_MESSAGES.primarySpecialization, specializationMessage),
  secondarySpecializations: listField("Secondary specializations", "specialization"),
  bio: bioField(PROFILE_MESSAGES.bio, BIO_MIN_LENGTH, PROFILE_LIMITS.bio),
  profileLanguage,
  profilePhotoUrl: optionalText("Profile photo URL", PROFILE_LIMITS.photoUrl),
  showEmail: booleanField("Show email publicly"),
  showPhone: booleanField("Show phone publicly"),
  availableForWork: booleanField("Available for work"),
  ...trackRecordFields,
};

/**
 * A profile as submitted. Optional fields left out are `undefined`: a new profile gets the
 * defaults of spec section 5 (`withProfileDefaults`), an update keeps the stored value.
 */
export const consultantProfileSchema = z.object(fields, { error: "Send the profile's fields, each under its name" });

export type ConsultantProfileInput = z.infer<typeof consultantProfileSchema>;

/** The spec's defaults for a new profile: lists empty, email and phone hidden, available for work. */
export function withProfileDefaults(input: ConsultantProfileInput) {
  return {
    ...input,
    phone: input.phone ?? null,
    city: input.city ?? null,
    profileLanguage: input.profileLanguage ?? null,
    profilePhotoUrl: input.profilePhotoUrl ?? null,
    languages: input.languages ?? [],
    secondarySpecializations: input.secondarySpecializations ?? [],
    showEmail: input.showEmail ?? false,
    showPhone: input.showPhone ?? false,
    availableForWork: input.availableForWork ?? true,
  };
}

/** Field errors in the product.md shape, first message per field first. */
export function profileFieldErrors(error: z.ZodError): { path: string; message: string }[] {
  // Items of a list are named by their index: `assignments[2].endDate`, "Assignment 3: ...".
  return error.issues.map((issue) => ({ path: errorPath(issue.path), message: itemMessage(issue.path, issue.message) }));
}
