// Typed errors thrown by services; server/http/errors.ts maps them to HTTP statuses and the
// product.md error shape, and route modules map them to their error boundaries.

export { isDatabaseUnavailable } from "../db/errors.ts";

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  readonly status: number = 500;
  readonly errors?: FieldError[];
  /**
   * Fields the JSON answer carries beside `message` for a client to act on (issue 38: `{
   * secondFactorRequired: true }`, set up a second factor first; `{ reauthenticate: true }`, prove
   * it is you again). The one way an error adds to its answer: server/http/errors.ts spreads it.
   */
  readonly body?: Record<string, string | number | boolean>;
  constructor(message: string, errors?: FieldError[], body?: Record<string, string | number | boolean>) {
    super(message);
    this.name = new.target.name;
    this.errors = errors;
    this.body = body;
  }
}

/** The base of the errors that answer with one HTTP status and nothing more. */
function answering(status: number) {
  return class extends AppError {
    override readonly status = status;
  };
}

export class ValidationFailed extends answering(400) {}
export class Unauthorized extends answering(401) {}
export class Forbidden extends answering(403) {}
/**
 * A sensitive change asked of a session whose password or second factor is not recent (issue 38,
 * "sudo mode"): 403 with `reauthenticate: true`; POST /api/auth/reauthenticate, then try again.
 */
export class ReauthenticationRequired extends Forbidden {
  constructor(message: string) {
    super(message, undefined, { reauthenticate: true });
  }
}
/** The account must set up a second factor before this (ENFORCE_SECOND_FACTOR, issue 38). */
export class SecondFactorRequired extends Forbidden {
  constructor(message: string) {
    super(message, undefined, { secondFactorRequired: true });
  }
}
export class NotFound extends answering(404) {}
export class Conflict extends answering(409) {}
export class PayloadTooLarge extends answering(413) {}
export class UnsupportedMediaType extends answering(415) {}
export class TooManyRequests extends answering(429) {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/** A service we depend on (the mail server) failed or is busy: the person may try again shortly. */
export class ServiceUnavailable extends answering(503) {
  /** When to try again (Retry-After), if known. */
  readonly retryAfterSeconds?: number;
  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The first row a query found, or NotFound with `message`: the load-or-404 of the services. */
export async function firstOrNotFound<Row>(rows: PromiseLike<Row[]>, message: string): Promise<Row> {
  const [row] = await rows;
  if (row === undefined) throw new NotFound(message);
  return row;
}
