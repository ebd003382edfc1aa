import { z } from "zod";
import { choices } from "./choices.ts";
import { MAX_ID } from "./ids.ts";
import type { OrganizationBadge } from "./organizations.ts";
import type { ProfileLanguage } from "./profile-languages.ts";
import type { DailyRate } from "./track-record.ts";
import { blankToUndefined, boundedText } from "./zod-fields.ts";

// Shortlists (issue 13): private named lists of consultants, each entry with a private note;
// shareable read-only through a revocable link, exportable as CSV.

export const SHORTLIST_LIMITS = { lists: 50, entries: 500, name: 120, note: 2000, compare: 4, notesPerEntry: 100 } as const;

/**
 * The hiring pipeline of a list (issue 31), in order; `declined` may come from any stage. Sending
 * the consultant a message moves `considering` to `contacted`, their reply moves it to `replied`.
 */
export const SHORTLIST_STAGES = choices({
  considering: "Considering",
  contacted: "Contacted",
  replied: "Replied",
  interview: "Interview",
  selected: "Selected",
  declined: "Declined",
});
export type ShortlistStage = (typeof SHORTLIST_STAGES.values)[number];

export const SHORTLIST_TEXTS = {
  notFound: "Shortlist not found",
  consultantNotFound: "Consultant not found",
  name: "Name is required",
  nameTooLong: `Name must be at most ${SHORTLIST_LIMITS.name} characters long`,
  noteTooLong: `Note must be at most ${SHORTLIST_LIMITS.note} characters long`,
  tooManyLists: `You can keep at most ${SHORTLIST_LIMITS.lists} shortlists. Delete one you no longer need to make room.`,
  tooManyEntries: `A shortlist holds at most ${SHORTLIST_LIMITS.entries} consultants. Remove some or start another list.`,
  signIn: "You need to be signed in to keep shortlists.",
  organizationId: "Choose an organization you belong to, by its id",
  stage: `Stage must be one of ${SHORTLIST_STAGES.values.join(", ")}`,
  nothingToChange: "Send a stage or a note",
  noteText: "Note is required",
  tooManyNotes: `An entry holds at most ${SHORTLIST_LIMITS.notesPerEntry} notes.`,
  deleteTeamList: "Only whoever made a team list, or the organization's owners and admins, can delete it",
} as const;

export const shortlistNameSchema = z.object({
  name: boundedText(SHORTLIST_TEXTS.name, 1, SHORTLIST_LIMITS.name, SHORTLIST_TEXTS.nameTooLong),
});

/** POST /api/shortlists: a private list, or with `organizationId` a team list of that organization. */
export const shortlistCreateSchema = shortlistNameSchema.extend({
  organizationId: z.preprocess(
    (value) => (value === "" || value === "none" ? undefined : value),
    z.coerce
      .number({ error: SHORTLIST_TEXTS.organizationId })
      .int(SHORTLIST_TEXTS.organizationId)
      .positive(SHORTLIST_TEXTS.organizationId)
      .max(MAX_ID, SHORTLIST_TEXTS.organizationId)
      .nullish(),
  ),
});

const note = z.string({ error: "Note must be text" }).trim().max(SHORTLIST_LIMITS.note, SHORTLIST_TEXTS.noteTooLong);

/** PATCH /api/shortlists/{id}/consultants/{consultantId}: move the entry to a stage, change its note, or both. */
export const shortlistEntryPatchSchema = z
  .object({
    stage: z.preprocess(blankToUndefined, z.enum(SHORTLIST_STAGES.values, { error: SHORTLIST_TEXTS.stage }).optional()),
    note: note.optional(),
  })
  .refine((value) => value.stage !== undefined || value.note !== undefined, { message: SHORTLIST_TEXTS.nothingToChange });

/** POST /api/shortlists/{id}/consultants/{consultantId}/notes: an internal note. */
export const shortlistNoteSchema = z.object({
  text: boundedText(SHORTLIST_TEXTS.noteText, 1, SHORTLIST_LIMITS.note, SHORTLIST_TEXTS.noteTooLong),
});

export const shortlistEntrySchema = z.object({
  note: z.string({ error: "Note must be text" }).trim().max(SHORTLIST_LIMITS.note, SHORTLIST_TEXTS.noteTooLong).optional(),
});

/** What a list shows of a consultant: public profile fields, never contact details. */
export type ShortlistConsultant = {
  id: number;
  name: string;
  title: string;
  /** The language the profile is written in (issue 37), or null: not stated. */
  profileLanguage: ProfileLanguage | null;
  location: string;
  country: string;
  yearsExperience: number;
  languages: string[];
  primarySpecialization: string;
  secondarySpecializations: string[];
  availableForWork: boolean;
  profilePhotoUrl: string | null;
  /** Donors of the consultant's assignments, most frequent first (at most five). */
  donors: string[];
  /** The daily rate where this viewer may see it: public, or to signed-in users for the list's owner. */
  dailyRate: DailyRate | null;
  /** The earned rating (0–100) and the reviews behind it, as the cards show them: 0 reviews is "No reviews yet". */
  rating: number;
  reviewCount: number;
};

export type ShortlistSummary = {
  id: number;
  name: string;
  count: number;
  shared: boolean;
  updatedAt: string;
  /** The organization a team list belongs to; null for a private list. */
  organization: OrganizationBadge | null;
};

/** An internal note on an entry: the consultant never sees it. */
export type ShortlistNote = { id: number; author: string; text: string; createdAt: string };

export type ShortlistEntry = {
  consultant: ShortlistConsultant;
  note: string;
  addedAt: string;
  stage: ShortlistStage;
  stageChangedAt: string;
  /** Who put the consultant on the list (a team list's member), when known. */
  addedBy: string | null;
  notes: ShortlistNote[];
};

export type ShortlistDetail = ShortlistSummary & { entries: ShortlistEntry[]; canDelete: boolean };

/** The shared, read-only view: the list's name and consultants, without its notes or stages; a team list's organization with its badge. */
export type SharedShortlist = {
  name: string;
  organization: OrganizationBadge | null;
  /** A private list's owner by their display name (never an e-mail address); null for a team list. */
  sharedBy: string | null;
  entries: { consultant: ShortlistConsultant }[];
};
