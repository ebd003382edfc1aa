import { COUNTRIES } from "#common/constants.ts";
import type { CvDrafts } from "#common/cv-import.ts";
import { placeInLocation } from "#common/places.ts";
import type { Assignment, Education, OwnTrackRecord } from "#common/track-record.ts";
import type { OwnConsultant } from "#common/views.ts";

// The profile form's values as its inputs hold them (text, lists of checked values), how a saved
// profile fills them, and how a kept draft (Conform's payload) becomes them again.

export type AssignmentFormValues = {
  /** A saved assignment's id (sent back so it keeps its references); absent for a new one. */
  id?: string;
  title: string;
  organization: string;
  donors: string[];
  /** The ASEAN countries ticked, plus the others typed (merged into `countries` when sent). */
  countries: string[];
  otherCountries: string;
  role: string;
  startDate: string;
  endDate: string;
  sector: string;
  description: string;
  /** "1" for an entry filled from an imported CV, not yet saved: the form marks it "From your CV: check it". */
  fromCv?: string;
};

export type EducationFormValues = { degree: string; field: string; institution: string; year: string; fromCv?: string };

export type ProfileFormValues = {
  name: string;
  title: string;
  email: string;
  phone: string;
  location: string;
  city: string;
  country: string;
  yearsExperience: string;
  languages: string;
  languageLevels: Record<string, string>;
  primarySpecialization: string;
  secondarySpecializations: string;
  bio: string;
  /** A code of common/profile-languages.ts, or "" (not stated). */
  profileLanguage: string;
  profilePhotoUrl: string;
  showEmail: boolean;
  showPhone: boolean;
  availableForWork: boolean;
  availableFrom: string;
  dailyRate: { min: string; max: string; currency: string };
  rateVisibility: string;
  assignments: AssignmentFormValues[];
  education: EducationFormValues[];
};

export const EMPTY_ASSIGNMENT: AssignmentFormValues = {
  title: "",
  organization: "",
  donors: [],
  countries: [],
  otherCountries: "",
  role: "",
  startDate: "",
  endDate: "",
  sector: "",
  description: "",
};

export const EMPTY_EDUCATION: EducationFormValues = { degree: "", field: "", institution: "", year: "" };

export const EMPTY_FORM: ProfileFormValues = {
  name: "",
  title: "",
  email: "",
  phone: "",
  location: "",
  city: "",
  country: "",
  yearsExperience: "",
  languages: "",
  languageLevels: {},
  primarySpecialization: "",
  secondarySpecializations: "",
  bio: "",
  profileLanguage: "",
  profilePhotoUrl: "",
  showEmail: false,
  showPhone: false,
  availableForWork: true,
  availableFrom: "",
  dailyRate: { min: "", max: "", currency: "" },
  rateVisibility: "hidden",
  assignments: [],
  education: [],
};

const isAsean = (country: string) => (COUNTRIES as readonly string[]).includes(country);

export function assignmentFormValues(assignment: Omit<Assignment, "id"> & { id?: number }): AssignmentFormValues {
  return {
    ...(assignment.id !== undefined ? { id: String(assignment.id) } : {}),
    title: assignment.title,
    organization: assignment.organization,
    donors: [...assignment.donors],
    countries: assignment.countries.filter(isAsean),
    otherCountries: assignment.countries.filter((country) => !isAsean(country)).join(", "),
    role: assignment.role ?? "",
    startDate: assignment.startDate,
    endDate: assignment.endDate ?? "",
    sector: assignment.sector ?? "",
    description: assignment.description ?? "",
  };
}

export function educationFormValues(entry: Omit<Education, "id">): EducationFormValues {
  return {
    degree: entry.degree,
    field: entry.field ?? "",
    institution: entry.institution,
    year: entry.year === null ? "" : String(entry.year),
  };
}

/** What the form shows of a saved profile: everything but its figures and dates. */
type SavedProfile = Omit<
  OwnConsultant,
  "id" | "rating" | "projectsCompleted" | "createdAt" | "status" | "statusReason" | "updatedAt"
>;

/** A saved profile and its whole track record as the form's starting values. */
export function savedFormValues(consultant: SavedProfile, track: OwnTrackRecord): ProfileFormValues {
  return {
    name: consultant.name,
    title: consultant.title,
    email: consultant.email,
    phone: consultant.phone ?? "",
    location: consultant.location,
    city: consultant.city ?? "",
    country: consultant.country,
    yearsExperience: String(consultant.yearsExperience),
    languages: consultant.languages.join(", "),
    languageLevels: { ...track.languageLevels },
    primarySpecialization: consultant.primarySpecialization,
    secondarySpecializations: consultant.secondarySpecializations.join(", "),
    bio: consultant.bio,
    profileLanguage: consultant.profileLanguage ?? "",
    profilePhotoUrl: consultant.profilePhotoUrl ?? "",
    showEmail: consultant.showEmail,
    showPhone: consultant.showPhone,
    availableForWork: consultant.availableForWork,
    availableFrom: track.availableFrom ?? "",
    dailyRate: track.dailyRate
      ? { min: String(track.dailyRate.min), max: String(track.dailyRate.max), currency: track.dailyRate.currency }
      : { min: "", max: "", currency: "" },
    rateVisibility: track.rateVisibility,
    assignments: track.assignments.map(assignmentFormValues),
    education: track.education.map(educationFormValues),
  };
}

// ---------------------------------------------------------------------------------------------
// What the form sends, made ready for the shared schema.

/** Countries typed as text ("Nepal, Timor-Leste"), one item each. */
export function splitCountries(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The form's data as the schema reads it: each assignment's typed other countries join the ticked
 * ones in `countries`; a language without a level sends none. Everything else, the other-countries text and Conform's intent included,
 * stays as sent (the schema drops what it does not know).
 */
export function normalizeProfileFormData(form: FormData): FormData {
  const entries = renumberedEntries(form);
  const normalized = new FormData();
  for (const [original, value] of form.entries()) {
    // A language whose level is "Not given" has no level.
    if (original.startsWith("languageLevels.") && value === "") continue;
    const name = entries(original);
    if (name === null) continue;
    normalized.append(name, value);
    const other = /^(assignments\[\d+\])\.otherCountries$/.exec(name);
    if (other && typeof value === "string") {
      for (const country of splitCountries(value)) normalized.append(`${other[1]}.countries`, country);
    }
  }
  return normalized;
}

/** A field of an assignment or an education entry: its list, its index, its field. */
const ENTRY_FIELD = /^(assignments|education)\[(\d+)\]\.(\w+)$/;
/** The hidden fields every entry carries, typed into by nobody. */
const UNTYPED = new Set(["id", "fromCv"]);

/**
 * Issue 36: an assignment or education entry left entirely blank ("Add" pressed, nothing typed; a
 * restored draft brings it back) is no entry: it is left out, so it cannot block saving with
 * "Assignment title is required". The entries after it move up (the indices stay dense). Answers
 * each field name's new name, or null for a field of a blank entry.
 */
function renumberedEntries(form: FormData): (name: string) => string | null {
  const typed = new Set<string>();
  const indices = { assignments: new Set<number>(), education: new Set<number>() };
  for (const [name, value] of form.entries()) {
    const match = ENTRY_FIELD.exec(name);
    if (!match) continue;
    const [, list, index, field] = match as unknown as [string, keyof typeof indices, string, string];
    indices[list].add(Number(index));
    if (!UNTYPED.has(field) && (typeof value !== "string" || value.trim() !== "")) typed.add(`${list}[${index}]`);
  }
  const renamed = new Map<string, string>();
  for (const list of ["assignments", "education"] as const) {
    const kept = [...indices[list]].sort((a, b) => a - b).filter((index) => typed.has(`${list}[${index}]`));
    for (const [position, index] of kept.entries()) renamed.set(`${list}[${index}]`, `${list}[${position}]`);
  }
  return (name) => {
    const match = ENTRY_FIELD.exec(name);
    if (!match) return name;
    const entry = renamed.get(`${match[1]}[${match[2]}]`);
    return entry === undefined ? null : `${entry}.${match[3]}`;
  };
}

// ---------------------------------------------------------------------------------------------
// A kept draft (the form's payload, as Conform parsed it) back into values.

const str = (value: unknown) => (typeof value === "string" ? value : "");
const strings = (value: unknown) =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is string => typeof item === "string");
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const isOn = (value: unknown) => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === true || last === "true" || last === "on";
};

export function draftFormValues(payload: unknown): ProfileFormValues {
  const given = record(payload);
  const text = (key: keyof ProfileFormValues) => str(given[key]);
  const rate = record(given.dailyRate);
  const levels = record(given.languageLevels);
  return {
    name: text("name"),
    title: text("title"),
    email: text("email"),
    phone: text("phone"),
    location: text("location"),
    city: text("city"),
    country: text("country"),
    yearsExperience: text("yearsExperience"),
    languages: strings(given.languages).join(", "),
    languageLevels: Object.fromEntries(Object.entries(levels).map(([language, level]) => [language, str(level)])),
    primarySpecialization: text("primarySpecialization"),
    secondarySpecializations: text("secondarySpecializations"),
    bio: text("bio"),
    profileLanguage: text("profileLanguage"),
    profilePhotoUrl: text("profilePhotoUrl"),
    showEmail: isOn(given.showEmail),
    showPhone: isOn(given.showPhone),
    availableForWork: isOn(given.availableForWork),
    availableFrom: text("availableFrom"),
    dailyRate: { min: str(rate.min), max: str(rate.max), currency: str(rate.currency) },
    rateVisibility: text("rateVisibility") || "hidden",
    assignments: (Array.isArray(given.assignments) ? given.assignments : []).map((item) => {
      const entry = record(item);
      return {
        ...(str(entry.id) ? { id: str(entry.id) } : {}),
        title: str(entry.title),
        organization: str(entry.organization),
        donors: strings(entry.donors),
        countries: strings(entry.countries).filter(isAsean),
        otherCountries: str(entry.otherCountries),
        role: str(entry.role),
        startDate: str(entry.startDate),
        endDate: str(entry.endDate),
        sector: str(entry.sector),
        description: str(entry.description),
        fromCv: str(entry.fromCv),
      };
    }),
    education: (Array.isArray(given.education) ? given.education : []).map((item) => {
      const entry = record(item);
      return {
        degree: str(entry.degree),
        field: str(entry.field),
        institution: str(entry.institution),
        year: str(entry.year),
        fromCv: str(entry.fromCv),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// An imported CV's drafts into the form (issue 34): nothing the consultant typed is overwritten.
// Empty fields take the CV's values; its assignments and degrees come first, each marked
// "From your CV: check it"; its languages join the list. Nothing is saved until the form is.

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function withImportedDrafts(values: ProfileFormValues, drafts: CvDrafts, today = new Date()): ProfileFormValues {
  const { profile } = drafts;
  const fill = (current: string, found: string | undefined) => (current.trim() ? current : (found ?? "").trim());
  const location = fill(values.location, profile.location);
  const country =
    values.country ||
    (profile.country && isAsean(profile.country) ? profile.country : (placeInLocation(location)?.country ?? ""));
  const starts = drafts.assignments
    .map((item) => item.startDate)
    .filter(Boolean)
    .sort();
  const earliest = starts[0] ? Number(starts[0].slice(0, 4)) : null;
  const yearsExperience = values.yearsExperience || (earliest ? String(Math.max(0, today.getUTCFullYear() - earliest)) : "");
  const assignments = drafts.assignments
    .filter(
      (draft) =>
        !values.assignments.some(
          (item) =>
            sameText(item.title, draft.title) &&
            sameText(item.organization, draft.organization) &&
            item.startDate === draft.startDate,
        ),
    )
    .map(
      (draft): AssignmentFormValues => ({
        title: draft.title,
        organization: draft.organization,
        donors: [...draft.donors],
        countries: draft.countries.filter(isAsean),
        otherCountries: draft.countries.filter((item) => !isAsean(item)).join(", "),
        role: draft.role,
        startDate: draft.startDate,
        endDate: draft.endDate,
        sector: draft.sector,
        description: draft.description,
        fromCv: "1",
      }),
    );
  const education = drafts.education
    .filter(
      (draft) =>
        !values.education.some((item) => sameText(item.degree, draft.degree) && sameText(item.institution, draft.institution)),
    )
    .map((draft): EducationFormValues => ({ ...draft, fromCv: "1" }));
  const listed = values.languages
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const languageLevels = { ...values.languageLevels };
  for (const language of drafts.languages) {
    if (!listed.some((item) => sameText(item, language.name))) listed.push(language.name);
    if (language.level && !languageLevels[language.name]) languageLevels[language.name] = language.level;
  }
  return {
    ...values,
    name: fill(values.name, profile.name),
    title: fill(values.title, profile.title),
    email: fill(values.email, profile.email),
    phone: fill(values.phone, profile.phone),
    location,
    city: values.city || placeInLocation(location)?.name || "",
    country,
    yearsExperience,
    bio: fill(values.bio, profile.bio),
    languages: listed.slice(0, 15).join(", "),
    languageLevels,
    assignments: [...assignments, ...values.assignments].slice(0, 50),
    education: [...education, ...values.education].slice(0, 20),
  };
}
