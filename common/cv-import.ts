import { type LanguageLevel, TRACK_LIMITS } from "./track-record-lists.ts";

// Importing a CV (issue 34): what the import answers. Drafts, never a published change: the
// profile form fills with them, each marked "from your CV: check it", and nothing is saved until
// the consultant saves. Every value is text as the form holds it ("" when the CV did not say),
// donors, countries and languages already in their canonical spelling.

export const CV_IMPORT_LIMITS = {
  /** The upload, at most. */
  bytes: 5 * 1024 * 1024,
  /** Pages of a PDF, at most. */
  pages: 30,
  /** Reading one file, at most (a worker thread that is stopped past it). */
  seconds: 20,
  /** Memory of that worker thread, at most. */
  memoryMb: 256,
  /** Imports per person per hour. */
  perHour: 20,
} as const;

export const CV_IMPORT_FORMATS = ["europass-xml", "europass-pdf", "p11-docx", "pdf", "docx"] as const;
export type CvImportFormat = (typeof CV_IMPORT_FORMATS)[number];

export type DraftProfile = {
  name?: string;
  title?: string;
  email?: string;
  phone?: string;
  location?: string;
  country?: string;
  bio?: string;
  yearsExperience?: string;
};

export type DraftAssignment = {
  title: string;
  organization: string;
  donors: string[];
  countries: string[];
  role: string;
  /** YYYY-MM, or "" when the CV gave no month the import could read. */
  startDate: string;
  endDate: string;
  sector: string;
  description: string;
};

export type DraftEducation = { degree: string; field: string; institution: string; year: string };

export type DraftLanguage = { name: string; level: LanguageLevel | null };

export type CvDrafts = {
  profile: DraftProfile;
  assignments: DraftAssignment[];
  education: DraftEducation[];
  languages: DraftLanguage[];
};

export type CvImportResult = {
  format: CvImportFormat;
  drafts: CvDrafts;
  /** What could not be read, in plain words, one sentence each. */
  warnings: string[];
  /** The uploaded file, when the consultant asked to keep it attached to the profile. */
  attachment: { id: number; filename: string; size: number } | null;
};

/** A CV kept attached to a profile, as its owner and admins see it (the file itself is a download). */
export type KeptCvFile = { filename: string; size: number; createdAt: string };

/** Downloads of a kept CV: the owner's, and the one naming a profile (its owner and admins). */
export const KEPT_CV_PATHS = {
  own: "/api/my-consultant-profile/cv-file",
  of: (consultantId: number) => `/api/consultants/${consultantId}/cv-file`,
} as const;

export const KEPT_CV_MESSAGES = {
  notFound: "No CV file is kept with this profile",
  storageUnavailable:
    "The CV was read, but the file could not be kept just now. Please try again in a moment, or import it without keeping it.",
  removed: "CV file removed",
} as const;

export const CV_IMPORT_MESSAGES = {
  noFile: "Choose a CV file to import",
  tooLarge: `The file is too large: a CV to import may be at most ${CV_IMPORT_LIMITS.bytes / 1024 / 1024} MB`,
  tooManyPages: `The CV is too long: a CV to import may have at most ${CV_IMPORT_LIMITS.pages} pages`,
  wrongType: "This file is not a CV we can read: import a Europass XML, a PDF or a Word (.docx) document",
  unreadable:
    "This file could not be read. Save it again as a PDF or a Word (.docx) document and import that, or fill the form by hand.",
  tooSlow: `This file took too long to read (more than ${CV_IMPORT_LIMITS.seconds} seconds). Save it again as a simpler PDF or Word document, or fill the form by hand.`,
  tooBig:
    "This file needs more memory to read than a CV should. Save it again as a simpler PDF or Word document, or fill the form by hand.",
  rateLimited: "Too many imports for now. Please wait a while and try again.",
} as const;

/**
 * What an import could not read (CvImportResult.warnings), one sentence each: the API answers them
 * in English, a page shows them in its language (app/i18n/texts.ts knows each of these forms).
 */
export const CV_IMPORT_WARNINGS = {
  noText: "This PDF has no text to read (it may be a scan): fill the form by hand or import a Word version.",
  externalImages: "Images linked to outside files were ignored.",
  noExperience: "No section of work experience was found: add your assignments by hand.",
  noDatedAssignment: "No assignment with dates was found in the experience section: add them by hand.",
  noEducation: "No education section was found.",
  noP11Employment: "No employment record was found in this P11: add your assignments by hand.",
  tooManyAssignments: `Only the first ${TRACK_LIMITS.assignments} assignments were kept (the profile holds at most that many).`,
  /** A language the CV names that is not one of the profile's (its name, at most 60 characters). */
  unknownLanguage: (language: string) =>
    `The language "${language.slice(0, 60)}" is not in the list; add it by hand if it is close to one.`,
  /** An assignment (its title, at most 80 characters) whose start month could not be read. */
  noStartMonth: (assignment: string) => `Assignment "${assignment.slice(0, 80)}": the start month could not be read.`,
  noDonor: (assignment: string) => `Assignment "${assignment.slice(0, 80)}": no funding donor found; choose one.`,
  noCountry: (assignment: string) => `Assignment "${assignment.slice(0, 80)}": no country found; add where the work took place.`,
  noOrganization: (assignment: string) => `Assignment "${assignment.slice(0, 80)}": the client or employer could not be read.`,
  /** What an assignment with no title, role or organization is called in the sentences above (its place, from 1). */
  unnamedAssignment: (position: number) => `number ${position}`,
} as const;

/** ISO 639 codes of the languages the profile lists (Europass gives languages by code). */
export const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  en: "English",
  th: "Thai",
  vi: "Vietnamese",
  id: "Indonesian",
  ms: "Malay",
  zh: "Mandarin",
  fil: "Filipino",
  tl: "Filipino",
  my: "Myanmar",
  km: "Khmer",
  lo: "Lao",
  ar: "Arabic",
  bn: "Bengali",
  ceb: "Cebuano",
  nl: "Dutch",
  fr: "French",
  de: "German",
  hi: "Hindi",
  it: "Italian",
  ja: "Japanese",
  jv: "Javanese",
  ko: "Korean",
  ne: "Nepali",
  pt: "Portuguese",
  ru: "Russian",
  es: "Spanish",
  su: "Sundanese",
  ta: "Tamil",
  tet: "Tetum",
  ur: "Urdu",
  yue: "Cantonese",
  hmn: "Hmong",
  shn: "Shan",
  mnw: "Mon",
  kac: "Kachin",
  ilo: "Ilocano",
};

/** A language's ISO 639 code (the first one listed for it). */
export const LANGUAGE_CODE_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LANGUAGE_CODES)
    .reverse()
    .map(([code, name]) => [name, code]),
);

/** The generator this site's Europass export names: an import knows its own dialect by it. */
export const EUROPASS_GENERATOR = "DevConsult SEA";
