import { data } from "react-router";
import { parseId } from "#common/ids.ts";

// Ids in page addresses and forms (see common/ids.ts): a positive whole number within PostgreSQL's
// integer, or nothing.

/** The id a path or form value names, or null. */
export function idFrom(value: FormDataEntryValue | string | null | undefined): number | null {
  return typeof value === "string" ? parseId(value) : null;
}

/** The id in a page's address; an address that names nothing is the page's 404 with `notFound`. */
export function pathIdOr404(value: string | undefined, notFound: string): number {
  const id = idFrom(value);
  if (id === null) throw data(notFound, { status: 404 });
  return id;
}
