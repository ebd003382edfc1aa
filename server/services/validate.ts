import type { z } from "zod";
import { errorPath, itemMessage } from "#common/error-paths.ts";
import { shapeMessage } from "#common/shape-messages.ts";
import { type FieldError, ValidationFailed } from "./errors.ts";

/**
 * A schema's issues as field errors: `path` joined with dots, list items by index
 * (`assignments[2].endDate`; "(body)" for the whole input), the schema's own message, naming the
 * item when it is about one ("Assignment 3: ...").
 */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: errorPath(issue.path), message: itemMessage(issue.path, issue.message) }));
}

/**
 * Parses a service's `unknown` input with the shared schema: the value, or ValidationFailed
 * carrying every field error, with the first one as its message (the product.md error shape).
 * Where a schema has no message of its own for a wrong shape, a person's words (shapeMessage).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, fallback = "Invalid request"): z.output<S> {
  const parsed = schema.safeParse(input, { error: shapeMessage });
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error);
  throw new ValidationFailed(errors[0]?.message ?? fallback, errors);
}
