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

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 8; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

const DATABASE_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE", // a write to a connection whose server just died
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "DATABASE_DEADLINE", // no answer within the pool's statement timeout (client.ts)
  "DATABASE_DOWN", // the pooler in front of the database cannot reach it (client.ts, poolerOutage)
  "57014", // query_canceled: the server's statement_timeout
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
]);

/** The database is down, restarting, frozen or too slow: a 503 (the supervisor brings it back), not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((item) => {
    const code = (item as { code?: unknown })?.code;
    return typeof code === "string" && (DATABASE_DOWN_CODES.has(code) || code.startsWith("08"));
  });
}
