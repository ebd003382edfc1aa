import { msg } from "@lingui/core/macro";
import type { AlertFrequencyValue } from "#common/saved-searches.ts";

/** A saved search's alert frequencies in words (the values stay English in the forms and the API). */
export const FREQUENCY_LABELS = { off: msg`Off`, daily: msg`Daily`, weekly: msg`Weekly` } as const satisfies Record<
  AlertFrequencyValue,
  unknown
>;
