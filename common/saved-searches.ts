import { z } from "zod";

// Saved searches with e-mail alerts (issue 13).

import { SAVED_SEARCH_LIMITS } from "./search.ts";
import { boundedText } from "./zod-fields.ts";

// In search.ts (free of zod: the search page's Save search form shows the limits); re-exported here.
export { SAVED_SEARCH_LIMITS };
export const alertFrequencyValues = ["off", "daily", "weekly"] as const;
export type AlertFrequencyValue = (typeof alertFrequencyValues)[number];

export const SAVED_SEARCH_TEXTS = {
  notFound: "Saved search not found",
  signIn: "You need to be signed in to save searches.",
  name: "Name is required",
  nameTooLong: `Name must be at most ${SAVED_SEARCH_LIMITS.name} characters long`,
  query: "The query must be a search's address after the ?, such as keywords=health&workedIn=Laos",
  queryTooLong: `The query must be at most ${SAVED_SEARCH_LIMITS.query} characters long`,
  frequency: "Frequency must be off, daily or weekly",
  tooMany: `You can keep at most ${SAVED_SEARCH_LIMITS.perUser} saved searches. Delete one you no longer need to make room.`,
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  duplicate: (name: string) => `You saved this search already, as “${name}”.`,
} as const;

const name = boundedText(SAVED_SEARCH_TEXTS.name, 1, SAVED_SEARCH_LIMITS.name, SAVED_SEARCH_TEXTS.nameTooLong);
const frequency = z.enum(alertFrequencyValues, { error: SAVED_SEARCH_TEXTS.frequency });

export const savedSearchCreateSchema = z.object({
  name,
  query: z
    .string({ error: SAVED_SEARCH_TEXTS.query })
    .trim()
    .max(SAVED_SEARCH_LIMITS.query, SAVED_SEARCH_TEXTS.queryTooLong)
    .transform((value) => value.replace(/^\?/, "")),
  frequency: frequency.default("off"),
});

export const savedSearchUpdateSchema = z
  .object({ name: name.optional(), frequency: frequency.optional() })
  .refine((value) => value.name !== undefined || value.frequency !== undefined, "Nothing to change: send name or frequency");

export type SavedSearchView = {
  id: number;
  name: string;
  query: string;
  frequency: AlertFrequencyValue;
  lastAlertedAt: string | null;
  createdAt: string;
};
