import { z } from "zod";

// The field kit the schemas in common/ share. The two text pieces first (every form's required
// text and e-mail address); then the consultant fields of the owner's profile (consultant-schema.ts)
// and the admin's Edit Consultant dialog (admin-schema.ts), which accept what a JSON client sends
// and what an HTML form sends alike. Messages and limits are each form's own, so they are parameters.

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Text that must be given: trimmed, at least `min` characters (else `message`), at most `max` (else `tooLongMessage`). */
export function boundedText(message: string, min: number, max: number, tooLongMessage: string) {
  return z.string({ error: message }).trim().min(min, message).max(max, tooLongMessage);
}

/** An e-mail address, trimmed and at most `max` characters: `message` for any fault but the length. */
export function emailAddress(message: string, max: number, tooLongMessage: string = message) {
  return z
    .string({ error: message })
    .trim()
    .max(max, tooLongMessage)
    .pipe(z.email({ error: message }));
}

/** Empty or blank text counts as "not given", so a blank form field and a missing key behave alike. */
export function blankToUndefined(value: unknown) {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/** boundedText where a blank form field is a missing one (`message` either way). */
export function givenText(message: string, min: number, max: number, tooLongMessage: string) {
  return z.preprocess(blankToUndefined, boundedText(message, min, max, tooLongMessage));
}

export function requiredText(message: string, label: string, max: number) {
  return givenText(message, 1, max, tooLong(label, max));
}

/** Optional text: blank means "none" (null), absent means "not given" (undefined: keep what is stored). */
export function optionalText(label: string, max: number, normalize: (value: string) => string = (value) => value) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, tooLong(label, max))
      .transform(normalize)
      .nullable()
      .optional(),
  );
}

const TRUE_VALUES = ["true", "on", "1", "yes"];
const FALSE_VALUES = ["false", "off", "0", "no"];

/** A boolean from JSON or a form; a form sends a hidden "false" before the checkbox, so the last value wins. */
export function booleanField(label: string) {
  return z.preprocess((value) => {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last !== "string") return last;
    const normalized = last.trim().toLowerCase();
    if (TRUE_VALUES.includes(normalized)) return true;
    if (FALSE_VALUES.includes(normalized)) return false;
    return last;
  }, z.boolean({ error: `${label} must be true or false` }).optional());
}

/** One of a fixed list of values (a country, a specialization). */
export function oneOf(values: readonly string[], requiredMessage: string, unknownMessage: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredMessage })
      .trim()
      .refine((value) => values.includes(value), unknownMessage),
  );
}

export function emailField(message: string, max: number) {
  return z.preprocess(blankToUndefined, emailAddress(message, max, tooLong("Email", max)));
}

export function phoneField(max: number) {
  return optionalText("Phone", max).refine(
    (value) => value === null || value === undefined || /^[+()\d][\d\s().+-]{2,}$/.test(value),
    "Phone may contain only digits, spaces and + ( ) - .",
  );
}

export function bioField(message: string, min: number, max: number) {
  return z.preprocess(blankToUndefined, boundedText(message, min, max, tooLong("Bio", max)));
}

/**
 * Whole years of experience from 0 to `max`. `fromText` reads what a form sends (NaN when it
 * cannot); a missing value answers `requiredMessage`, anything else out of range the range.
 */
export function yearsField(requiredMessage: string, max: number, fromText: (text: string) => number) {
  const rangeMessage = `Years of experience must be a whole number from 0 to ${max}`;
  return z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === "string" ? fromText(given) : given;
    },
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : rangeMessage) })
      .int(rangeMessage)
      .min(0, rangeMessage)
      .max(max, rangeMessage),
  );
}
