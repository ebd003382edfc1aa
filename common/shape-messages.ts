import type { z } from "zod";

// What the API says when a hand-made request sends something of the wrong shape where a schema
// has no message of its own (issue 36): a person's words, as the spec's messages are ("Name is
// required"), never zod's own ("Invalid input: expected array, received string"). The field is
// named by its path's last name, written out ("senderOrganization" → "Sender organization"); the
// error's `path` says exactly where. The schemas' own messages always win over these
// (server/services/validate.ts passes this to every parse). Only the API meets them: a page's
// forms send text fields, which the schemas word themselves.

/** "senderOrganization" → "sender organization"; the body itself is "the request". */
function fieldWords(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((segment): segment is string => typeof segment === "string");
  if (!name) return "the request";
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .replace(/\b([A-Z])(?=[a-z])/g, (letter) => letter.toLowerCase())
    .trim();
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Issue = z.core.$ZodRawIssue;

function typeMessage(issue: Extract<Issue, { code: "invalid_type" }>, field: string, isBody: boolean): string {
  const Field = capitalized(field);
  if (issue.expected === "object" || issue.expected === "record") {
    return isBody ? "Send the request's fields, each under its name" : `Give ${field} as fields, each under its name`;
  }
  if (issue.expected === "array") return isBody ? "Send a list of entries" : `Add ${field} as a list of entries`;
  if (issue.input === undefined) return `${Field} is required`;
  switch (issue.expected) {
    case "string":
      return `${Field} must be text`;
    case "number":
    case "int":
    case "bigint":
      return `${Field} must be a number`;
    case "boolean":
      return `${Field} must be true or false`;
    default:
      return `${Field} is not valid`;
  }
}

function countMessage(issue: Extract<Issue, { code: "too_small" | "too_big" }>, Field: string): string {
  const bound = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
  const least = issue.code === "too_small" ? "at least" : "at most";
  switch (issue.origin) {
    case "string":
      return `${Field} must be ${least} ${bound} characters`;
    case "array":
    case "set":
      return `${Field} must have ${least} ${bound} ${bound === 1 ? "entry" : "entries"}`;
    case "number":
    case "int":
    case "bigint":
      return `${Field} must be ${least} ${bound}`;
    default:
      return `${Field} is not valid`;
  }
}

/** A person's words for a shape the schema did not word itself: pass as `error` to a parse. */
export function shapeMessage(issue: Issue): string {
  const path = issue.path ?? [];
  const field = fieldWords(path);
  const Field = capitalized(field);
  switch (issue.code) {
    case "invalid_type":
      return typeMessage(issue, field, path.length === 0);
    case "invalid_value": {
      const values = issue.values.map(String);
      return values.length === 1 ? `${Field} must be ${values[0]}` : `${Field} must be one of ${values.join(", ")}`;
    }
    case "too_small":
    case "too_big":
      return countMessage(issue, Field);
    case "unrecognized_keys":
      return `Remove what this request does not take: ${issue.keys.join(", ")}`;
    default:
      return `${Field} is not valid`;
  }
}
