// PostgreSQL's answers that a service turns into its own typed errors.

type PgError = { code?: string; constraint_name?: string; constraint?: string };

/**
 * Whether a failed statement broke a unique index (SQLSTATE 23505), optionally the named one.
 * Drizzle wraps the driver's error; the whole cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === "object" && e !== null); ) {
    const { code, constraint_name, constraint: name } = e as PgError;
    if (code === "23505") return constraint === undefined || (constraint_name ?? name) === constraint;
    const next = (e as { cause?: unknown }).cause;
    if (next === undefined || next === e) break;
    e = next;
  }
  return false;
}
