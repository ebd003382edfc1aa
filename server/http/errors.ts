import type { Context } from "hono";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { AppError, ServiceUnavailable, TooManyRequests } from "../services/errors.ts";

export { isDatabaseUnavailable };

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 8; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

/** The client closed the connection before its request was read or answered: not a server error. */
export function isClientAbort(c: Context, error: unknown): boolean {
  if (c.req.raw.signal.aborted) return true;
  return causes(error).some((item) => {
    const { code, message } = (item ?? {}) as { code?: unknown; message?: unknown };
    return code === "ERR_STREAM_PREMATURE_CLOSE" || message === "aborted";
  });
}

/** The one place that turns a thrown error into the product.md JSON error shape. */
export function errorResponse(c: Context, error: unknown) {
  if (isClientAbort(c, error)) {
    c.get("log")?.info({ err: String(error) }, "client closed the request");
    return c.json({ message: "The request was not completed." }, 400);
  }
  if (isDatabaseUnavailable(error)) {
    c.get("log")?.warn({ err: error }, "database unavailable");
    c.header("Retry-After", "5");
    return c.json({ message: "The service is briefly unavailable. Please try again in a moment." }, 503);
  }
  if (error instanceof TooManyRequests || (error instanceof ServiceUnavailable && error.retryAfterSeconds)) {
    c.header("Retry-After", String(error.retryAfterSeconds));
  }
  if (error instanceof AppError && (error.status < 500 || error instanceof ServiceUnavailable)) {
    return c.json(
      { message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.body },
      error.status as 400,
    );
  }
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return c.json({ message: errors[0]?.message ?? "Invalid request", errors }, 400);
  }
  c.get("log")?.error({ err: error }, "unhandled error");
  return c.json({ message: "Something went wrong on our side. Please try again in a moment." }, 500);
}
