import { z } from "zod";
import type { DailyRate } from "./track-record.ts";
import { boundedText } from "./zod-fields.ts";

// Shortlists (issue 13): private named lists of consultants, each entry with a private note;
// shareable read-only through a revocable link, exportable as CSV.

export const SHORTLIST_LIMITS = { lists: 50, entries: 500, name: 120, note: 2000, compare: 4 } as const;

export const SHORTLIST_TEXTS = {
  notFound: "Shortlist not found",
  consultantNotFound: "Consultant not found",
  name: "Name is required",
  nameTooLong: `Name must be at most ${SHORTLIST_LIMITS.name} characters long`,
  noteTooLong: `Note must be at most ${SHORTLIST_LIMITS.note} characters long`,
  tooManyLists: `You can keep at most ${SHORTLIST_LIMITS.lists} shortlists. Delete one you no longer need to make room.`,
  tooManyEntries: `A shortlist holds at most ${SHORTLIST_LIMITS.entries} consultants. Remove some or start another list.`,
  signIn: "You need to be signed in to keep shortlists.",
} as const;

export const shortlistNameSchema = z.object({
  name: boundedText(SHORTLIST_TEXTS.name, 1, SHORTLIST_LIMITS.name, SHORTLIST_TEXTS.nameTooLong),
});

export const shortlistEntrySchema = z.object({
  note: z.string({ error: "Note must be text" }).trim().max(SHORTLIST_LIMITS.note, SHORTLIST_TEXTS.noteTooLong).optional(),
});

/** What a list shows of a consultant: public profile fields, never contact details. */
export type ShortlistConsultant = {
  id: number;
  name: string;
  title: string;
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
};

export type ShortlistSummary = { id: number; name: string; count: number; shared: boolean; updatedAt: string };

export type ShortlistEntry = { consultant: ShortlistConsultant; note: string; addedAt: string };

export type ShortlistDetail = ShortlistSummary & { entries: ShortlistEntry[] };

/** The shared, read-only view: the list's name and consultants, without the owner's notes. */
export type SharedShortlist = { name: string; entries: { consultant: ShortlistConsultant }[] };
