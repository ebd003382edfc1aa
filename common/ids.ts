// Ids in paths and forms: a positive whole number within PostgreSQL's `integer`. Anything else
// names nothing (a 404, never a 500 from the database).

export const MAX_ID = 2_147_483_647;

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** The id a string names, or null when it names none. */
export function parseId(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
